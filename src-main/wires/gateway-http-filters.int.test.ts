/**
 * Issue 30 items 2 and 4 through the HTTP door, real parts: a real owner (the kit's `startOwnerIn`, its
 * real 127.0.0.1 listener) over the MCP Apps fixture world (fixtures/apps-server.mjs), Claude
 * Code's bearer made by the BUILT CLI's `gateway --print-http --show-token`. An app-only tool, a
 * tool switched off for Claude Code and a tool held by a pin in `block` mode are never listed and
 * are each refused with their words, in both eras (2025-11-25 by default, 2026-07-28 pinned), on
 * the aggregated and the single-server path, by case; in a JSON-RPC batch (the SDK accepts one
 * on a 2025-era POST) each call passes the same gate, and none of the refused tools ran. Issue 31
 * item 3: with Claude Code read-only, no tool without readOnlyHint is offered or runs, on the same paths.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { runSwitchboard, waitFor } from '../core/composition/test-world.js';
import { makeFiltersWorld } from '../core/gateway/test-filters-world.js';
import { APP_ONLY, gatewayCleanup, OFF, PINNED, startOwnerIn } from '../host/test-gateway-door.js';
import { printedHttp } from './test-fixtures.js';

const track = gatewayCleanup();
const READ_ONLY = (name: string): string =>
  `Tool "${name}" is not read-only (its server does not annotate it readOnlyHint: true), and Claude Code's gateway is read-only in Switchboard; switch that off with: switchboard guard claude-code --read-only off`;

describe('the HTTP door refuses app-only, off and pin-blocked tools (issue 30)', () => {
  it('in both eras, aggregated and single-server, by case, and a batch', async () => {
    const world = makeFiltersWorld();
    const made = track(world);
    const owner = await startOwnerIn(made);
    await owner.core.settled();
    const { url, token } = await printedHttp(world, 'claude-code');
    const headers = { Authorization: `Bearer ${token}` };
    const connect = async (path: string, modern: boolean): Promise<Client> => {
      const client = new Client({ name: 'gateway-http-filters', version: '1.0.0' }, modern ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {});
      made.clients.push(client);
      await client.connect(new StreamableHTTPClientTransport(new URL(`${url}${path}`), { requestInit: { headers } }));
      return client;
    };

    // Off for Claude Code; a tool added under a block-mode pin.
    expect((await runSwitchboard(world, ['budget', 'off', 'apps', 'echo', '--host', 'claude-code'])).code).toBe(0);
    expect((await runSwitchboard(world, ['pins', 'mode', 'apps', 'block'])).code).toBe(0);
    const first = await connect('', false);
    expect((await first.callTool({ name: 'apps_grow', arguments: {} })).content).toEqual([{ type: 'text', text: 'added grown' }]);
    expect(await waitFor(async () => (await runSwitchboard(world, ['pins', 'apps', '--json'])).stdout.includes('"grown"'), 30_000, 250)).toBe(true);

    for (const modern of [false, true]) {
      for (const single of [false, true]) {
        const client = await connect(single ? '/apps' : '', modern);
        const n = (tool: string): string => (single ? tool : `apps_${tool}`);
        const where = `${modern ? '2026-07-28' : '2025'} ${single ? 'single' : 'aggregated'}`;
        expect((await client.listTools()).tools.map((t) => t.name), where).toEqual([n('grow'), n('show')]);
        await expect(client.callTool({ name: n('refresh'), arguments: {} }), where).rejects.toThrow(APP_ONLY(n('refresh')));
        // (A 2026-07-28 result also carries the server's info in `_meta`.)
        const held = async (name: string, args: Record<string, unknown>) => {
          const { content, isError } = await client.callTool({ name, arguments: args });
          return { content, isError };
        };
        expect(await held(n('echo'), { message: 'x' }), where).toEqual({ content: [{ type: 'text', text: OFF(n('echo')) }], isError: true });
        expect(await held(n('grown'), {}), where).toEqual({ content: [{ type: 'text', text: PINNED(n('grown')) }], isError: true });
        await expect(client.callTool({ name: n('REFRESH'), arguments: {} }), where).rejects.toThrow(
          `Unknown tool "${n('REFRESH')}" for Claude Code: it differs only in case or Unicode form from "${n('refresh')}", and names are matched exactly`,
        );
      }
    }

    // A JSON-RPC batch (2025-era POST), within a session: a 2025-era POST without one must be `initialize`.
    const opened = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
    const opener = new Client({ name: 'gateway-http-filters-batch', version: '1.0.0' });
    made.clients.push(opener);
    await opener.connect(opened);
    const session = { 'Mcp-Session-Id': opened.sessionId ?? '', 'Mcp-Protocol-Version': opened.protocolVersion ?? '' };
    expect(session['Mcp-Session-Id']).not.toBe('');
    const batch = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers, ...session },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'apps_refresh', arguments: {} } },
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'apps_echo', arguments: { message: 'x' } } },
      ]),
    });
    // The SDK accepts the batch and answers each request (SSE events); each passed the same gate.
    expect(batch.status).toBe(200);
    const answers = (await batch.text())
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice('data: '.length)) as { id: number; result?: unknown; error?: unknown })
      .sort((a, b) => a.id - b.id);
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32602, message: APP_ONLY('apps_refresh') } },
      { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: OFF('apps_echo') }], isError: true } },
    ]);
    const history = await owner.core.handlers['history:list']({ server: 'apps' });
    expect(history.ok && history.data.filter((r) => r.outcome !== 'refused').map((r) => r.tool)).toEqual(['grow']);

    // Issue 31 item 3: read-only for Claude Code (set by the CLI through this owner). The fixture
    // annotates no tool readOnlyHint, so none is offered, and one called by name is refused in words.
    expect((await runSwitchboard(world, ['guard', 'claude-code', '--read-only', 'on'])).code).toBe(0);
    for (const modern of [false, true]) {
      for (const single of [false, true]) {
        const client = await connect(single ? '/apps' : '', modern);
        const name = single ? 'grow' : 'apps_grow';
        const where = `read-only ${modern ? '2026-07-28' : '2025'} ${single ? 'single' : 'aggregated'}`;
        expect((await client.listTools()).tools, where).toEqual([]);
        const { content, isError } = await client.callTool({ name, arguments: {} });
        expect({ content, isError }, where).toEqual({ content: [{ type: 'text', text: READ_ONLY(name) }], isError: true });
      }
    }
  }, 180_000);
});
