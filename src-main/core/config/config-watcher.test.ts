/**
 * The watcher on real files, asked with `check()` (its own timer parked), issue 29 item 4: a
 * rewrite that leaves every stat field as it was — same size, same inode, an mtime within the file
 * system's timestamp granularity (forced here with `utimes`) — is still a change while the file is
 * recent: its bytes are compared.
 */
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigWatcher } from './config-watcher.js';

let root: string | undefined;
let watcher: ConfigWatcher | undefined;
afterEach(() => {
  watcher?.close();
  if (root) rmSync(root, { recursive: true, force: true });
  watcher = undefined;
  root = undefined;
});

describe('ConfigWatcher', () => {
  it('sees a same-size rewrite within the same timestamp tick', async () => {
    root = mkdtempSync(join(tmpdir(), 'sb-watch-'));
    const file = join(root, 'mcp.json');
    const tick = new Date(Math.floor(Date.now() / 1000) * 1000);
    writeFileSync(file, '{"a":1}\n');
    utimesSync(file, tick, tick);
    watcher = new ConfigWatcher({ debounceMs: 3_600_000, onChange: () => undefined });
    watcher.setFiles([file]);
    const before = statSync(file);
    writeFileSync(file, '{"a":2}\n');
    utimesSync(file, tick, tick);
    const after = statSync(file);
    expect([after.size, after.mtimeMs, after.ino]).toEqual([before.size, before.mtimeMs, before.ino]);
    expect(await watcher.check()).toEqual([file]);
    expect(await watcher.check()).toEqual([]);
  });

  it('a file that did not change is not reported', async () => {
    root = mkdtempSync(join(tmpdir(), 'sb-watch-'));
    const file = join(root, 'mcp.json');
    writeFileSync(file, '{"a":1}\n');
    watcher = new ConfigWatcher({ debounceMs: 3_600_000, onChange: () => undefined });
    watcher.setFiles([file]);
    expect(await watcher.check()).toEqual([]);
  });
});
