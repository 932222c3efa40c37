import { describe, expect, it } from 'vitest';
import type { Transport } from '@modelcontextprotocol/client';
import { addTraceparent, callTraceMeta, parseTraceparent, startCallTrace, traceIdOf, withCallTrace, type CallTrace } from './trace-context.js';

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
    await withCallTrace(trace, async () => {
      const meta = callTraceMeta()._meta ?? {};
      const own = parseTraceparent(meta.traceparent);
      expect(own).toEqual({ traceId: trace.traceId, spanId: trace.spanId, flags: '01' });
      expect(parseTraceparent(meta.traceparent)).not.toBe(own);
      await transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', _meta: meta } });
    });
    const value = traceparentOf(sent[0]) as string;
    expect(value).toMatch(new RegExp(`^00-${trace.traceId}-[0-9a-f]{16}-01$`));
    expect(traceIdOf(sent[0])).toBe(trace.traceId);
    expect(parseTraceparent(value)).toEqual({ traceId: trace.traceId, spanId: value.slice(36, 52), flags: '01' });
  });

  it('still checks a traceparent made from a hand-made call trace: an invalid one is not taken for valid', async () => {
    const handMade: CallTrace = { traceId: 'A'.repeat(32), spanId: 'b'.repeat(16), flags: '01' };
    const { transport, sent } = wire();
    await withCallTrace(handMade, async () => {
      expect(parseTraceparent(callTraceMeta()._meta?.traceparent)).toBeUndefined();
      await transport.send({ jsonrpc: '2.0', id: 2, method: 'tasks/get', params: { taskId: 't' } });
    });
    expect(traceparentOf(sent[0])).toMatch(/^00-A{32}-[0-9a-f]{16}-01$/);
    expect(traceIdOf(sent[0])).toBeUndefined();
  });
});
