/**
 * Real HTTP faults (issue 4, docs/connections-supervision.md) against in-process servers on 127.0.0.1 sockets: an SSE stream
 * dropped mid-request, an expired Streamable HTTP session, a 307 to `/mcp/`, a GET answered 405.
 * Where the SDK already handles a case, the test pins that behaviour.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RestartPolicy } from './backoff.js';
import { startSseFaultServer, startStreamableFaultServer, type FaultServer } from '../testing/fixtures/http-fault-servers.js';
import { McpManager } from './manager.js';
import { testDefinition, waitFor } from '../testing/test-helpers.js';

const FAST: RestartPolicy = { baseDelayMs: 20, maxDelayMs: 100, maxFailedStarts: 5, jitter: 0 };
let manager: McpManager | undefined;
let server: FaultServer | undefined;
afterEach(async () => {
  await manager?.dispose();
  await server?.close();
  manager = undefined;
  server = undefined;
});

describe('HTTP+SSE supervision', () => {
  it('a stream dropped mid-request fails the call at once with a retriable error, then reconnects and re-initialises', async () => {
    const sse = await startSseFaultServer();
    server = sse;
    const m = (manager = new McpManager({ restart: FAST }));
    await m.reconcile([{ definition: testDefinition({ name: 'sse', transport: 'sse', url: `${sse.base}/sse`, timeout: 90_000 }), desired: 'run' }]);
    await m.settled();
    expect(m.runtime('sse')!.status).toBe('connected');
    const started = Date.now();
    const result = await m.callTool('sse', 'drop', {});
    // Never left hanging until the 90 s timeout: the drop fails the request with the SDK's
    // retriable "Connection closed".
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/^MCP error: .*Connection closed/);
    expect(Date.now() - started).toBeLessThan(45_000);
    expect(m.runtime('sse')!.status).not.toBe('connected');
    await waitFor(() => m.runtime('sse')!.status === 'connected', 'the reconnect');
    expect(sse.streams()).toBe(2);
    expect(m.runtime('sse')!.restartCount).toBe(1);
    expect(m.logs('sse').some((e) => e.stream === 'system' && e.text.startsWith('SSE stream dropped'))).toBe(true);
    // Re-initialised: the new session answers.
    expect(await m.callTool('sse', 'echo', { message: 'back' })).toMatchObject({ isError: false, text: 'echo: back' });
    // Never silently re-sent: `drop` was called once.
    expect(m.trace('sse').filter((e) => e.kind === 'request' && e.method === 'tools/call' && e.text.includes('"drop"'))).toHaveLength(1);
  });
});

describe('Streamable HTTP', () => {
  it('a 404 for an expired session re-initialises once and retries the request', async () => {
    const s = await startStreamableFaultServer();
    server = s;
    const m = (manager = new McpManager({ restart: FAST }));
    await m.reconcile([{ definition: testDefinition({ name: 'http', transport: 'http', url: `${s.base}/mcp` }), desired: 'run' }]);
    await m.settled();
    expect(await m.callTool('http', 'echo', { message: 'one' })).toMatchObject({ text: 'echo: one' });
    await s.expireSessions();
    const result = await m.callTool('http', 'echo', { message: 'two' });
    expect(result).toMatchObject({ isError: false, text: 'echo: two' });
    expect(m.runtime('http')!.status).toBe('connected');
    expect(s.sessions()).toBe(1);
    expect(m.logs('http').some((e) => e.text.startsWith('session expired (HTTP 404 with Mcp-Session-Id)'))).toBe(true);
    const initializes = m.trace('http').filter((e) => e.kind === 'request' && e.method === 'initialize');
    expect(initializes).toHaveLength(2);
  });

  it('a 307 from /mcp to /mcp/ is followed with the same method and body, and shown in the log', async () => {
    const s = await startStreamableFaultServer({ redirectToSlash: true });
    server = s;
    const m = (manager = new McpManager({ restart: FAST }));
    await m.reconcile([{ definition: testDefinition({ name: 'slash', transport: 'http', url: `${s.base}/mcp` }), desired: 'run' }]);
    await m.settled();
    expect(m.runtime('slash')!.status).toBe('connected');
    expect(await m.callTool('slash', 'echo', { message: 'x' })).toMatchObject({ text: 'echo: x' });
    expect(s.requests.slice(0, 2)).toEqual(['POST /mcp', 'POST /mcp/']);
    expect(m.logs('slash').some((e) => e.text.startsWith(`HTTP 307 redirect: ${s.base}/mcp → ${s.base}/mcp/ (POST followed`))).toBe(true);
  });

  it('a GET answered with 405 stops the optional listener cleanly: one GET, still connected, calls work', async () => {
    const s = await startStreamableFaultServer({ getIs405: true });
    server = s;
    const m = (manager = new McpManager({ restart: FAST }));
    await m.reconcile([{ definition: testDefinition({ name: 'noget', transport: 'http', url: `${s.base}/mcp` }), desired: 'run' }]);
    await m.settled();
    await waitFor(() => s.requests.includes('GET /mcp'), 'the GET listener attempt');
    expect(await m.callTool('noget', 'echo', { message: 'y' })).toMatchObject({ text: 'echo: y' });
    expect(s.requests.filter((r) => r === 'GET /mcp')).toHaveLength(1);
    expect(m.runtime('noget')).toMatchObject({ status: 'connected', restartCount: 0 });
    expect(m.logs('noget').some((e) => e.text.startsWith('transport error'))).toBe(false);
  });
});
