/**
 * Issue 31 item 4, progressive discovery, real parts: the BUILT CLI's stdio door (its own headless
 * owner) in front of the MCP Apps fixture (fixtures/apps-server.mjs: `echo`, `show`, `grow`, the
 * app-only `refresh`), an SDK v2 client as the host; then a 2026-07-28 stateless SDK client on the
 * same owner's HTTP door. Off by default (the full list); `switchboard gateway --progressive on`
 * turns the aggregated door into search_tools → describe_tool → call_tool (the host is told
 * `list_changed`); a direct call by a full name still works, an unknown one says how to call; the
 * single-server path is unchanged; a tool switched off is neither found, described nor called;
 * `budget --host` reports the saving. The token is kept in the temp data folder's file store.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { runSwitchboard, waitFor } from '../core/composition/test-world.js';
import { makeFiltersWorld } from '../core/gateway/test-filters-world.js';
import { doorCleanup, stdioDoor } from './test-gateway-door.js';

const made = doorCleanup(60_000);

const OFF = 'Tool "apps_echo" is switched off for Claude Code in Switchboard; switch it on with: switchboard budget on apps echo --host claude-code';
const THREE = ['search_tools', 'describe_tool', 'call_tool'];

describe('progressive discovery through the gateway (issue 31 item 4)', () => {
  it('off by default; on: three tools in both eras, search, describe, call through the one gate', async () => {
    const world = makeFiltersWorld();
    world.env.SWITCHBOARD_SECRET_STORE = 'file';
    const transport = stdioDoor(world);
    const client = new Client({ name: 'gateway-progressive-test', version: '1.0.0' });
    made(world, client);
    let changed = 0;
    client.setNotificationHandler('notifications/tools/list_changed', () => void changed++);
    await client.connect(transport);

    // Off by default: the full list.
    const full = (await client.listTools()).tools;
    expect(full.map((t) => t.name)).toEqual(['apps_echo', 'apps_grow', 'apps_show']);

    const on = await runSwitchboard(world, ['gateway', '--host', 'claude-code', '--progressive', 'on']);
    expect(on.code, on.stderr).toBe(0);
    expect(on.stdout).toContain('Progressive discovery is on for Claude Code: its gateway door offers search_tools, describe_tool and call_tool instead of its full list');
    expect(await waitFor(() => changed > 0, 30_000)).toBe(true);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(THREE);

    const call = async (c: Client, name: string, args: Record<string, unknown>) => {
      const { content, structuredContent, isError } = await c.callTool({ name, arguments: args });
      return { content, structuredContent, isError };
    };
    // search_tools: a real server's tool by a word of its name; the app-only `refresh` ("Refreshes the view") is never found.
    expect((await call(client, 'search_tools', { query: 'echo' })).structuredContent).toEqual({ tools: [{ name: 'apps_echo', description: 'Echoes its message', server: 'apps' }] });
    expect((await call(client, 'search_tools', { query: 'view' })).structuredContent).toEqual({ tools: [{ name: 'apps_show', description: 'Shows the view', server: 'apps' }] });
    // describe_tool: the schema the full list carried.
    const echo = full.find((t) => t.name === 'apps_echo');
    expect((await call(client, 'describe_tool', { name: 'apps_echo' })).structuredContent).toEqual({ name: 'apps_echo', description: 'Echoes its message', server: 'apps', inputSchema: echo?.inputSchema });
    // call_tool, and a direct call by the full name: the same result.
    expect((await call(client, 'call_tool', { name: 'apps_echo', arguments: { message: 'hi' } })).content).toEqual([{ type: 'text', text: 'Echo: hi' }]);
    expect((await call(client, 'apps_echo', { message: 'direct' })).content).toEqual([{ type: 'text', text: 'Echo: direct' }]);
    // An unknown name, called directly, says how to call.
    const told =
      'Unknown tool "echo" for Claude Code: no tool of that name in its list through Switchboard\'s gateway; this door uses progressive discovery: use search_tools {"query": "<words>"} (for this name it finds: apps_echo), then call_tool {"name": "<a name it returned>", "arguments": {…}}';
    await expect(client.callTool({ name: 'echo', arguments: {} })).rejects.toThrow(told);
    // The call history keeps what the agent was told, hint included (a trial found only the first half).
    const refusals = await runSwitchboard(world, ['history', '--host', 'claude-code', '--json']);
    expect(refusals.code, refusals.stderr).toBe(0);
    const refused = (JSON.parse(refusals.stdout) as { refused?: { name: string; reason: string } }[]).filter((r) => r.refused?.name === 'echo');
    expect(refused.map((r) => r.refused?.reason)).toEqual([told]);
    // The app-only tool through call_tool: the gate's words, as a result the agent reads.
    expect(await call(client, 'call_tool', { name: 'apps_refresh' })).toEqual({
      content: [{ type: 'text', text: 'Tool "apps_refresh" is app-only: its server marks it for MCP Apps only (_meta.ui.visibility ["app"]), so Switchboard\'s gateway never gives it to Claude Code\'s agent' }],
      structuredContent: undefined,
      isError: true,
    });

    // A 2026-07-28 stateless client on the HTTP door: the same three tools and a working call_tool; the single-server path is unchanged.
    const http = await runSwitchboard(world, ['gateway', '--host', 'claude-code', '--print-http', '--show-token']);
    expect(http.code, http.stderr).toBe(0);
    const [url = '', token = ''] = http.stdout.trim().split('\n');
    const modern = async (path: string): Promise<Client> => {
      const c = new Client({ name: 'gateway-progressive-modern', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
      await c.connect(new StreamableHTTPClientTransport(new URL(`${url}${path}`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
      return c;
    };
    const stateless = await modern('');
    const single = await modern('/apps');
    try {
      expect((await stateless.listTools()).tools.map((t) => t.name)).toEqual(THREE);
      expect((await call(stateless, 'call_tool', { name: 'apps_echo', arguments: { message: 'modern' } })).content).toEqual([{ type: 'text', text: 'Echo: modern' }]);
      expect((await single.listTools()).tools.map((t) => t.name)).toEqual(['echo', 'grow', 'show']);

      // Switched off for Claude Code: not found, not described, call_tool refused with the gate's words.
      expect((await runSwitchboard(world, ['budget', 'off', 'apps', 'echo', '--host', 'claude-code'])).code).toBe(0);
      expect((await call(client, 'search_tools', { query: 'echo' })).structuredContent).toEqual({ tools: [] });
      expect(await call(client, 'describe_tool', { name: 'apps_echo' })).toEqual({ content: [{ type: 'text', text: OFF }], structuredContent: undefined, isError: true });
      expect(await call(client, 'call_tool', { name: 'apps_echo', arguments: { message: 'x' } })).toEqual({ content: [{ type: 'text', text: OFF }], structuredContent: undefined, isError: true });
      expect((await call(stateless, 'search_tools', { query: 'echo' })).structuredContent).toEqual({ tools: [] });
    } finally {
      await stateless.close();
      await single.close();
    }

    // The saving, counted by the budget's tokenizer: the full list against the three tools.
    const budget = await runSwitchboard(world, ['budget', '--host', 'claude-code', '--json']);
    const b = JSON.parse(budget.stdout) as { totals: { tokens: number }; progressive?: { on: boolean; fullTokens: number; progressiveTokens: number; saving: number } };
    expect(b.progressive?.on).toBe(true);
    expect(b.progressive?.fullTokens).toBe(b.totals.tokens);
    expect(b.progressive?.progressiveTokens).toBeGreaterThan(0);
    expect(b.progressive?.saving).toBe(Math.max(0, b.totals.tokens - (b.progressive?.progressiveTokens ?? 0)));

    // call_tool's calls are in the history like direct ones: the tool, the host.
    const history = JSON.parse((await runSwitchboard(world, ['history', '--json'])).stdout) as Array<{ tool: string; outcome: string; via?: { host: string } }>;
    expect(history.filter((r) => r.tool === 'echo' && r.outcome === 'ok').map((r) => r.via?.host)).toEqual(['claude-code', 'claude-code', 'claude-code']);
  }, 180_000);
});
