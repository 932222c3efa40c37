/**
 * Issue 15 item 4 through the CLI as a real child process: `switchboard status <server>` prints the
 * last connect's phases and the deprecated features in use, and `--json` carries them (with the
 * capabilities Switchboard sent), for server-everything in a one-shot core. No bound on durations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServersSnapshot } from '../../src-shared/api/status.js';
import { everythingEntry, makeWorld, runSwitchboard, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';

let world: TempWorld;
beforeAll(() => {
  world = makeWorld();
  writeOwnServers(world, { everything: everythingEntry(world) });
});
afterAll(() => world?.cleanup());

describe('switchboard status <server>: the last connect', () => {
  it('prints spawn, probe, handshake and first list, and the deprecations in use; --json carries them', async () => {
    const run = await runSwitchboard(world, ['status', 'everything']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Last connect: spawn \d+ ms · probe \d+ ms · handshake \d+ ms · first list \d+ ms \(\d+ ms\)$/m);
    expect(run.stdout).toContain('Not in 2026-07-28: initialize handshake and sessions');
    expect(run.stdout).toContain('Deprecated in 2026-07-28: Logging');

    const json = await runSwitchboard(world, ['status', 'everything', '--json']);
    expect(json.code).toBe(0);
    const state = (JSON.parse(json.stdout) as ServersSnapshot).servers[0]!;
    const t = state.connectTimings!;
    for (const ms of [t.spawnMs, t.handshakeMs, t.firstListMs]) expect(ms).toBeGreaterThanOrEqual(0);
    // The first run remembered the era in the data folder: this connect skipped the probe.
    expect(state.protocol?.remembered).toBe(true);
    expect(t.probeMs).toBeUndefined();
    expect(t.totalMs).toBeCloseTo(t.spawnMs + t.handshakeMs + t.firstListMs, 0);
    expect(state.clientCapabilities).toMatchObject({ roots: { listChanged: true }, sampling: {} });
    expect(state.deprecated?.map((d) => d.feature)).toEqual(expect.arrayContaining(['initialize handshake and sessions', 'Logging']));
  });
});
