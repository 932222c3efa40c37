/**
 * The JSON-RPC trace keeps each request's W3C trace id (issue 35 item 4): on the request's entry and
 * its reply's, never masked by the redaction rule (src-shared/redaction.ts: trace and span ids are
 * fixed-format identifiers), even with held secrets and random ids that look high-entropy.
 */
import { describe, expect, it } from 'vitest';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { redactText, secretValues } from '../../../../src-shared/redaction.js';
import { traceTransport } from './rpc-trace.js';
import { TraceStore } from './trace-store.js';
import { addTraceparent, newSpanId, newTraceId, startCallTrace, traceMeta } from './trace-context.js';

describe('trace ids in the trace store', () => {
  it('tags a call’s request and reply with its trace id, the traceparent shown whole', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    server.registerTool('echo', { inputSchema: z.object({ message: z.string() }) }, async ({ message }, ctx) => ({
      content: [{ type: 'text', text: `${message} ${String(ctx.mcpReq._meta?.traceparent)}` }],
    }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const store = new TraceStore({ heldValues: () => secretValues(['held-secret-value']) });
    traceTransport(clientSide, { server: 'mem', store, secrets: ['topsecret-value'] });
    addTraceparent(clientSide);
    const client = new Client({ name: 'c', version: '1' });
    await client.connect(clientSide);
    const trace = startCallTrace('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    const result = await client.callTool({ name: 'echo', arguments: { message: 'hi' }, ...traceMeta(trace) });
    // The server got the host's trace id with a span id of this request (not the host's).
    const got = /^hi (00-4bf92f3577b34da6a3ce929d0e0e4736-([0-9a-f]{16})-01)$/.exec((result.content as { text: string }[])[0]?.text ?? '');
    expect(got?.[2]).toMatch(/^[0-9a-f]{16}$/);
    expect(got?.[2]).not.toBe('00f067aa0ba902b7');
    const call = store.entries('mem').filter((e) => e.method === 'tools/call');
    expect(call.map((e) => [e.direction, e.traceId])).toEqual([
      ['out', '4bf92f3577b34da6a3ce929d0e0e4736'],
      ['in', '4bf92f3577b34da6a3ce929d0e0e4736'],
    ]);
    expect(call[0]?.text).toContain(`"traceparent":"${got?.[1]}"`);
    await client.close();
  });

  it('never masks a trace id or a traceparent, whatever its digits', () => {
    for (let i = 0; i < 200; i++) {
      const traceparent = `00-${newTraceId()}-${newSpanId()}-01`;
      expect(redactText(`traceparent ${traceparent}`)).toBe(`traceparent ${traceparent}`);
      const id = newTraceId();
      expect(redactText(id)).toBe(id);
    }
  });
});
