/**
 * Issue 28 item 10 (ChatCLI's MCP docs: "servers that do not implement push answer 405/404/501 on the
 * GET and the listener stops cleanly, no retry"): a Streamable HTTP server answering the optional GET
 * listener with 404 or 501 is logged once, calmly, as offering no stream — not as a transport error —
 * and stays connected.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../../composition/switchboard-core.js';
import { everythingScript, makeWorld, waitFor, writeOwnServers, type TempWorld } from '../../composition/test-world.js';
import type { SwitchboardCore } from '../../facade/types.js';
import { startStreamableFaultServer, type FaultServer } from '../testing/fixtures/http-fault-servers.js';

let world: TempWorld | undefined;
let core: SwitchboardCore | undefined;
let server: FaultServer | undefined;
afterEach(async () => {
  await core?.dispose();
  await server?.close();
  world?.cleanup();
});

describe('a GET listener answered 404 or 501', () => {
  it.each([404, 501])('%i: one calm line, no transport error, still connected', async (status) => {
    server = await startStreamableFaultServer({ getStatus: status });
    world = makeWorld();
    writeOwnServers(world, { ev: { transport: 'http', url: `${server.base}/mcp` } });
    core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'cli', version: '0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } });
    await core.start();
    await core.settled();
    expect(await waitFor(() => server!.requests.includes('GET /mcp'), 15_000)).toBe(true);
    const lines = async () => {
      const r = await core!.handlers['logs:get']({ server: 'ev' });
      return r.ok ? r.data.map((l) => l.text) : [];
    };
    expect(await waitFor(async () => (await lines()).some((l) => l.includes('no stream')), 10_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    const all = await lines();
    expect(all.filter((l) => l.includes('no stream'))).toEqual([`the server offers no stream of its own (GET answered ${status}): no stream offered, so it can push nothing unasked; replies still come`]);
    expect(all.filter((l) => l.includes('transport error'))).toEqual([]);
    const listed = await core.handlers['servers:list']({});
    expect(listed.ok && listed.data.servers[0]!.status).toBe('connected');
  });
});
