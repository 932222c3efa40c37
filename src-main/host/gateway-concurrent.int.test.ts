/**
 * Issue 30 § Benchmark, as a correctness test (no timing): 100 calls in flight at once through each
 * door lose nothing and mix nothing up. A real owner (the kit's `startOwnerIn`: a real core, its 127.0.0.1
 * listener) over the gateway world (Claude Code's file: server-everything and server-memory); the
 * BUILT CLI's stdio door `switchboard gateway --host claude-code` attached to it, and the HTTP door
 * with Claude Code's bearer (`--print-http --show-token`). Each of the 100 `everything_echo` calls
 * on a door carries its own text and must get exactly `Echo: <its text>` back; the call history then
 * holds every call of the last hundred once, tagged with claude-code. The bench (`npm run bench -- --only=gateway`) times the same.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { runSwitchboard } from '../core/composition/test-world.js';
import { makeGatewayWorld } from '../core/gateway/test-gateway-world.js';
import { printedHttp } from '../wires/test-fixtures.js';
import { gatewayCleanup, startOwnerIn, stdioDoor } from './test-gateway-door.js';

const track = gatewayCleanup();

/** 100 echo calls at once through `client`, each with its own text; what each got back. */
async function hundredAtOnce(client: Client, tag: string): Promise<Array<{ sent: string; got: unknown }>> {
  return Promise.all(
    Array.from({ length: 100 }, async (_, i) => {
      const sent = `${tag} call ${i}`;
      const r = await client.callTool({ name: 'everything_echo', arguments: { message: sent } });
      return { sent, got: r.content };
    }),
  );
}

describe('the gateway’s doors under 100 concurrent calls (issue 30)', () => {
  it('answers every call through the stdio door and the HTTP door with its own text', async () => {
    const { world } = makeGatewayWorld();
    const made = track(world);
    await startOwnerIn(made);

    const stdio = new Client({ name: 'gateway-concurrent-test', version: '1.0.0' });
    made.clients.push(stdio);
    const transport = stdioDoor(world);
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    await stdio.connect(transport);
    // The door attached to the running owner (it started none of its own).
    expect((await stdio.listTools()).tools.map((t) => t.name)).toContain('everything_echo');
    expect(stderr).toContain(`switchboard gateway: claude-code via the running Switchboard (pid ${process.pid})`);

    const viaStdio = await hundredAtOnce(stdio, 'stdio');
    expect(viaStdio.map((r) => r.got)).toEqual(viaStdio.map((r) => [{ type: 'text', text: `Echo: ${r.sent}` }]));

    const { url, token } = await printedHttp(world, 'claude-code');
    const http = new Client({ name: 'gateway-concurrent-test', version: '1.0.0' });
    made.clients.push(http);
    await http.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    const viaHttp = await hundredAtOnce(http, 'http');
    expect(viaHttp.map((r) => r.got)).toEqual(viaHttp.map((r) => [{ type: 'text', text: `Echo: ${r.sent}` }]));

    // Every call of the last batch is in the history once (it keeps 100 per server), tagged with the host.
    const history = await runSwitchboard(world, ['history', 'everything', '--json']);
    expect(history.code).toBe(0);
    const records = JSON.parse(history.stdout) as Array<{ tool: string; args?: { message?: string }; via?: { host: string } }>;
    expect(records.map((r) => r.args?.message ?? '').sort()).toEqual(viaHttp.map((r) => r.sent).sort());
    expect(records.map((r) => [r.tool, r.via])).toEqual(records.map(() => ['echo', { host: 'claude-code' }]));
  }, 180_000);
});
