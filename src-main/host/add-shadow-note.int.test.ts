/**
 * `add` says when the new definition now shadows another of the same name, as copy/export and
 * import do (a "break it" trial: `add ev` hid Claude Code's `ev` with no word). Real CLI processes
 * in a temp HOME.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, runSwitchboard, type TempWorld } from '../core/composition/test-world.js';

let world: TempWorld;
beforeAll(() => {
  world = makeWorld();
});
afterAll(() => world?.cleanup());

describe('add over a name another host defines', () => {
  it('notes that the new definition now shadows it, and which one runs', async () => {
    const claude = join(world.home, '.claude.json');
    writeFileSync(claude, JSON.stringify({ mcpServers: { ev: { type: 'http', url: 'https://one.example/mcp' } } }, null, 2));
    const run = await runSwitchboard(world, ['add', 'ev', '--url', 'https://two.example/mcp']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`note: "ev" in ${join(world.dataDir, 'servers.json')} now shadows Claude Code ${claude}: this definition is the one Switchboard runs`);
    const json = await runSwitchboard(world, ['add', 'other', '--url', 'https://three.example/mcp', '--json']);
    expect(JSON.parse(json.stdout)).not.toHaveProperty('nowShadows');
  });
});
