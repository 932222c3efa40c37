/**
 * A call's arguments as large as the README allows (`call --args @file`, up to 32 MiB) also go
 * through a running Switchboard (attack pass, issue 32): the owner's WebSocket took 16 MiB, so with
 * `serve` running a 20 MiB call failed as "The running Switchboard closed the connection", while the
 * same call without one worked. A real `serve` owner and the CLI attached to it; the call names no
 * server, so the owner's answer (not a server's handling of 17 MiB) is what is checked.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, runSwitchboard, stubRenderer, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';
import { endServedOwner, startServedOwner, type ServedOwner } from './fixtures/served-owner.js';

let world: TempWorld;
let owner: ServedOwner | undefined;

beforeAll(async () => {
  world = makeWorld();
  stubRenderer(world);
  writeOwnServers(world, {});
  owner = await startServedOwner(world);
}, 180_000);

afterAll(async () => {
  await endServedOwner(owner, world);
  world?.cleanup();
});

describe('large arguments through a running Switchboard', () => {
  it('a frame over the old 16 MiB is taken: the owner answers it (here: no such server), it does not close the connection', async () => {
    if (!owner) throw new Error('serve did not start');
    const message = 'x'.repeat(17 * 1024 * 1024);
    const r = await owner.api.call('tools:call', { server: 'nope', tool: 'echo', args: { message } });
    expect(r).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    // The connection is still there for the next call.
    const next = await owner.api.call('servers:list', {});
    expect(next.ok).toBe(true);
    // And the CLI attached to the owner says the same for a 17 MiB --args file.
    const file = join(world.root, 'big-args.json');
    writeFileSync(file, JSON.stringify({ message }));
    const run = await runSwitchboard(world, ['call', 'nope', 'echo', '--args', `@${file}`]);
    expect(run.stderr).not.toContain('closed the connection');
    expect(run.stderr).toContain('nope');
  }, 240_000);
});
