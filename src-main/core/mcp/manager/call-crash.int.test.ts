/**
 * A server that dies during a call (trial 6 finding 3): the call's result names the exit code and
 * the server's last stderr lines — through the core's `tools:call`, as the CLI and the window get
 * it, and in the call history (`history:get`) — instead of only "MCP error: Connection closed".
 * A real stdio process (fixtures/raw-stdio-server.mjs `die`).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../../composition/switchboard-core.js';
import { everythingScript, makeWorld, writeOwnServers, type TempWorld } from '../../composition/test-world.js';
import type { SwitchboardCore } from '../../facade/types.js';

const RAW = fileURLToPath(new URL('../testing/fixtures/raw-stdio-server.mjs', import.meta.url));

let world: TempWorld;
let core: SwitchboardCore;
beforeAll(async () => {
  world = makeWorld();
  writeOwnServers(world, { crashy: { command: process.execPath, args: [RAW] } });
  core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'web', version: '0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } });
  await core.start();
  await core.settled();
}, 180_000);
afterAll(async () => {
  await core?.dispose();
  world?.cleanup();
});

describe('a call that crashes its server', () => {
  it('fails with the exit code and the stderr tail, in the result and in history', async () => {
    const res = await core.handlers['tools:call']({ server: 'crashy', tool: 'die', args: { message: 'FATAL: out of widgets', code: 3 } } as never);
    if (!res.ok) throw new Error(res.error.message);
    const result = res.data as { isError: boolean; text: string; failure?: { code: string } };
    expect(result.isError).toBe(true);
    // The fixture prints `pid <n>` at start: the tail quotes the last stderr lines, the crash's last.
    expect(result.text).toMatch(/^MCP error: Connection closed — the server process exited with code 3 during this call: pid \d+\nFATAL: out of widgets$/);
    expect(result.failure).toMatchObject({ code: 'process-exited', retryable: true });
    const list = await core.handlers['history:list']({ server: 'crashy' });
    if (!list.ok) throw new Error(list.error.message);
    const record = await core.handlers['history:get']({ id: list.data[list.data.length - 1]!.id });
    if (!record.ok) throw new Error(record.error.message);
    expect(record.data.resultText).toBe(result.text);
  }, 180_000);
});
