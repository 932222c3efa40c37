import { describe, expect, it } from 'vitest';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { redact, traceTransport, TraceStore } from './rpc-trace.js';

describe('redact', () => {
  it('hides secret-looking keys and known secret strings, keeps the rest', () => {
    const out = redact({ params: { arguments: { apiKey: 'k-1', query: 'hello sk-live-9999 there', nested: [{ password: 'p' }] } } }, ['sk-live-9999']);
    expect(out).toEqual({ params: { arguments: { apiKey: '[redacted]', query: 'hello [redacted] there', nested: [{ password: '[redacted]' }] } } });
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
    const call = entries.find((e) => e.method === 'tools/call' && e.kind === 'request')!;
    expect(call).toMatchObject({ direction: 'out', server: 'mem' });
    expect(call.text).not.toContain('topsecret');
    const reply = entries.find((e) => e.method === 'tools/call' && e.kind === 'response')!;
    expect(reply).toMatchObject({ direction: 'in', id: call.id });
    expect(reply.latencyMs).toBeGreaterThanOrEqual(0);
    expect(entries.some((e) => e.kind === 'notification' && e.method === 'notifications/initialized')).toBe(true);
    expect(store.entries('mem', reply.seq)).toEqual(entries.filter((e) => e.seq > reply.seq));
    await client.close();
  });
});
