/**
 * Issue 30 (first slice), the stdio door with real parts: the SDK v2 client spawns the BUILT CLI
 * `switchboard gateway --host claude-code` in a temp world (Claude Code's file: server-everything and
 * server-memory; Cursor's: server-memory). No owner runs, so the door starts a headless one through
 * the start-owner sequence in its own process (gateway-owner.int.test.ts: its lifetime); `switchboard budget off … --host claude-code` (a second CLI) attaches
 * to it. The client lists exactly Claude Code's tools, calls `everything_echo`, gets
 * `notifications/tools/list_changed` after the toggle, then a refusal with the words that say why;
 * `switchboard history --json` shows the call tagged with claude-code. stdout carries only JSON-RPC
 * (the client would fail on anything else). Resources and prompts: Claude Code's door advertises and
 * relays both, Cursor's (server-memory: resources, no prompts) only resources and refuses a resource of
 * server-everything with words; stopping server-everything sends both list_changed notifications;
 * `switchboard trace --json` and its text view show the gateway's requests `via claude-code`.
 */
import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { CLI_BIN, processesWithMarker, runSwitchboard, waitFor } from '../core/composition/test-world.js';
import { makeGatewayWorld } from '../core/gateway/test-gateway-world.js';
import { doorCleanup, envOf } from './test-gateway-door.js';

// The headless owner lingers out after the door (1 s here): no server of the world is left.
const made = doorCleanup();

describe('switchboard gateway: the stdio door (issue 30)', () => {
  it('lists Claude Code’s tools, calls through, tells a list change and refuses a switched-off tool', async () => {
    const { world } = makeGatewayWorld();
    world.env.SWITCHBOARD_GATEWAY_LINGER_MS = '1000';
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI_BIN, 'gateway', '--host', 'claude-code'], env: envOf(world.env), cwd: world.project, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const client = new Client({ name: 'gateway-test', version: '1.0.0' });
    made(world, client);
    let changed = 0;
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      changed++;
    });
    await client.connect(transport);

    const listed = await client.listTools();
    const names = listed.tools.map((t) => t.name);
    const memory = ['add_observations', 'create_entities', 'create_relations', 'delete_entities', 'delete_observations', 'delete_relations', 'open_nodes', 'read_graph', 'search_nodes'].map((t) => `memory_${t}`);
    expect(names.filter((n) => n.startsWith('memory_'))).toEqual(memory);
    expect(names.filter((n) => !n.startsWith('memory_') && !n.startsWith('everything_'))).toEqual([]);
    expect(names).toContain('everything_echo');
    expect(names.every((n) => /^[A-Za-z0-9_-]{1,64}$/.test(`mcp__switchboard__${n}`))).toBe(true);

    const echoed = await client.callTool({ name: 'everything_echo', arguments: { message: 'hello gateway' } });
    expect(echoed.isError ?? false).toBe(false);
    expect(echoed.content).toEqual([{ type: 'text', text: 'Echo: hello gateway' }]);

    // Switched off for Claude Code from another CLI (attached to the door's headless owner).
    const off = await runSwitchboard(world, ['budget', 'off', 'everything', 'echo', '--host', 'claude-code']);
    expect(off.code).toBe(0);
    expect(await waitFor(() => changed > 0, 30_000)).toBe(true);
    const after = (await client.listTools()).tools.map((t) => t.name);
    expect(after).toEqual(names.filter((n) => n !== 'everything_echo'));
    const refused = await client.callTool({ name: 'everything_echo', arguments: { message: 'x' } });
    expect(refused).toEqual({
      content: [{ type: 'text', text: 'Tool "everything_echo" is switched off for Claude Code in Switchboard; switch it on with: switchboard budget on everything echo --host claude-code' }],
      isError: true,
    });
    // A name that differs only in case: the unknown-tool protocol error, never a match.
    await expect(client.callTool({ name: 'Everything_Echo', arguments: { message: 'x' } })).rejects.toThrow(
      'Unknown tool "Everything_Echo" for Claude Code: it differs only in case or Unicode form from "everything_echo", and names are matched exactly',
    );

    // The call is in the history, tagged with the host that made it.
    const history = await runSwitchboard(world, ['history', 'everything', '--json']);
    expect(history.code).toBe(0);
    const records = JSON.parse(history.stdout) as Array<{ tool: string; outcome: string; via?: { host: string } }>;
    // The refused call is kept too (issue 30 item 4).
    expect(records.map((r) => [r.tool, r.via, r.outcome])).toEqual([
      ['echo', { host: 'claude-code' }, 'ok'],
      ['echo', { host: 'claude-code' }, 'refused'],
    ]);
    expect(stderr).toContain('switchboard gateway: claude-code via a headless Switchboard started for it (pid ');
  }, 180_000);

  it('writes only JSON-RPC to stdout; the single-server door lists raw names; an unknown --host is a usage error', async () => {
    const { world } = makeGatewayWorld();
    world.env.SWITCHBOARD_GATEWAY_LINGER_MS = '1000';
    const bad = await runSwitchboard(world, ['gateway', '--host', 'nohost']);
    expect(bad.code).toBe(64);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('Unknown host "nohost"');

    const child = spawn(process.execPath, [CLI_BIN, 'gateway', '--host', 'cursor', '--server', 'memory', '--project', world.project], { cwd: world.root, env: world.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', () => undefined);
    const send = (m: unknown): boolean => child.stdin.write(`${JSON.stringify(m)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'memory_read_graph', arguments: {} } });
    const answered = await waitFor(() => stdout.split('\n').filter((l) => l.includes('"id":3')).length > 0, 60_000);
    child.stdin.end();
    await new Promise((resolve) => child.once('close', resolve));
    // The host closing stdin ends the door; the headless owner it started lingers out (1 s here), servers included.
    expect(await waitFor(() => processesWithMarker(world.marker).length === 0, 30_000)).toBe(true);
    world.cleanup();
    expect(answered).toBe(true);
    const lines = stdout.split('\n').filter((l) => l !== '');
    const all = lines.map((l) => JSON.parse(l) as { jsonrpc: string; id?: number; method?: string; result?: { tools?: Array<{ name: string }> }; error?: { code: number; message: string } });
    expect(all.every((m) => m.jsonrpc === '2.0')).toBe(true);
    // A server that connected after the door answered `initialize` may be told as a list change (issue 30 item 5).
    expect(all.filter((m) => m.id === undefined).every((m) => /^notifications\/(tools|resources|prompts)\/list_changed$/.test(m.method ?? ''))).toBe(true);
    const messages = all.filter((m) => m.id !== undefined);
    expect(messages.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(messages[1]?.result?.tools?.map((t) => t.name)).toEqual(['add_observations', 'create_entities', 'create_relations', 'delete_entities', 'delete_observations', 'delete_relations', 'open_nodes', 'read_graph', 'search_nodes']);
    // The aggregated name is not a name of the single-server door.
    expect(messages[2]?.error).toEqual({ code: -32602, message: 'Unknown tool "memory_read_graph" for Cursor: no tool of that name in its list through Switchboard\'s gateway' });
  }, 180_000);

  it('relays Claude Code’s resources and prompts, refuses another host’s resource with words, and the trace shows via claude-code', async () => {
    const { world } = makeGatewayWorld();
    const door = (host: string) => new StdioClientTransport({ command: process.execPath, args: [CLI_BIN, 'gateway', '--host', host], env: envOf(world.env), cwd: world.project, stderr: 'pipe' });
    const client = new Client({ name: 'gateway-test', version: '1.0.0' });
    made(world, client);
    const changed = { resources: 0, prompts: 0 };
    client.setNotificationHandler('notifications/resources/list_changed', () => void changed.resources++);
    client.setNotificationHandler('notifications/prompts/list_changed', () => void changed.prompts++);
    await client.connect(door('claude-code'));
    // Both servers list resources and offer subscriptions; server-everything has prompts, completions and logging: those capabilities, and only those relayed.
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: true }, resources: { listChanged: true, subscribe: true }, prompts: { listChanged: true }, completions: {}, logging: {} });

    const resources = (await client.listResources()).resources;
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain('memory://knowledge-graph');
    const first = uris[0] ?? '';
    expect(first).toMatch(/^demo:\/\//);
    expect(resources.every((r) => !('server' in r))).toBe(true);
    expect((await client.listResourceTemplates()).resourceTemplates.length).toBeGreaterThan(0);
    const read = await client.readResource({ uri: first });
    expect(read.contents.map((c) => c.uri)).toEqual([first]);

    const prompts = (await client.listPrompts()).prompts.map((p) => p.name);
    expect(prompts).toContain('everything_simple-prompt');
    expect(prompts.every((n) => n.startsWith('everything_'))).toBe(true);
    const got = await client.getPrompt({ name: 'everything_simple-prompt', arguments: {} });
    expect(got.messages.length).toBeGreaterThan(0);
    await expect(client.getPrompt({ name: 'simple-prompt', arguments: {} })).rejects.toThrow(
      'Unknown prompt "simple-prompt" for Claude Code: no prompt of that name in its list through Switchboard\'s gateway',
    );

    // Cursor's door (attached to the same headless owner): memory has no prompts, so none are advertised;
    // a resource of server-everything, outside Cursor's list, is refused with words.
    const other = new Client({ name: 'gateway-test-cursor', version: '1.0.0' });
    await other.connect(door('cursor'));
    try {
      expect(other.getServerCapabilities()).toEqual({ tools: { listChanged: true }, resources: { listChanged: true, subscribe: true } });
      expect((await other.listResources()).resources.map((r) => r.uri)).toEqual(['memory://knowledge-graph']);
      await expect(other.readResource({ uri: first })).rejects.toThrow(
        `Unknown resource "${first}" for Cursor: no resource or resource template of its servers gives that URI through Switchboard's gateway`,
      );
      await expect(other.readResource({ uri: `switchboard-gateway://everything/${first}` })).rejects.toThrow(
        `Resource "switchboard-gateway://everything/${first}": server "everything" is not in Cursor's servers`,
      );
    } finally {
      await other.close();
    }

    // The trace: the gateway's call and read carry the host; `trace --json` and the text view show it.
    await client.callTool({ name: 'everything_echo', arguments: { message: 'traced' } });
    const json = await runSwitchboard(world, ['trace', 'everything', '--method', 'tools/call', '--json']);
    expect(json.code).toBe(0);
    const entries = json.stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as { kind: string; via?: { host: string } });
    expect(entries.map((e) => [e.kind, e.via])).toEqual([
      ['request', { host: 'claude-code' }],
      ['response', { host: 'claude-code' }],
    ]);
    const text = await runSwitchboard(world, ['trace', 'everything', '--method', 'resources/read']);
    expect(text.code).toBe(0);
    const lines = text.stdout.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => / everything [→←] (req|res) +resources\/read #\d+ ([\d.]+ ms )?via claude-code \{/.test(l))).toBe(true);

    // server-everything stops: its resources and prompts leave the lists, and the host is told.
    // (A server that connected after the door answered `initialize` may have told one already: item 5.)
    const before = { ...changed };
    expect((await runSwitchboard(world, ['stop', 'everything'])).code).toBe(0);
    expect(await waitFor(() => changed.resources > before.resources && changed.prompts > before.prompts, 30_000)).toBe(true);
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(['memory://knowledge-graph']);
    expect((await client.listPrompts()).prompts).toEqual([]);
  }, 180_000);
});

