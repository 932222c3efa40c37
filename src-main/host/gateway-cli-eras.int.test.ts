/**
 * Issue 30 item 1 ("downstream both eras") and item 2 (completions), the stdio door with real parts:
 * the SDK v2 client spawns the BUILT CLI `switchboard gateway --host claude-code` in the gateway
 * world (server-everything and server-memory) once pinned to 2026-07-28 (`server/discover`, then
 * stateless requests with the per-request `_meta` envelope) and once in the 2025 era (`initialize`,
 * 2025-11-25). Both get the same tools, the same call and the same completion through the door's
 * one MCP server (the SDK's `serveStdio` picks the era from the opening message), and both are told
 * `notifications/tools/list_changed` after a tool is switched off for the host. The 2025-era client
 * subscribes to a resource of server-everything and hears `notifications/resources/updated`, and
 * hears server-everything's log messages named `everything`, above the level it set.
 */
import { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { runSwitchboard, waitFor } from '../core/composition/test-world.js';
import { makeGatewayWorld } from '../core/gateway/test-gateway-world.js';
import { gatewayCleanup, stdioDoor } from './test-gateway-door.js';

const track = gatewayCleanup();

describe('switchboard gateway: the stdio door in both eras (issue 30)', () => {
  it('serves a 2026-07-28 client and a 2025-era client the same tools, call and completions, and relays subscriptions and logging in the 2025 era', async () => {
    const { world } = makeGatewayWorld();
    const made = track(world);
    const door = () => stdioDoor(world);

    const legacy = new Client({ name: 'gateway-eras-test', version: '1.0.0' });
    made.clients.push(legacy);
    await legacy.connect(door());
    expect(legacy.getProtocolEra()).toBe('legacy');
    expect(legacy.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    const names = (await legacy.listTools()).tools.map((t) => t.name);
    expect(names).toContain('everything_echo');
    expect(names.filter((n) => n.startsWith('memory_')).length).toBe(9);

    const modern = new Client({ name: 'gateway-eras-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    made.clients.push(modern);
    const changed = { legacy: 0, modern: 0 };
    legacy.setNotificationHandler('notifications/tools/list_changed', () => void changed.legacy++);
    modern.setNotificationHandler('notifications/tools/list_changed', () => void changed.modern++);
    await modern.connect(door());
    expect(modern.getProtocolEra()).toBe('modern');
    expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    // 2026-07-28: list changes come on a `subscriptions/listen` stream the client opens.
    expect((await modern.listen({ toolsListChanged: true })).honoredFilter).toEqual({ toolsListChanged: true });
    expect((await modern.listTools()).tools.map((t) => t.name)).toEqual(names);
    for (const [client, message] of [
      [legacy, 'hello 2025'],
      [modern, 'hello 2026'],
    ] as const) {
      const echoed = await client.callTool({ name: 'everything_echo', arguments: { message } });
      expect(echoed.content).toEqual([{ type: 'text', text: `Echo: ${message}` }]);
    }
    // Completions: server-everything declares them, so the door advertises and relays them (prompt
    // arguments with context, a resource template's variable); an unknown prompt is -32602 with words.
    for (const client of [legacy, modern]) {
      expect(client.getServerCapabilities()?.completions).toEqual({});
      const departments = await client.complete({ ref: { type: 'ref/prompt', name: 'everything_completable-prompt' }, argument: { name: 'department', value: 'S' } });
      expect(departments.completion.values).toEqual(['Sales', 'Support']);
      const people = await client.complete({ ref: { type: 'ref/prompt', name: 'everything_completable-prompt' }, argument: { name: 'name', value: 'A' }, context: { arguments: { department: 'Engineering' } } });
      expect(people.completion.values).toEqual(['Alice']);
      const ids = await client.complete({ ref: { type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' }, argument: { name: 'resourceId', value: '7' } });
      expect(ids.completion.values).toEqual(['7']);
      await expect(client.complete({ ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'department', value: '' } })).rejects.toThrow(
        'Unknown prompt "completable-prompt" for Claude Code: no prompt of that name in its list through Switchboard\'s gateway',
      );
      await expect(client.complete({ ref: { type: 'ref/resource', uri: 'demo://nowhere/{id}' }, argument: { name: 'id', value: '' } })).rejects.toThrow(
        'Unknown resource template "demo://nowhere/{id}" for Claude Code: no resource template of its servers has that URI template through Switchboard\'s gateway',
      );
    }
    // A list change reaches both: the 2025 era unsolicited, 2026-07-28 on the client's `subscriptions/listen` stream.
    expect((await runSwitchboard(world, ['budget', 'off', 'everything', 'echo', '--host', 'claude-code'])).code).toBe(0);
    await waitFor(() => changed.legacy > 0 && changed.modern > 0, 30_000);
    expect(changed).toEqual({ legacy: 1, modern: 1 });
    expect((await modern.listTools()).tools.map((t) => t.name)).toEqual(names.filter((n) => n !== 'everything_echo'));
    // Resource subscriptions: relayed in the 2025 era (2026-07-28 subscribes on its listen stream: not advertised).
    expect(legacy.getServerCapabilities()?.resources).toEqual({ listChanged: true, subscribe: true });
    expect(modern.getServerCapabilities()?.resources).toEqual({ listChanged: true });
    const uri = (await legacy.listResources()).resources.map((r) => r.uri).find((u) => u.startsWith('demo://')) ?? '';
    const updated: string[] = [];
    legacy.setNotificationHandler('notifications/resources/updated', (n) => void updated.push(n.params.uri));
    // Logging (2025 era): the servers' log messages come named by server, above the level the host set.
    expect(legacy.getServerCapabilities()?.logging).toEqual({});
    expect(modern.getServerCapabilities()?.logging).toBeUndefined();
    const logged: Array<{ level: string; logger?: string; data: unknown }> = [];
    legacy.setNotificationHandler('notifications/message', (n) => void logged.push(n.params));
    await legacy.subscribeResource({ uri });
    // server-everything logs each (un)subscribe at info: with no level set, the door forwards it, named by server.
    expect(await waitFor(() => logged.some((m) => String(m.data).startsWith('Received Subscribe')), 30_000)).toBe(true);
    expect(logged.find((m) => String(m.data).startsWith('Received Subscribe'))).toEqual({ level: 'info', logger: 'everything', data: `Received Subscribe Resource request for URI: ${uri} ` });
    // server-everything sends an update for each subscribed URI at once when this tool starts its updates.
    expect((await legacy.callTool({ name: 'everything_toggle-subscriber-updates', arguments: {} })).isError ?? false).toBe(false);
    expect(await waitFor(() => updated.includes(uri), 30_000)).toBe(true);
    // Above "warning" only: the unsubscribe's info line (logged after the level was set) is not forwarded.
    await legacy.setLoggingLevel('warning');
    await legacy.unsubscribeResource({ uri });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(logged.filter((m) => String(m.data).startsWith('Received Unsubscribe'))).toEqual([]);
    await expect(legacy.subscribeResource({ uri: 'demo://nowhere' })).rejects.toThrow('Unknown resource "demo://nowhere" for Claude Code');
    await legacy.callTool({ name: 'everything_toggle-subscriber-updates', arguments: {} });
    // An unknown tool is the same protocol error in both eras.
    await expect(modern.callTool({ name: 'everything_nope', arguments: {} })).rejects.toThrow('Unknown tool "everything_nope" for Claude Code: no tool of that name in its list through Switchboard\'s gateway');
  });
});
