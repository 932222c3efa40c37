/**
 * Issue 30 items 2 and 4 through the stdio door, real parts: the BUILT CLI's `switchboard gateway`
 * (its own headless owner) in front of the MCP Apps fixture (fixtures/apps-server.mjs). An app-only
 * tool, a tool switched off for the host and a tool held by a pin in `block` mode are each refused
 * on every path the stdio door serves: the SDK v2 client on the aggregated door, and raw JSON-RPC
 * lines on the single-server door (`--server apps`) — plain `tools/call`, `tools/call` with a
 * `task` param (tasks), a name differing only in case, and in Unicode form (full-width, NFD). The
 * app-only tool is never listed; `_meta.ui` of a listed tool passes. `switchboard history --json`
 * holds the refusals with their host.
 * Item 5 (first sentence): beside the healthy fixture, `gone` (a command that does not exist) and
 * `mute` (never answers `initialize`): with no owner running (the door starts a headless one) the
 * door answers `initialize` within the 5 s the issue names, measured from spawn (the bound,
 * not a tighter one), and the healthy server's tools are listed complete.
 */
import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { CLI_BIN, runSwitchboard, waitFor } from '../core/composition/test-world.js';
import { makeFiltersWorld } from '../core/gateway/test-filters-world.js';
import { APP_ONLY, doorCleanup, OFF, PINNED, stdioDoor } from './test-gateway-door.js';

const made = doorCleanup(60_000);

describe('the stdio door refuses app-only, off and pin-blocked tools on every path (issue 30)', () => {
  it('aggregated and single-server, plain, with a task, by case and Unicode form', async () => {
    const world = makeFiltersWorld();
    const transport = stdioDoor(world);
    const client = new Client({ name: 'gateway-filters-test', version: '1.0.0' });
    made(world, client);
    let changed = 0;
    client.setNotificationHandler('notifications/tools/list_changed', () => void changed++);
    await client.connect(transport);

    const listed = (await client.listTools()).tools;
    expect(listed.map((t) => t.name)).toEqual(['apps_echo', 'apps_grow', 'apps_show']);
    expect((await client.callTool({ name: 'apps_show', arguments: {} })).content).toEqual([{ type: 'text', text: 'shown' }]);
    await expect(client.callTool({ name: 'apps_refresh', arguments: {} })).rejects.toThrow(APP_ONLY('apps_refresh'));

    // Off for Claude Code, and a tool added under a block-mode pin (from other CLIs, attached to the door's owner).
    expect((await runSwitchboard(world, ['budget', 'off', 'apps', 'echo', '--host', 'claude-code'])).code).toBe(0);
    expect((await runSwitchboard(world, ['pins', 'mode', 'apps', 'block'])).code).toBe(0);
    expect((await client.callTool({ name: 'apps_grow', arguments: {} })).content).toEqual([{ type: 'text', text: 'added grown' }]);
    expect(await waitFor(async () => (await runSwitchboard(world, ['pins', 'apps', '--json'])).stdout.includes('"grown"'), 30_000, 250)).toBe(true);
    expect(await waitFor(() => changed > 0, 30_000)).toBe(true);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['apps_grow', 'apps_show']);
    expect(await client.callTool({ name: 'apps_echo', arguments: { message: 'x' } })).toEqual({ content: [{ type: 'text', text: OFF('apps_echo') }], isError: true });
    expect(await client.callTool({ name: 'apps_grown', arguments: {} })).toEqual({ content: [{ type: 'text', text: PINNED('apps_grown') }], isError: true });

    // The single-server door over raw lines: plain calls, calls with a task, case and Unicode forms.
    const child = spawn(process.execPath, [CLI_BIN, 'gateway', '--host', 'claude-code', '--server', 'apps', '--project', world.project], { cwd: world.root, env: world.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', () => undefined);
    const send = (m: unknown): boolean => child.stdin.write(`${JSON.stringify(m)}\n`);
    send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const calls: Array<[string, Record<string, unknown>]> = [
      ['refresh', {}],
      ['echo', {}],
      ['grown', {}],
      ['refresh', { task: { ttl: 60_000 } }],
      ['echo', { task: { ttl: 60_000 } }],
      ['grown', { task: { ttl: 60_000 } }],
      ['Refresh', {}],
      ['ECHO', { task: { ttl: 60_000 } }],
      ['\uFF52efresh', {}],
      ['e\u0301cho', {}],
    ];
    calls.forEach(([name, extra], i) => send({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name, arguments: { message: 'x' }, ...extra } }));
    const answered = await waitFor(() => stdout.includes(`"id":${calls.length}`), 60_000);
    child.stdin.end();
    await new Promise((resolve) => child.once('close', resolve));
    expect(answered).toBe(true);
    const byId = new Map(
      stdout
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as { id: number; result?: unknown; error?: { code: number; message: string } })
        .map((m) => [m.id, m.error ?? m.result]),
    );
    const notFound = (message: string) => ({ code: -32602, message });
    const held = (text: string) => ({ content: [{ type: 'text', text }], isError: true });
    expect(calls.map((_, i) => byId.get(i + 1))).toEqual([
      notFound(APP_ONLY('refresh')),
      held(OFF('echo')),
      held(PINNED('grown')),
      notFound(APP_ONLY('refresh')),
      held(OFF('echo')),
      held(PINNED('grown')),
      notFound('Unknown tool "Refresh" for Claude Code: it differs only in case or Unicode form from "refresh", and names are matched exactly'),
      notFound('Unknown tool "ECHO" for Claude Code: it differs only in case or Unicode form from "echo", and names are matched exactly'),
      notFound('Unknown tool "\uFF52efresh" for Claude Code: it differs only in case or Unicode form from "refresh", and names are matched exactly'),
      notFound('Unknown tool "e\u0301cho" for Claude Code: no tool of that name in its list through Switchboard\'s gateway'),
    ]);

    // Every refusal is in the history with its host; none of the refused tools ran.
    const history = JSON.parse((await runSwitchboard(world, ['history', '--json'])).stdout) as Array<{ tool: string; outcome: string; via?: { host: string }; refused?: { name: string } }>;
    expect(history.filter((r) => r.outcome !== 'refused').map((r) => [r.tool, r.outcome])).toEqual([
      ['show', 'ok'],
      ['grow', 'ok'],
    ]);
    expect(history.filter((r) => r.outcome === 'refused').length).toBe(3 + calls.length);
    expect(history.every((r) => r.via?.host === 'claude-code')).toBe(true);
  }, 180_000);
});

describe('the gateway’s start-up with dead backends (issue 30 item 5)', () => {
  it('answers initialize within 5 s of spawn beside a missing command and a mute server, lists the healthy tools complete', async () => {
    const world = makeFiltersWorld({ dead: true });
    const transport = stdioDoor(world);
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const client = new Client({ name: 'gateway-startup-test', version: '1.0.0' });
    made(world, client);
    const spawned = Date.now();
    await client.connect(transport);
    const initialized = Date.now() - spawned;
    expect(initialized, `initialize answered after ${initialized} ms; stderr:\n${stderr}`).toBeLessThan(5_000);

    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['apps_echo', 'apps_grow', 'apps_show']);
  }, 180_000);
});
