/**
 * Issue 9 item 6: a one-shot CLI created the data folder 0755 (the owner makes it 0700), and
 * `backups/` too. Real `switchboard` processes with the usual umask: every face makes both 0700,
 * and narrows folders an older version left open.
 */
import { chmodSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeWorld, runSwitchboard, type TempWorld } from '../core/composition/test-world.js';

let world: TempWorld;
beforeEach(() => {
  world = makeWorld();
  rmSync(world.dataDir, { recursive: true, force: true });
});
afterEach(() => world.cleanup());

const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);

describe.skipIf(process.platform === 'win32')('the data folder is private from every face (issue 9 item 6; POSIX only: file modes)', () => {
  it('one-shot status, add and edit make the data folder and backups/ 0700, and narrow ones left 0755', async () => {
    const status = await runSwitchboard(world, ['status', '--json']);
    expect(status.code).toBe(0);
    expect(mode(world.dataDir)).toBe('700');
    expect((await runSwitchboard(world, ['add', 'x', '--url', 'http://127.0.0.1:9/mcp'])).code).toBe(0);
    expect((await runSwitchboard(world, ['edit', 'x', '--env', 'A=1'])).code).toBe(0);
    expect(mode(join(world.dataDir, 'backups'))).toBe('700');
    expect(mode(join(world.dataDir, 'servers.json'))).toBe('600');
    chmodSync(world.dataDir, 0o755);
    chmodSync(join(world.dataDir, 'backups'), 0o755);
    // x cannot connect (nothing listens on port 9): status exits 2, and still narrows the folders.
    expect((await runSwitchboard(world, ['status'])).code).toBe(2);
    expect(mode(world.dataDir)).toBe('700');
    expect(mode(join(world.dataDir, 'backups'))).toBe('700');
  }, 180_000);
});
