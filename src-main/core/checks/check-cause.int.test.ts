/**
 * A check that cannot run says why (trial 6 finding 9): a saved call on a server whose command
 * path is wrong reports the server's failure — the exit and Node's "Cannot find module …" from its
 * stderr, and the failure's hint — not only that the server is in backoff. Real core, real process.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { everythingScript, makeWorld, writeOwnServers, type TempWorld } from '../composition/test-world.js';
import type { SwitchboardCore } from '../facade/types.js';

let world: TempWorld;
let core: SwitchboardCore;
beforeAll(async () => {
  world = makeWorld();
  writeOwnServers(world, { wrongpath: { command: process.execPath, args: [join(world.root, 'no-such-dir', 'sever.mjs')] } });
  mkdirSync(join(world.project, '.switchboard'), { recursive: true });
  writeFileSync(join(world.project, '.switchboard', 'broken.json'), JSON.stringify({ calls: [{ name: 'w', server: 'wrongpath', tool: 'x' }] }));
  core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'cli', version: '0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } });
  await core.start();
  await core.settled();
}, 180_000);
afterAll(async () => {
  await core?.dispose();
  world?.cleanup();
});

describe('a check on a server that does not start', () => {
  it("names the server's failure and its hint", async () => {
    expect((await core.handlers['trust:grant']({})).ok).toBe(true);
    const run = await core.handlers['checks:run']({ file: '.switchboard/broken.json' });
    if (!run.ok) throw new Error(run.error.message);
    const message = run.data.results[0]!.message ?? '';
    expect(message).toMatch(/^Server "wrongpath" is (backoff|error): tool "x" cannot be called\nProcess exited with code 1 before initializing: /);
    expect(message).toContain("Cannot find module '");
    expect(message).toContain('sever.mjs');
  }, 180_000);
});
