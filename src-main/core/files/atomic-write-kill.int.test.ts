/**
 * Issue 27 item 3 (docs/security.md#data-files): a writer killed (SIGKILL, a real child process)
 * between writing its temp file and the rename leaves no copy others may read — the temp file is
 * 0600 even for a 0644 host config file — and the next write of the same file removes the temps
 * of writers that are dead.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-write.js';
import { StateStore } from '../data/state-store.js';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/**
 * Run, in a child process, `writer(target, text, { beforeRename })` from `module` (its export
 * `fn`), where `beforeRename` says `paused` and never returns; SIGKILL the child once paused.
 */
async function killMidWrite(module: string, fn: string, target: string, text: string): Promise<void> {
  const code = `import { ${fn} } from ${JSON.stringify(fileURLToPath(new URL(module, import.meta.url)))};
await ${fn}(${JSON.stringify(target)}, ${JSON.stringify(text)}, { beforeRename: () => { process.stdout.write('paused\\n'); return new Promise(() => {}); } });`;
  const script = join(root, 'writer.mts');
  writeFileSync(script, code);
  // One process (tsx's CLI would fork a grandchild that survives the kill).
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const paused = await new Promise<boolean>((resolve) => {
    child.stdout.once('data', () => resolve(true));
    child.once('close', () => resolve(false));
  });
  expect(paused).toBe(true);
  child.kill('SIGKILL');
  await new Promise((r) => child.once('close', r));
}

const temps = (dir: string, name: string): string[] => readdirSync(dir).filter((f) => f.startsWith(`.${name}.`) && f.endsWith('.tmp'));

describe('a writer killed between temp file and rename (issue 27 item 3)', () => {
  it('a host config file (0644): the temp left behind is 0600, and the next write removes it', async () => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'sb-kill-')));
    const target = join(root, 'settings.json');
    writeFileSync(target, '{"old": true}\n', { mode: 0o644 });
    await killMidWrite('./atomic-write.ts', 'writeFileAtomic', target, '{"secret": "sk-live-123"}\n');
    const left = temps(root, 'settings.json');
    expect(left).toHaveLength(1);
    expect(statSync(join(root, left[0]!)).mode & 0o777).toBe(0o600);
    expect(readFileSync(target, 'utf8')).toBe('{"old": true}\n');

    await writeFileAtomic(target, '{"new": true}\n');
    expect(temps(root, 'settings.json')).toEqual([]);
    expect(readFileSync(target, 'utf8')).toBe('{"new": true}\n');
    // The host file keeps its own mode.
    expect(statSync(target).mode & 0o777).toBe(0o644);
  }, 60_000);

  it('a data file: the temp left behind is 0600, and the next write by its store removes it', async () => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'sb-kill-')));
    await new StateStore(root).update('manualStops', () => ({ a: 'f1' }));
    await killMidWrite('../data/data-files.ts', 'writeDataFile', join(root, 'state.json'), '{"manualStops": {}}\n');
    const left = temps(root, 'state.json');
    expect(left).toHaveLength(1);
    expect(statSync(join(root, left[0]!)).mode & 0o777).toBe(0o600);

    await new StateStore(root).update('ui', () => ({ selected: 'a' }));
    expect(temps(root, 'state.json')).toEqual([]);
    expect(JSON.parse(readFileSync(join(root, 'state.json'), 'utf8'))).toEqual({ manualStops: { a: 'f1' }, ui: { selected: 'a' } });
  }, 60_000);
});
