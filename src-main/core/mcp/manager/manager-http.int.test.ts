/**
 * The manager against server-everything over Streamable HTTP and HTTP+SSE on free ports of
 * 127.0.0.1, plus connect failures (nothing listening, 401) against real sockets.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_RESTARTS } from './backoff.js';
import { McpManager } from './manager.js';
import { freePort, startEverythingHttp, testDefinition, type EverythingHttp } from '../testing/test-helpers.js';

let manager: McpManager | undefined;
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
});

describe.each([
  ['streamableHttp', 'http'],
  ['sse', 'sse'],
] as const)('McpManager over %s', (mode, transport) => {
  let server: EverythingHttp;
  beforeAll(async () => {
    server = await startEverythingHttp(mode);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('connects, lists named tools and calls echo and get-sum', async () => {
    manager = new McpManager();
    await manager.reconcile([{ definition: testDefinition({ name: 'remote', transport, url: server.url }), desired: 'run' }]);
    await manager.settled();
    expect(manager.runtime('remote')).toMatchObject({ status: 'connected', serverInfo: { name: 'mcp-servers/everything' } });
    const names = manager.listTools('remote').map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    expect(manager.listTools('remote').find((t) => t.name === 'get-sum')!.agentName).toBe('mcp_remote_get_sum');

    expect((await manager.callTool('remote', 'echo', { message: `over ${mode}` })).text).toBe(`Echo: over ${mode}`);
    expect((await manager.callTool('remote', 'get-sum', { a: 1.5, b: 2 })).text).toBe('The sum of 1.5 and 2 is 3.5.');
    const bad = await manager.callTool('remote', 'get-sum', { a: 'x' });
    expect(bad.isError).toBe(true);
    expect(bad.text.startsWith('Error: ')).toBe(true);
  });

  it('sends the configured headers and bearer auth', async () => {
    // server-everything ignores headers; a real server of our own checks what arrives.
    const seen: http.IncomingHttpHeaders[] = [];
    const probe = http.createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(500).end('probe');
    });
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/${transport === 'sse' ? 'sse' : 'mcp'}`;
    try {
      manager = new McpManager();
      const def = testDefinition({ name: 'probe', transport, url, headers: { 'X-Team': 'blue' }, auth: { type: 'bearer', token: 'tok-123' }, timeout: 3_000 });
      await manager.reconcile([{ definition: def, desired: 'run' }]);
      await manager.settled();
      expect(manager.runtime('probe')!.status).toBe('error');
      expect(seen.length).toBeGreaterThan(0);
      expect(seen[0]).toMatchObject({ 'x-team': 'blue', authorization: 'Bearer tok-123' });
    } finally {
      probe.closeAllConnections();
      await new Promise((r) => probe.close(r));
    }
  });
});

describe('McpManager HTTP connect failures', () => {
  it('nothing listening → status error, callTool says "Failed to connect to …"', async () => {
    const port = await freePort();
    manager = new McpManager();
    await manager.reconcile([{ definition: testDefinition({ name: 'down', transport: 'http', url: `http://127.0.0.1:${port}/mcp` }), desired: 'run' }]);
    await manager.settled();
    const rt = manager.runtime('down')!;
    expect(rt.status).toBe('error');
    expect(rt.lastError).toMatch(/^fetch failed: connect ECONNREFUSED 127.0.0.1:\d+$/);
    // Not blamed on the protocol setting (trial 7 N3: the SDK reports the failed probe as an era failure).
    expect(rt.failure).toEqual({ code: 'unreachable', retryable: true, hint: 'Check that the server is running and its URL is right.' });
    await expect(manager.callTool('down', 'echo', {})).rejects.toMatchObject({
      code: 'NOT_CONNECTED',
      message: `Failed to connect to "down": ${rt.lastError}`,
    });
  });

  it('401 → error with "check the server\'s credentials"', async () => {
    const locked = http.createServer((_req, res) => res.writeHead(401, { 'content-type': 'text/plain' }).end('no token'));
    await new Promise<void>((r) => locked.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(locked.address() as AddressInfo).port}/mcp`;
    try {
      manager = new McpManager();
      await manager.reconcile([{ definition: testDefinition({ name: 'locked', transport: 'http', url }), desired: 'run' }]);
      await manager.settled();
      const rt = manager.runtime('locked')!;
      expect(rt.status).toBe('error');
      expect(rt.lastError).toBe("The server requires authorization (HTTP 401): no token. Check the server's credentials.");
    } finally {
      locked.closeAllConnections();
      await new Promise((r) => locked.close(r));
    }
  });

  it('a server that accepts but never answers → timeout with help text', async () => {
    const silent = http.createServer(() => {
      // never responds
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/sse`;
    try {
      manager = new McpManager();
      await manager.reconcile([{ definition: testDefinition({ name: 'silent', transport: 'sse', url, timeout: 400 }), desired: 'run' }]);
      await manager.settled();
      expect(manager.runtime('silent')).toMatchObject({ status: 'error' });
      expect(manager.runtime('silent')!.lastError).toBe(
        "Connection timed out after 400 ms. The server did not answer within 400 ms: raise the server's timeout if it needs longer to start.",
      );
    } finally {
      silent.closeAllConnections();
      await new Promise((r) => silent.close(r));
    }
  });
});

describe('McpManager HTTP server going away', () => {
  it('marks a Streamable HTTP server down on the first failed request', async () => {
    const server = await startEverythingHttp('streamableHttp');
    try {
      manager = new McpManager({ restart: NO_RESTARTS }); // the unsupervised status; supervision.int.test.ts covers restarts
      await manager.reconcile([{ definition: testDefinition({ name: 'gone', transport: 'http', url: server.url }), desired: 'run' }]);
      await manager.settled();
      expect(manager.runtime('gone')!.status).toBe('connected');
      await server.stop();
      // The first failed request — the call, or the keep-alive if it came first (issue 14 item 5) — marks it down.
      const result = await manager.callTool('gone', 'echo', { message: 'anyone?' }).catch((e: Error) => ({ isError: true, text: e.message }));
      expect(result.isError).toBe(true);
      // A dead server refuses a new connection, or its last kept-alive socket is found closed mid-request
      // ("other side closed": seen once in a full run); either is the truth, and either marks it down.
      const gone = '(connect ECONNREFUSED|other side closed|socket hang up|read ECONNRESET)';
      // When the keep-alive finds the server gone while the call is in flight, the connection is
      // closed and the SDK rejects every pending request with "Connection closed" (protocol.js
      // _onclose): the truth too, seen under load — the status and lastError below still hold the cause.
      expect(result.text).toMatch(new RegExp(`^((MCP error: |Failed to connect to "gone": )fetch failed: ${gone}|MCP error: Connection closed$)`));
      expect(manager.runtime('gone')).toMatchObject({ status: 'disconnected', toolCount: 0 });
      expect(manager.runtime('gone')!.lastError).toMatch(new RegExp(`^fetch failed: ${gone}`));
      expect(manager.listTools('gone')).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
