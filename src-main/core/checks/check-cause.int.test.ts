/**
 * A check that cannot run says why (trial 6 finding 9): a saved call on a server whose command
 * path is wrong reports the server's failure — the exit and Node's "Cannot find module …" from its
 * stderr, and the failure's hint — not only that the server is in backoff. Real core, real process.
 * And a check's status comes from the typed failure (issue 29 item 3; the scripted fixture): a call
 * answered with a JSON-RPC error could not run (`error`, failure `server-error`); a tool's own
 * `isError: true` answer whose words start with `MCP error:` is an answer the assertions judge.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { everythingScript, makeWorld, writeOwnServers, type TempWorld } from '../composition/test-world.js';
import type { SwitchboardCore } from '../facade/types.js';

const SCRIPTED = fileURLToPath(new URL('../mcp/testing/fixtures/scripted-server.mjs', import.meta.url));

let world: TempWorld;
let core: SwitchboardCore;
beforeAll(async () => {
  world = makeWorld();
  writeOwnServers(world, {
    wrongpath: { command: process.execPath, args: [join(world.root, 'no-such-dir', 'sever.mjs')] },
    scripted: { command: process.execPath, args: [SCRIPTED] },
  });
  mkdirSync(join(world.project, '.switchboard'), { recursive: true });
  writeFileSync(join(world.project, '.switchboard', 'broken.json'), JSON.stringify({ calls: [{ name: 'w', server: 'wrongpath', tool: 'x' }] }));
  const notError = [{ kind: 'isError', value: false }];
  writeFileSync(
    join(world.project, '.switchboard', 'typed.json'),
    JSON.stringify({
      calls: [
        { name: 'rpc', server: 'scripted', tool: 'fail', arguments: { rpc: true }, expect: notError },
        { name: 'worded', server: 'scripted', tool: 'fail', arguments: { text: 'MCP error: the tool said so' }, expect: notError },
      ],
    }),
  );
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
    const message = run.data.results[0]?.message ?? '';
    expect(message).toMatch(/^Server "wrongpath" is (backoff|error): tool "x" cannot be called\nProcess exited with code 1 before initializing: /);
    expect(message).toContain("Cannot find module '");
    expect(message).toContain('sever.mjs');
  }, 180_000);
});

describe("a check's status comes from the typed failure", () => {
  it('is error for a JSON-RPC error and failed for the tool\'s own "MCP error:" words', async () => {
    expect((await core.handlers['trust:grant']({})).ok).toBe(true);
    const run = await core.handlers['checks:run']({ file: '.switchboard/typed.json', confirmDestructive: true });
    if (!run.ok) throw new Error(run.error.message);
    const [rpc, worded] = run.data.results;
    expect(rpc).toMatchObject({ name: 'rpc', status: 'error', failure: { code: 'server-error' }, assertions: [] });
    expect(rpc?.message).toMatch(/^MCP error: .*kaboom from the server/);
    expect(worded).toMatchObject({ name: 'worded', status: 'failed' });
    assert.exists(worded);
    expect(worded.failure).toBeUndefined();
    expect(worded.assertions.map((a) => a.passed)).toEqual([false]);
    expect({ passed: run.data.passed, failed: run.data.failed, notRun: run.data.notRun }).toEqual({ passed: 0, failed: 1, notRun: 1 });
  }, 180_000);
});
