import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HANDOVER_FILE, HANDOVER_MARKER_MS, handoverPending, takeOverHeadless } from './owner-handover.js';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A data folder whose endpoint names a live process started with `args` (its command line), flagged `headless`. */
async function folderOwnedBy(args: string[], headless: boolean): Promise<{ dataDir: string; child: ChildProcess }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-handover-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', ...args], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  const pid = child.pid ?? 0;
  writeFileSync(join(dataDir, 'owner.lock'), `${pid}\n`);
  writeFileSync(join(dataDir, 'endpoint.json'), JSON.stringify({ pid, port: 1, token: 'a-token-of-16-chars-or-more', mode: 'web', projectDir: '/p', startedAt: 1, ...(headless ? { headless: true } : {}) }));
  return { dataDir, child };
}
const exited = (child: ChildProcess): Promise<unknown> => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r)));

describe('takeOverHeadless', () => {
  it('asks a headless owner to go, and the marker makes doors wait until it is done', async () => {
    const { dataDir, child } = await folderOwnedBy(['gateway', '--headless-owner'], true);
    const handover = await takeOverHeadless(dataDir);
    expect(handover?.from).toBe(child.pid);
    await exited(child);
    expect(child.signalCode).toBe('SIGTERM');
    expect(handoverPending(dataDir)).toBe(true);
    // A marker older than HANDOVER_MARKER_MS is not honoured (a hung taker never blocks the doors).
    expect(handoverPending(dataDir, Date.now() + HANDOVER_MARKER_MS)).toBe(false);
    handover?.done();
    expect(existsSync(join(dataDir, HANDOVER_FILE))).toBe(false);
    expect(handoverPending(dataDir)).toBe(false);
  });

  it('never signals a real owner, nor a process that only claims to be headless', async () => {
    for (const [args, headless] of [
      [['serve'], false],
      [['serve'], true],
      [['gateway', '--headless-owner'], false],
    ] as const) {
      const { dataDir, child } = await folderOwnedBy([...args], headless);
      expect(await takeOverHeadless(dataDir)).toBeUndefined();
      expect(child.exitCode === null && child.signalCode === null).toBe(true);
      expect(existsSync(join(dataDir, HANDOVER_FILE))).toBe(false);
    }
  });
});
