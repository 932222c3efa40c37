/**
 * The watcher on real files, asked with `check()` (its own timer parked), issue 29 item 4:
 * - a rewrite that leaves every stat field as it was — same size, same inode, an mtime within the
 *   file system's timestamp granularity (forced here with `utimes`) — is still a change while the
 *   file is recent: its bytes are compared;
 * - the core's own writes (the real atomic writer with an `OwnWrites` recorder) are skipped, exactly
 *   those bytes and only once.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../files/atomic-write.js';
import { ConfigWatcher } from './config-watcher.js';
import { contentSignature, OwnWrites } from '../files/own-writes.js';

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

function setup(): { file: string; own: OwnWrites; w: ConfigWatcher } {
  root = mkdtempSync(join(tmpdir(), 'sb-own-'));
  mkdirSync(join(root, 'cfg'));
  const file = join(root, 'cfg', 'mcp.json');
  writeFileSync(file, '{"a":1}\n');
  const own = new OwnWrites();
  watcher = new ConfigWatcher({ ownWrites: own, debounceMs: 3_600_000, onChange: () => undefined });
  watcher.setFiles([file]);
  return { file, own, w: watcher };
}

describe('own writes', () => {
  it('the writer returns and records the new content signature; the watcher skips that write only', async () => {
    const { file, own, w } = setup();
    const sig = await writeFileAtomic(file, '{"a":2}\n', { ownWrites: own });
    expect(sig).toBe(contentSignature('{"a":2}\n'));
    expect(await w.check()).toEqual([]);
    // Right after (same size, the same second): another program's bytes are a change.
    writeFileSync(file, '{"a":3}\n');
    expect(await w.check()).toEqual([file]);
    // The record was used up: the same bytes we wrote, written again from outside, are a change too.
    writeFileSync(file, '{"a":2}\n');
    expect(await w.check()).toEqual([file]);
  });

  it('an outside write that lands before the watcher looked is reported, and the record is dropped', async () => {
    const { file, own, w } = setup();
    await writeFileAtomic(file, '{"a":2}\n', { ownWrites: own });
    writeFileSync(file, '{"a":9}\n');
    expect(await w.check()).toEqual([file]);
    expect(own.claim(file)).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('{"a":9}\n');
  });

  it('a write without a recorder (another core, a one-shot CLI) is a change', async () => {
    const { file, w } = setup();
    await writeFileAtomic(file, '{"a":2}\n');
    expect(await w.check()).toEqual([file]);
  });
});
