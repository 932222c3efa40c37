/**
 * `servers:clearStop` (issue 11 item 1: offline `switchboard start` is a contract call): on a core
 * that starts nothing it forgets the manual stop in state.json and starts no process; an unknown or
 * disabled server is refused with the words `servers:start` uses, and nothing is written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { ok, trackCores } from '../composition/test-cores.js';
import { everythingScript, makeWorld, processesWithMarker, writeOwnServers, type TempWorld } from '../composition/test-world.js';

const open = trackCores();

/** A core over `world` that starts no server (what the CLI uses when no owner runs). */
function offlineCore(world: TempWorld) {
  const core = createSwitchboardCore(
    { platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'cli', version: '0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } },
    { onlyServers: [] },
  );
  open.push({ world, core });
  return core;
}

const manualStops = (world: TempWorld): unknown => (JSON.parse(readFileSync(join(world.dataDir, 'state.json'), 'utf8')) as { manualStops?: unknown }).manualStops;

describe('servers:clearStop', () => {
  it('forgets a manual stop without starting the server', async () => {
    const world = makeWorld();
    const server = { command: process.execPath, args: [everythingScript(), 'stdio'], env: { SB_MARKER: world.marker } };
    writeOwnServers(world, { everything: server, other: server });
    const core = offlineCore(world);
    await core.start();
    await ok(core.handlers['servers:stop']({ server: 'everything' }));
    await ok(core.handlers['servers:stop']({ server: 'other' }));
    expect(Object.keys(manualStops(world) as object).sort()).toEqual(['everything', 'other']);

    const snapshot = await ok(core.handlers['servers:clearStop']({ server: 'everything' }));
    const everything = snapshot.servers.find((s) => s.server.name === 'everything');
    expect(everything?.status).toBe('stopped');
    expect(everything?.manualStop).toBeUndefined();
    expect(snapshot.servers.find((s) => s.server.name === 'other')).toMatchObject({ manualStop: true });
    expect(Object.keys(manualStops(world) as object)).toEqual(['other']);
    expect(processesWithMarker(world.marker)).toEqual([]);
  }, 120_000);

  it('refuses an unknown or disabled server as servers:start does', async () => {
    const world = makeWorld();
    writeOwnServers(world, { off: { command: process.execPath, args: [everythingScript(), 'stdio'], enabled: false } });
    const core = offlineCore(world);
    await core.start();
    expect(await core.handlers['servers:clearStop']({ server: 'nope' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: 'Unknown server "nope"' } });
    expect(await core.handlers['servers:clearStop']({ server: 'off' })).toMatchObject({
      ok: false,
      error: { code: 'DISABLED', message: 'Server "off" is disabled. Run switchboard enable off first.' },
    });
  }, 120_000);
});
