import { afterEach, describe, expect, it, vi } from 'vitest';
import { Client, SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { TraceEntry } from '../../../../src-shared/api/lifecycle.js';
import { HttpExchanges } from './http-exchange.js';
import { traceTransport } from '../logs/rpc-trace.js';
import { TraceStore } from '../logs/trace-store.js';
import { startSseFaultServer, startStreamableFaultServer, type FaultServer } from '../testing/fixtures/http-fault-servers.js';
import { waitFor } from '../../composition/test-world.js';

let server: (FaultServer & { close(): Promise<void> }) | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const HTTP_FIXTURE = new URL('../testing/fixtures/modern-http-server.mjs', import.meta.url).href;
const transportRows = (store: TraceStore): TraceEntry[] => store.entries('web').filter((e) => e.kind === 'transport');

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
    // Requests carry none (the exchange is on the reply); a notification's POST pairs with nothing
    // (the listening GET is a transport row of its own).
    expect(entries.filter((e) => e.kind !== 'response' && e.kind !== 'transport').every((e) => e.http === undefined)).toBe(true);
    await client.close();
  });

  it('keys an exchange by its request without parsing the body again, and other bodies as JSON reads them (issue 32 item 1)', async () => {
    const http = new HttpExchanges();
    const fetchFn = http.wrap(async () => new Response('{}', { status: 202 }));
    const post = (body: string): Promise<Response> => fetchFn('http://127.0.0.1:9/mcp', { method: 'POST', body });
    const parse = vi.spyOn(JSON, 'parse');
    try {
      // The SDK's own shape (method first, an integer id last; params with an envelope and an "id" of their own).
      await post(JSON.stringify({ method: 'tools/call', params: { name: 'echo', arguments: { id: 99 }, _meta: { progressToken: 7 } }, jsonrpc: '2.0', id: 41 }));
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
    expect(http.take(41)).toMatchObject({ status: 202 });
    expect(http.take(99)).toBeUndefined();
    // Other shapes are parsed: a string id, a batch, id first, a nested "id" closing the params.
    await post(JSON.stringify({ method: 'ping', jsonrpc: '2.0', id: 'a"b' }));
    await post(JSON.stringify([{ jsonrpc: '2.0', id: 5, method: 'ping' }, { jsonrpc: '2.0', id: 6, method: 'tools/list' }]));
    await post(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' }));
    await post(JSON.stringify({ method: 'notifications/progress', params: { id: 8 } }));
    await post(JSON.stringify({ method: 'tools/call', params: { name: 'x', id: 9 }, jsonrpc: '2.0', id: 10 }));
    expect(['a"b', 5, 6, 7, 8, 9, 10].map((id) => http.take(id) !== undefined)).toEqual([true, true, true, true, false, false, true]);
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

  it('shows the listening GET of Streamable HTTP as a transport row with its headers (Mcp-Session-Id), and the DELETE that ends the session', async () => {
    server = await startStreamableFaultServer();
    const http = new HttpExchanges();
    const transport = new StreamableHTTPClientTransport(new URL(`${server.base}/mcp`), { fetch: http.wrap(), requestInit: { headers: { Authorization: 'Bearer sk-live-get-0001' } } });
    const store = new TraceStore();
    traceTransport(transport, { server: 'web', store, secrets: ['sk-live-get-0001'], http });
    const client = new Client({ name: 'c', version: '1' });
    await client.connect(transport);
    expect(await waitFor(() => transportRows(store).some((e) => e.http?.method === 'GET'), 20_000)).toBe(true);
    const get = transportRows(store).find((e) => e.http?.method === 'GET')!;
    expect(get).toMatchObject({ direction: 'out', kind: 'transport', http: { url: `${server.base}/mcp`, status: 200 } });
    expect(get.text).toBe(`GET ${server.base}/mcp → 200: the server's own stream (notifications and requests it sends unasked)`);
    const init = store.entries('web').find((e) => e.method === 'initialize' && e.kind === 'response')!;
    expect(get.http!.requestHeaders['mcp-session-id']).toBe(init.http!.responseHeaders['mcp-session-id']);
    expect(get.http!.requestHeaders['mcp-protocol-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(get.http!.requestHeaders.authorization).toBe('[redacted]');
    expect(get.http!.responseHeaders['content-type']).toContain('text/event-stream');
    // A notification's POST (202) is no row of its own.
    expect(transportRows(store).filter((e) => e.http?.method === 'POST')).toEqual([]);
    await transport.terminateSession();
    const del = transportRows(store).find((e) => e.http?.method === 'DELETE')!;
    expect(del.text).toMatch(/^DELETE \S+ → 200: the session ended$/);
    expect(JSON.stringify(store.entries('web'))).not.toContain('sk-live-get-0001');
    await client.close();
  });

  it('says when a server answers the GET with 405 (no stream of its own)', async () => {
    server = await startStreamableFaultServer({ getIs405: true });
    const http = new HttpExchanges();
    const transport = new StreamableHTTPClientTransport(new URL(`${server.base}/mcp`), { fetch: http.wrap() });
    const store = new TraceStore();
    traceTransport(transport, { server: 'web', store, secrets: [], http });
    const client = new Client({ name: 'c', version: '1' });
    await client.connect(transport);
    expect(await waitFor(() => transportRows(store).length > 0, 20_000)).toBe(true);
    expect(transportRows(store)[0]!.text).toBe(`GET ${server.base}/mcp → 405: the server offers no stream of its own`);
    await client.close();
  });

  it('shows legacy SSE\'s GET and its endpoint event, the stream\'s bytes unchanged', async () => {
    server = await startSseFaultServer();
    const http = new HttpExchanges({ legacySse: true });
    const transport = new SSEClientTransport(new URL(`${server.base}/sse`), { fetch: http.wrap() });
    const store = new TraceStore();
    traceTransport(transport, { server: 'web', store, secrets: [], http });
    const client = new Client({ name: 'c', version: '1' });
    await client.connect(transport);
    const result = await client.callTool({ name: 'echo', arguments: { message: 'over sse' } });
    expect(result.content).toEqual([{ type: 'text', text: 'echo: over sse' }]);
    const rows = transportRows(store);
    expect(rows[0]).toMatchObject({ direction: 'out', http: { method: 'GET', url: `${server.base}/sse`, status: 200 } });
    expect(rows[0]!.text).toContain('the HTTP+SSE stream');
    expect(rows[0]!.http!.requestHeaders.accept).toBe('text/event-stream');
    expect(rows[1]).toMatchObject({ direction: 'in', kind: 'transport' });
    expect(rows[1]!.text).toMatch(/^SSE event "endpoint": the server takes our messages at \/messages\?sessionId=\S+$/);
    // The reply came over the GET stream; its entry carries the POST that sent the request.
    const reply = store.entries('web').find((e) => e.method === 'tools/call' && e.kind === 'response')!;
    expect(reply.http).toMatchObject({ method: 'POST', status: 202 });
    await client.close();
  });

  it('shows the stream a 2026-07-28 subscriptions/listen opens (a POST whose reply stays open)', async () => {
    const { startModernHttp } = (await import(HTTP_FIXTURE)) as { startModernHttp: (o: { legacy: string }) => Promise<{ url: string; close(): Promise<void> }> };
    const modern = await startModernHttp({ legacy: 'reject' });
    try {
      const http = new HttpExchanges();
      const transport = new StreamableHTTPClientTransport(new URL(modern.url), { fetch: http.wrap() });
      const store = new TraceStore();
      traceTransport(transport, { server: 'web', store, secrets: [], http });
      const client = new Client({ name: 'c', version: '1' }, { versionNegotiation: { mode: 'auto' } });
      await client.connect(transport);
      expect(client.getProtocolEra()).toBe('modern');
      const subscription = await client.listen({ toolsListChanged: true });
      const listen = transportRows(store).find((e) => e.method === 'subscriptions/listen')!;
      expect(listen).toMatchObject({ direction: 'out', http: { method: 'POST', url: modern.url, status: 200 } });
      expect(listen.http!.requestHeaders['mcp-protocol-version']).toBe('2026-07-28');
      expect(listen.http!.responseHeaders['content-type']).toContain('text/event-stream');
      expect(listen.text).toContain('the subscriptions/listen stream opened');
      // Stateless: no listening GET, no session.
      expect(transportRows(store).filter((e) => e.http?.method === 'GET')).toEqual([]);
      await subscription.close();
      await client.close();
    } finally {
      await modern.close();
    }
  });
});
