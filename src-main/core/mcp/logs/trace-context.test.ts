import { describe, expect, it } from 'vitest';
import type { Transport } from '@modelcontextprotocol/client';
import { addTraceparent, parseTraceparent, startCallTrace, traceIdOf, traceMeta, type CallTrace } from './trace-context.js';

/** A transport whose `send` keeps what it was given, wrapped by `addTraceparent`. */
function wire(): { transport: Transport; sent: unknown[] } {
  const sent: unknown[] = [];
  const transport = { start: async () => undefined, close: async () => undefined, send: async (m: unknown) => void sent.push(m) } as unknown as Transport;
  addTraceparent(transport);
  return { transport, sent };
}
const traceparentOf = (m: unknown): unknown => (m as { params: { _meta: Record<string, unknown> } }).params._meta.traceparent;

describe('traceparents built here are read back without matching them again (issue 32 item 1)', () => {
  it("reads a call's own traceparent and the one sent as the regular expression would, a fresh object each time", async () => {
    const trace = startCallTrace();
    const { transport, sent } = wire();
    const meta = traceMeta(trace)._meta ?? {};
    const own = parseTraceparent(meta.traceparent);
    expect(own).toEqual({ traceId: trace.traceId, spanId: trace.spanId, flags: '01' });
    expect(parseTraceparent(meta.traceparent)).not.toBe(own);
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', _meta: meta } });
    const value = traceparentOf(sent[0]) as string;
    expect(value).toMatch(new RegExp(`^00-${trace.traceId}-[0-9a-f]{16}-01$`));
    expect(traceIdOf(sent[0])).toBe(trace.traceId);
    expect(parseTraceparent(value)).toEqual({ traceId: trace.traceId, spanId: value.slice(36, 52), flags: '01' });
  });

  it('still checks a traceparent made from a hand-made call trace: an invalid one is not taken for valid', async () => {
    const handMade: CallTrace = { traceId: 'A'.repeat(32), spanId: 'b'.repeat(16), flags: '01' };
    const { transport, sent } = wire();
    const meta = traceMeta(handMade)._meta ?? {};
    expect(parseTraceparent(meta.traceparent)).toBeUndefined();
    await transport.send({ jsonrpc: '2.0', id: 2, method: 'tasks/get', params: { taskId: 't', _meta: meta } });
    // Not a valid traceparent (upper-case hex): the request starts a trace of its own.
    const sentValue = traceparentOf(sent[0]) as string;
    expect(sentValue).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(traceIdOf(sent[0])).toBe(sentValue.slice(3, 35));
    expect(sentValue).not.toContain('A'.repeat(32));
  });
});

describe('no AsyncLocalStorage on the call path (issue 32 item 1)', () => {
  it('a request without a traceparent gets a fresh trace; traceMeta without a trace adds nothing', async () => {
    expect(traceMeta(undefined)).toEqual({});
    const { transport, sent } = wire();
    await transport.send({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} });
    await transport.send({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: {} });
    const [a, b] = sent.map(traceIdOf);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
  });
});
