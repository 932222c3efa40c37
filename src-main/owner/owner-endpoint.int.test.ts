import { writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { makeWorld, type TempWorld } from '../core/composition/test-world.js';
import { createSwitchboardCore } from '../core/composition/switchboard-core.js';
import type { SwitchboardCore } from '../core/facade/types.js';
import { acquireOwnership, OwnedElsewhereError, readLiveEndpoint } from './ownership.js';
import { startOwnerEndpoint } from './owner-endpoint.js';
import { connectToOwner } from '../wires/remote-api.js';

let world: TempWorld | undefined;
let core: SwitchboardCore | undefined;
afterEach(async () => {
  await core?.dispose();
  world?.cleanup();
  core = undefined;
  world = undefined;
});

describe('the desktop app as an owner (API-only endpoint)', () => {
  it('publishes an endpoint the CLI client can call; no static files; released on exit', async () => {
    world = makeWorld();
    const again = acquireOwnership(world.dataDir);
    // Another process asking while we (alive) hold it is refused.
    expect(() => acquireOwnership(world!.dataDir, process.pid + 1_000_000)).toThrow(OwnedElsewhereError);
    core = createSwitchboardCore({
      platform: world.platform,
      projectDir: world.project,
      dataDir: world.dataDir,
      mode: 'electron',
      version: '0.0.0-test',
      referenceServer: { command: process.execPath, args: [] },
    });
    const endpoint = await startOwnerEndpoint(core, again, 'electron', world.project);
    const live = readLiveEndpoint(world.dataDir)!;
    expect(live).toMatchObject({ pid: process.pid, port: endpoint.port, mode: 'electron' });
    const api = await connectToOwner(live);
    const info = await api.call('app:info', {});
    expect(info).toMatchObject({ ok: true, data: { mode: 'electron', projectDir: world.project } });
    const page = await fetch(`http://127.0.0.1:${endpoint.port}/`);
    expect(page.status).toBe(404);
    api.close();
    await endpoint.close();
    again.release();
    expect(readLiveEndpoint(world.dataDir)).toBeUndefined();
  });

  it('a live holder is refused with OwnedElsewhereError; a dead holder is taken over', () => {
    world = makeWorld();
    const lock = `${world.dataDir}/owner.lock`;
    writeFileSync(lock, `${process.ppid}\n`);
    expect(() => acquireOwnership(world!.dataDir)).toThrow(OwnedElsewhereError);
    writeFileSync(lock, '999999999\n');
    const taken = acquireOwnership(world.dataDir);
    taken.release();
  });
});
