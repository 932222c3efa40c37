/**
 * Issue 30 items 1–2 with real parts: the HTTP door's 2025-era sessions and its resources and
 * prompts. A real owner (`startTestOwner`: a real core on its real 127.0.0.1 listener) over the
 * gateway world (Claude Code: server-everything + server-memory; Cursor: server-memory); the BUILT
 * CLI makes each host's token; the SDK v2 client's StreamableHTTPClientTransport is the host.
 * A 2025-11-25 client gets an `Mcp-Session-Id` and its GET stream carries
 * `notifications/tools/list_changed` after `switchboard budget off … --host claude-code` (another
 * CLI); an unknown or ended (DELETE) session is 404 `Session not found`; the session's id on another
 * host's door (with that host's token) or another path of its own host is 403 with words. Resources,
 * templates and prompts are relayed in both eras, under the same names as the stdio door.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { runSwitchboard, waitFor } from '../core/composition/test-world.js';
import { connectHttp, printedHttp, startHttpDoor, stopHttpDoor, type HttpDoorTest } from './test-fixtures.js';

let made: HttpDoorTest | undefined;

afterEach(async () => {
  const t = made;
  made = undefined;
  if (t) await stopHttpDoor(t);
});

describe('the gateway’s HTTP door: sessions, list changes, resources and prompts (issue 30)', () => {
  it('gives a 2025-era client a session bound to its door and token, tells it list changes, and ends it on DELETE', async () => {
    const t = (made = await startHttpDoor());
    const { world, base } = t;
    const claude = (await printedHttp(world, 'claude-code')).token;
    const cursor = (await printedHttp(world, 'cursor')).token;

    const { client, transport } = await connectHttp(t, `${base}/claude-code`, claude);
    const sessionId = transport.sessionId ?? '';
    expect(sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: true }, resources: { listChanged: true }, prompts: { listChanged: true }, completions: {} });
    let changed = 0;
    client.setNotificationHandler('notifications/tools/list_changed', () => void changed++);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('everything_echo');

    // Switched off for Claude Code by another CLI: the session's GET stream carries list_changed.
    const off = await runSwitchboard(world, ['budget', 'off', 'everything', 'echo', '--host', 'claude-code']);
    expect(off.code).toBe(0);
    expect(await waitFor(() => changed > 0, 30_000)).toBe(true);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(names.filter((n) => n !== 'everything_echo'));

    const post = (path: string, token: string, id: string) =>
      fetch(`${base}/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${token}`, 'Mcp-Session-Id': id, 'Mcp-Protocol-Version': '2025-11-25' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} }),
      });
    // The session's id, with the session's own token, on its own path: served.
    expect((await post('claude-code', claude, sessionId)).status).toBe(200);
    // Another host's door with that host's token: 403; another path of its own host: 403.
    const foreign = await post('cursor', cursor, sessionId);
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: "This session belongs to Claude Code's gateway path; open a session on this path with an initialize POST" });
    const sideways = await post('claude-code/everything', claude, sessionId);
    expect(sideways.status).toBe(403);
    expect(await sideways.json()).toEqual({ error: "This session belongs to another of Claude Code's gateway paths; open a session on this path with an initialize POST" });
    // An id that is no session: 404, the SDK's JSON-RPC error.
    const unknown = await post('claude-code', claude, randomUUID());
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });

    // A 2026-07-28 client stays stateless (no session) and hears of changes on its subscriptions/listen stream.
    const modern = await connectHttp(t, `${base}/claude-code`, claude, '2026-07-28');
    expect(modern.transport.sessionId).toBe(undefined);
    let modernChanged = 0;
    modern.client.setNotificationHandler('notifications/tools/list_changed', () => void modernChanged++);
    const subscription = await modern.client.listen({ toolsListChanged: true });
    const on = await runSwitchboard(world, ['budget', 'on', 'everything', 'echo', '--host', 'claude-code']);
    expect(on.code).toBe(0);
    expect(await waitFor(() => modernChanged > 0, 30_000)).toBe(true);
    expect((await modern.client.listTools({}, { cacheMode: 'bypass' })).tools.map((x) => x.name)).toEqual(names);
    await subscription.close();

    // DELETE ends the session; its id is then unknown.
    await transport.terminateSession();
    const ended = await post('claude-code', claude, sessionId);
    expect(ended.status).toBe(404);
    expect(await ended.json()).toEqual({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });
  }, 180_000);

  it('relays resources, templates and prompts in both eras, with the stdio door’s names and refusals', async () => {
    const t = (made = await startHttpDoor());
    const { world, base } = t;
    const claude = (await printedHttp(world, 'claude-code')).token;
    const cursor = (await printedHttp(world, 'cursor')).token;

    for (const pin of [undefined, '2026-07-28'] as const) {
      const { client } = await connectHttp(t, `${base}/claude-code`, claude, pin);
      const uris = (await client.listResources()).resources.map((r) => r.uri);
      expect(uris).toContain('memory://knowledge-graph');
      const first = uris[0] ?? '';
      expect(first).toMatch(/^demo:\/\//);
      expect((await client.readResource({ uri: first })).contents.map((c) => c.uri)).toEqual([first]);
      expect((await client.listResourceTemplates()).resourceTemplates.length).toBeGreaterThan(0);
      const prompts = (await client.listPrompts()).prompts.map((p) => p.name);
      expect(prompts).toContain('everything_simple-prompt');
      expect(prompts.every((n) => n.startsWith('everything_'))).toBe(true);
      expect((await client.getPrompt({ name: 'everything_simple-prompt', arguments: {} })).messages.length).toBeGreaterThan(0);
      await expect(client.getPrompt({ name: 'simple-prompt', arguments: {} })).rejects.toThrow(
        'Unknown prompt "simple-prompt" for Claude Code: no prompt of that name in its list through Switchboard\'s gateway',
      );

      // Cursor's door: memory has no prompts (none advertised); server-everything's resource is refused with words.
      const other = (await connectHttp(t, `${base}/cursor`, cursor, pin)).client;
      expect(other.getServerCapabilities()).toEqual({ tools: { listChanged: true }, resources: { listChanged: true } });
      expect((await other.listResources()).resources.map((r) => r.uri)).toEqual(['memory://knowledge-graph']);
      await expect(other.readResource({ uri: first })).rejects.toThrow(
        `Unknown resource "${first}" for Cursor: no resource or resource template of its servers gives that URI through Switchboard's gateway`,
      );
    }
  }, 180_000);
});
