import { afterEach, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { HttpExchanges } from './http-exchange.js';
import { traceTransport, TraceStore } from './rpc-trace.js';
import { startStreamableFaultServer, type FaultServer } from './fixtures/http-fault-servers.js';

let server: (FaultServer & { close(): Promise<void> }) | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('HTTP exchanges in the trace (issue 15 item 2)', () => {
  it('puts each request\'s HTTP exchange (status, Mcp-* headers both ways) on its reply, secret headers redacted', async () => {
    server = await startStreamableFaultServer();
    const http = new HttpExchanges();
    const transport = new StreamableHTTPClientTransport(new URL(`${server.base}/mcp`), {
      fetch: http.wrap(),
      requestInit: { headers: { Authorization: 'Bearer sk-live-abc123', 'X-Team': 'blue' } },
    });
    const store = new TraceStore();
    traceTransport(transport, { server: 'web', store, secrets: ['sk-live-abc123'], http });
    const client = new Client({ name: 'c', version: '1' });
    await client.connect(transport);
    await client.callTool({ name: 'echo', arguments: { message: 'hi' } });

    const entries = store.entries('web');
    const init = entries.find((e) => e.method === 'initialize' && e.kind === 'response')!;
    expect(init.http).toMatchObject({ method: 'POST', url: `${server.base}/mcp`, status: 200 });
    expect(init.http!.responseHeaders['mcp-session-id']).toMatch(/\S/);
    const reply = entries.find((e) => e.method === 'tools/call' && e.kind === 'response')!;
    expect(reply.http).toMatchObject({ method: 'POST', status: 200 });
    // The session and protocol version travel as Mcp-* headers on every later request.
    expect(reply.http!.requestHeaders['mcp-session-id']).toBe(init.http!.responseHeaders['mcp-session-id']);
    expect(reply.http!.requestHeaders['mcp-protocol-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(reply.http!.requestHeaders['x-team']).toBe('blue');
    expect(reply.http!.requestHeaders.authorization).toBe('[redacted]');
    expect(JSON.stringify(entries)).not.toContain('sk-live-abc123');
    // Requests carry none (the exchange is on the reply); a notification's POST pairs with nothing.
    expect(entries.filter((e) => e.kind !== 'response').every((e) => e.http === undefined)).toBe(true);
    await client.close();
  });

  it('keeps at most 200 exchanges waiting for a reply and hands each out once', async () => {
    const http = new HttpExchanges();
    const fetchFn = http.wrap(async () => new Response('{}', { status: 200, headers: { 'mcp-session-id': 's1' } }));
    for (let id = 0; id < 250; id++) await fetchFn('http://127.0.0.1:9/mcp', { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }) });
    expect(http.take(10)).toBeUndefined();
    expect(http.take(249)).toMatchObject({ status: 200, responseHeaders: { 'mcp-session-id': 's1' } });
    expect(http.take(249)).toBeUndefined();
    // A body without requests (a notification, a response) is not noted.
    await fetchFn('http://127.0.0.1:9/mcp', { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
    expect(http.take('undefined')).toBeUndefined();
  });
});
