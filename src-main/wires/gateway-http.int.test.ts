/**
 * Issue 30 item 1, the HTTP door with real parts: a real owner (`startOwner`, a real core, its real
 * 127.0.0.1 listener) over a temp world whose Claude Code file holds server-everything and
 * server-memory (Cursor's: server-memory). The BUILT CLI's `gateway --print-http --show-token` gives
 * the URL and makes each host's token in the (throwaway) keychain; the SDK v2 client's
 * StreamableHTTPClientTransport with Claude Code's bearer lists the tools and calls
 * `everything_echo` in both eras (2025-11-25 by default, 2026-07-28 pinned); the single-server path
 * lists raw names. No token → 401 with WWW-Authenticate; a wrong token, Cursor's token, a foreign
 * Origin → 403 with words that say why; a 10 MB argument → the SDK's "Payload Too Large" (413) and the owner stays up (the next
 * call works).
 */
import { request } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { runSwitchboard } from '../core/composition/test-world.js';
import { printedHttp as printed, startHttpDoor, stopHttpDoor, type HttpDoorTest } from './test-fixtures.js';

let made: HttpDoorTest | undefined;

afterEach(async () => {
  const t = made;
  made = undefined;
  if (t) await stopHttpDoor(t);
});

describe('the gateway’s HTTP door (issue 30)', () => {
  it('opens a host’s path only with its own bearer, relays list and call in both eras, and survives a 10 MB argument', async () => {
    made = await startHttpDoor();
    const { world, owner } = made;
    const port = owner.host.port;

    const claude = await printed(world, 'claude-code');
    expect(claude.url).toBe(`http://127.0.0.1:${port}/mcp/claude-code`);
    expect(claude.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(claude.stderr).toContain("Warning: the line below is the bearer token that opens claude-code's door");
    // Generated once: asked again, the same token.
    expect((await printed(world, 'claude-code')).token).toBe(claude.token);
    const cursor = await printed(world, 'cursor');
    expect(cursor.token).not.toBe(claude.token);
    // Without --show-token the token is not printed.
    const plain = await runSwitchboard(world, ['gateway', '--host', 'claude-code', '--print-http']);
    expect(plain.stdout).not.toContain(claude.token);

    const client = new Client({ name: 'gateway-http-test', version: '1.0.0' });
    made.clients.push(client);
    const transport = new StreamableHTTPClientTransport(new URL(claude.url), { requestInit: { headers: { Authorization: `Bearer ${claude.token}` } } });
    await client.connect(transport);
    expect(transport.protocolVersion).toBe('2025-11-25');
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('everything_echo');
    expect(names.filter((n) => n.startsWith('memory_'))).toEqual(
      ['add_observations', 'create_entities', 'create_relations', 'delete_entities', 'delete_observations', 'delete_relations', 'open_nodes', 'read_graph', 'search_nodes'].map((t) => `memory_${t}`),
    );
    expect(names.filter((n) => !n.startsWith('memory_') && !n.startsWith('everything_'))).toEqual([]);
    const echoed = await client.callTool({ name: 'everything_echo', arguments: { message: 'hello over http' } });
    expect(echoed.content).toEqual([{ type: 'text', text: 'Echo: hello over http' }]);

    // A 2026-07-28 client (stateless requests) gets the same list and call.
    const modern = new Client({ name: 'gateway-http-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    made.clients.push(modern);
    const modernTransport = new StreamableHTTPClientTransport(new URL(claude.url), { requestInit: { headers: { Authorization: `Bearer ${claude.token}` } } });
    await modern.connect(modernTransport);
    expect((await modern.listTools()).tools.map((t) => t.name)).toEqual(names);
    expect((await modern.callTool({ name: 'everything_echo', arguments: { message: 'modern' } })).content).toEqual([{ type: 'text', text: 'Echo: modern' }]);
    expect(modernTransport.protocolVersion).toBe('2026-07-28');

    // The single-server door: that server's raw tool names.
    const single = new Client({ name: 'gateway-http-test', version: '1.0.0' });
    made.clients.push(single);
    await single.connect(new StreamableHTTPClientTransport(new URL(`${claude.url}/everything`), { requestInit: { headers: { Authorization: `Bearer ${claude.token}` } } }));
    const raw = (await single.listTools()).tools.map((t) => t.name);
    expect(raw).toContain('echo');
    expect(raw.filter((n) => n.startsWith('memory_') || n.startsWith('everything_'))).toEqual([]);

    // The refusals, on a plain POST of a tools/list.
    const post = (headers: Record<string, string>, path = '/mcp/claude-code') =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
    // A 2025-era client's plain initialize (no envelope) is answered too.
    const legacy = await fetch(`http://127.0.0.1:${port}/mcp/claude-code`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${claude.token}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'plain', version: '1' } } }),
    });
    expect(legacy.status).toBe(200);
    expect(await legacy.text()).toContain('"serverInfo":{"name":"switchboard-gateway","version":"0.0.0-test"}');
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="switchboard-gateway"');
    expect(await none.json()).toEqual({ error: `The gateway needs "Authorization: Bearer <token>" with Claude Code's token (switchboard gateway --host claude-code --print-http)` });
    const wrong = await post({ Authorization: 'Bearer not-a-token-of-any-host' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: `This token opens no gateway path: it is not Claude Code's token (switchboard gateway --host claude-code --print-http)` });
    const other = await post({ Authorization: `Bearer ${cursor.token}` });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ error: "This token opens Cursor's gateway paths, not Claude Code's" });
    const foreign = await post({ Authorization: `Bearer ${claude.token}`, Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: 'Forbidden: a page of another site (Origin) may not call the gateway' });
    // Claude Code's token does not open Cursor's path either.
    expect((await post({ Authorization: `Bearer ${claude.token}` }, '/mcp/cursor')).status).toBe(403);
    // A Host that is not ours: the web host's own check (DNS rebinding).
    // (node:http: fetch does not let a caller set Host.)
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/mcp/claude-code', method: 'POST', headers: { Host: `evil.example:${port}`, Authorization: `Bearer ${claude.token}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end('{}');
    });
    expect(rebound).toBe(403);

    // A 10 MB argument: refused with a clear error, and the owner answers the next call.
    await expect(client.callTool({ name: 'everything_echo', arguments: { message: 'x'.repeat(10 * 1024 * 1024) } })).rejects.toThrow(
      'Error POSTing to endpoint: {"jsonrpc":"2.0","error":{"code":-32000,"message":"Payload Too Large: Request body must not exceed 4194304 bytes"},"id":null}',
    );
    const after = await client.callTool({ name: 'everything_echo', arguments: { message: 'still here' } });
    expect(after.content).toEqual([{ type: 'text', text: 'Echo: still here' }]);
  }, 180_000);
});
