import { assert, describe, expect, it } from 'vitest';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { secretValues } from '../../../../src-shared/redaction.js';
import { redact, traceTransport, TraceStore } from './rpc-trace.js';

describe('redact', () => {
  it('hides secret-looking keys and known secret strings, keeps the rest', () => {
    const out = redact({ params: { arguments: { apiKey: 'k-1', query: 'hello sk-live-9999 there', nested: [{ password: 'p' }] } } }, ['sk-live-9999']);
    expect(out).toEqual({ params: { arguments: { apiKey: '[redacted]', query: 'hello [redacted] there', nested: [{ password: '[redacted]' }] } } });
  });
});

describe('TraceStore', () => {
  it('keeps the newest `capacity` entries of each server whatever was trimmed when, and merges servers by seq', () => {
    const store = new TraceStore({ capacity: 3 });
    for (let i = 0; i < 100; i++) store.append({ server: i % 10 === 0 ? 'b' : 'a', direction: 'in', kind: 'notification', text: `${i}` });
    expect(store.entries('a').map((e) => e.seq)).toEqual([98, 99, 100]);
    expect(store.entries('b').map((e) => e.seq)).toEqual([71, 81, 91]);
    expect(store.entries('a', 98).map((e) => e.seq)).toEqual([99, 100]);
    expect(store.entries().map((e) => e.seq)).toEqual([71, 81, 91, 98, 99, 100]);
  });
});

describe('traceTransport (over the SDK in-memory pair)', () => {
  it('records requests, responses with latency, and notifications in both directions, bounded', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    server.registerTool('echo', { inputSchema: z.object({ message: z.string() }) }, async ({ message }) => ({ content: [{ type: 'text', text: message }] }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const store = new TraceStore({ capacity: 6 });
    traceTransport(clientSide, { server: 'mem', store, secrets: ['topsecret'] });
    const client = new Client({ name: 'c', version: '1' });
    await client.connect(clientSide);
    await client.callTool({ name: 'echo', arguments: { message: 'topsecret!' } });
    const entries = store.entries('mem');
    expect(entries.length).toBeLessThanOrEqual(6);
    const call = entries.find((e) => e.method === 'tools/call' && e.kind === 'request');
    assert.exists(call);
    expect(call).toMatchObject({ direction: 'out', server: 'mem' });
    expect(call.text).not.toContain('topsecret');
    const reply = entries.find((e) => e.method === 'tools/call' && e.kind === 'response');
    assert.exists(reply);
    expect(reply).toMatchObject({ direction: 'in', id: call.id });
    expect(reply.latencyMs).toBeGreaterThanOrEqual(0);
    expect(entries.some((e) => e.kind === 'notification' && e.method === 'notifications/initialized')).toBe(true);
    expect(store.entries('mem', reply.seq)).toEqual(entries.filter((e) => e.seq > reply.seq));
    await client.close();
  });

  it('hands an inbound notification to the channels seam and the trace, both redacted by the same rule, in one pass', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const seen: unknown[] = [];
    const store = new TraceStore({ heldValues: () => secretValues(['core-held-value-1']), onServerNotification: (_server, message) => seen.push(message) });
    traceTransport(clientSide, { server: 'mem', store, secrets: ['server-secret-9'] });
    await clientSide.start();
    await serverSide.start();
    const params = { token: 'abc', note: 'see server-secret-9 and core-held-value-1', n: 1, nested: [{ password: 'p' }] };
    await serverSide.send({ jsonrpc: '2.0', method: 'notifications/alerts/x', params });
    const redacted = { token: '[redacted]', note: 'see [redacted] and [redacted]', n: 1, nested: [{ password: '[redacted]' }] };
    expect(seen).toEqual([{ method: 'notifications/alerts/x', params: redacted }]);
    const entry = store.entries('mem').at(-1);
    assert.exists(entry);
    expect(entry).toMatchObject({ direction: 'in', kind: 'notification', method: 'notifications/alerts/x' });
    expect(entry.text).toBe(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/alerts/x', params: redacted }));
    // The sender's object is left as it was.
    expect(params.token).toBe('abc');
    await clientSide.close();
  });
});
