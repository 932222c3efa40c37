import { assert, describe, expect, it } from 'vitest';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { secretValues } from '../../../../src-shared/redaction.js';
import type { TraceEntry } from '../../../../src-shared/api/lifecycle.js';
import { traceTransport } from './rpc-trace.js';
import { TraceStore } from './trace-store.js';
import { LAZY_TRACE_MAX, MAX_TRACE_TEXT, redact } from './trace-text.js';

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

describe('redaction when the trace is read (issue 32 item 1)', () => {
  /** A client and server over the in-memory pair, the client side traced into `store`; one `leak` tool. */
  async function tracedCall(store: TraceStore): Promise<void> {
    const server = new McpServer({ name: 's', version: '1' });
    server.registerTool('leak', { inputSchema: z.object({ apiKey: z.string() }) }, async () => ({
      content: [{ type: 'text', text: 'found late-held-secret-42 and server-secret-9' }],
      structuredContent: { password: 'hunter2-hunter2', note: 'plain' },
    }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    traceTransport(clientSide, { server: 'mem', store, secrets: ['server-secret-9'] });
    const client = new Client({ name: 'c', version: '1' });
    await client.connect(clientSide);
    await client.callTool({ name: 'leak', arguments: { apiKey: 'key-value-in-arguments' } });
    await client.close();
  }

  it('makes no entry text on the call, and the store pass runs only when the entries are read', async () => {
    const redacted: string[] = [];
    const store = new TraceStore({ listening: () => false, onEntry: () => redacted.push('told'), redact: (text) => (redacted.push(text), text.replaceAll('hunter2', '[held]')) });
    await tracedCall(store);
    expect(redacted).toEqual([]);
    const reply = store.entries('mem').find((e) => e.method === 'tools/call' && e.kind === 'response');
    assert.exists(reply);
    expect(redacted.length).toBeGreaterThan(0);
    expect(redacted).not.toContain('told');
    expect(reply.text).toContain('"password":"[redacted]"');
    expect(reply.text).not.toContain('server-secret-9');
  });

  it('masks a tool result\'s secrets by the held values of the read, and tells onEntry the redacted texts after the turn', async () => {
    const values = ['core-held-value-1'];
    const told: TraceEntry[] = [];
    const store = new TraceStore({ heldValues: () => secretValues(values), listening: () => true, onEntry: (e) => told.push(e) });
    await tracedCall(store);
    // Learned after the reply passed the tap (a token the core came to hold): masked all the same.
    values.push('late-held-secret-42');
    const entries = store.entries('mem');
    const call = entries.find((e) => e.method === 'tools/call' && e.kind === 'request');
    const reply = entries.find((e) => e.method === 'tools/call' && e.kind === 'response');
    assert.exists(call);
    assert.exists(reply);
    expect(call.text).toContain('"apiKey":"[redacted]"');
    expect(reply.text).toContain('"text":"found [redacted] and [redacted]"');
    expect(reply.text).toContain('"structuredContent":{"password":"[redacted]","note":"plain"}');
    await new Promise((resolve) => setImmediate(resolve));
    expect(told.map((e) => e.seq)).toEqual(store.entries('mem').map((e) => e.seq));
    expect(told.find((e) => e.seq === reply.seq)?.text).toBe(reply.text);
    expect(told.every((e) => e.text.startsWith('{'))).toBe(true);
  });

  it('redacts a large message at once (the ring keeps its cut text, not the message), a small one on read', async () => {
    const scrubbed: string[] = [];
    const store = new TraceStore({ listening: () => false, heldValues: () => ({ scrub: (text) => (scrubbed.push(text), text) }) });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    traceTransport(clientSide, { server: 'mem', store, secrets: [] });
    await clientSide.start();
    await serverSide.start();
    const largeReply = { jsonrpc: '2.0' as const, id: 1, result: { content: [{ type: 'text', text: 'x'.repeat(LAZY_TRACE_MAX) }] } };
    await serverSide.send(largeReply);
    await serverSide.send({ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'small' }] } });
    // A reply's entry is made after the turn it came in (TraceStore.later): then the large one is redacted and cut.
    expect(scrubbed).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(scrubbed).toContain('x'.repeat(LAZY_TRACE_MAX));
    expect(scrubbed).not.toContain('small');
    const entries = store.entries('mem');
    expect(scrubbed).toContain('small');
    const over = JSON.stringify(largeReply).length - MAX_TRACE_TEXT;
    expect(entries.map((e) => e.text.length)).toEqual([MAX_TRACE_TEXT + ` …[${over} more characters]`.length, 78]);
    await clientSide.close();
  });
});

describe('the request written before its entry is made (issue 32 item 1)', () => {
  it('hands a request to the wire first, then traces it; a send that throws is still traced', async () => {
    const store = new TraceStore();
    const seqAtWrite: number[] = [];
    let fail = false;
    const wire = {
      start: async () => undefined,
      close: async () => undefined,
      send: (_message: unknown): Promise<void> => {
        seqAtWrite.push(store.lastSeq());
        if (fail) throw new Error('pipe closed');
        return Promise.resolve();
      },
    };
    traceTransport(wire as unknown as Parameters<typeof traceTransport>[0], { server: 'w', store, secrets: [] });
    await wire.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo' } });
    // On the wire before the trace had an entry for it; the entry follows at once.
    expect(seqAtWrite).toEqual([0]);
    expect(store.entries('w').map((e) => [e.direction, e.kind, e.method, e.id])).toEqual([['out', 'request', 'tools/call', 1]]);
    fail = true;
    expect(() => wire.send({ jsonrpc: '2.0', id: 2, method: 'ping' })).toThrow('pipe closed');
    expect(store.entries('w').map((e) => e.id)).toEqual([1, 2]);
  });
});

describe('replies matched to their request by id (issue 32 item 1: pending requests kept by direction, by id)', () => {
  it('tells a request id 1 from a request id "1" (distinct JSON-RPC ids), each reply getting its own method', async () => {
    const store = new TraceStore();
    const wire = { start: async () => undefined, close: async () => undefined, send: async (): Promise<void> => undefined };
    traceTransport(wire as unknown as Parameters<typeof traceTransport>[0], { server: 'w', store, secrets: [] });
    const t = wire as unknown as { send(m: unknown): Promise<void>; onmessage?: (m: unknown) => void };
    await t.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    await t.send({ jsonrpc: '2.0', id: '1', method: 'prompts/list' });
    t.onmessage?.({ jsonrpc: '2.0', id: 1, result: {} });
    t.onmessage?.({ jsonrpc: '2.0', id: '1', result: {} });
    expect(store.entries('w').map((e) => [e.direction, e.kind, e.id, e.method])).toEqual([
      ['out', 'request', 1, 'tools/list'],
      ['out', 'request', '1', 'prompts/list'],
      ['in', 'response', 1, 'tools/list'],
      ['in', 'response', '1', 'prompts/list'],
    ]);
  });
});

describe('entries of requests and replies made after their turn (issue 32 item 1)', () => {
  /** A wire traced into `store` as `server`: `send` out, `receive` in. */
  function tapped(store: TraceStore, server: string): { send(m: unknown): Promise<void>; receive(m: unknown): void } {
    const wire = { start: async () => undefined, close: async () => undefined, send: async (): Promise<void> => undefined } as { send(m: unknown): Promise<void>; onmessage?: (m: unknown) => void };
    traceTransport(wire as unknown as Parameters<typeof traceTransport>[0], { server, store, secrets: [] });
    return { send: (m) => wire.send(m), receive: (m) => wire.onmessage?.(m) };
  }

  it('makes them after the turn or on a read, in the order the messages passed across servers; a notification at once, after them', async () => {
    let made = 0;
    const notified: string[] = [];
    const store = new TraceStore({ heldValues: () => (made++, secretValues([])), onServerNotification: (server, m) => notified.push(`${server} ${m.method}`) });
    const a = tapped(store, 'a');
    const b = tapped(store, 'b');
    await a.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo' } });
    await b.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    a.receive({ jsonrpc: '2.0', id: 1, result: { content: [] } });
    expect(made).toBe(0);
    // A server's notification is recorded (and handed to the channels seam) at once, after what passed before it.
    b.receive({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'hi' } });
    expect(notified).toEqual(['b notifications/message']);
    expect(made).toBeGreaterThan(3);
    const afterNotification = made;
    expect(store.entries().map((e) => [e.server, e.direction, e.kind, e.method])).toEqual([
      ['a', 'out', 'request', 'tools/call'],
      ['b', 'out', 'request', 'tools/list'],
      ['a', 'in', 'response', 'tools/call'],
      ['b', 'in', 'notification', 'notifications/message'],
    ]);
    expect(store.entries('a')[1]?.latencyMs).toBeGreaterThanOrEqual(0);

    // Nobody reads: the entries are made after the turn all the same.
    const beforeReply = made;
    b.receive({ jsonrpc: '2.0', id: 1, result: { tools: [] } });
    expect(made).toBe(beforeReply);
    await new Promise((resolve) => setImmediate(resolve));
    expect(made).toBe(beforeReply + 1);
    expect(afterNotification).toBeLessThanOrEqual(beforeReply);
    expect(store.entries('b').map((e) => [e.kind, e.method])).toEqual([['request', 'tools/list'], ['notification', 'notifications/message'], ['response', 'tools/list']]);
  });
});
