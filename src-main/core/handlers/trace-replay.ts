/**
 * `trace:replay` (docs/inspecting.md "Replay"): send a traced request again through the server's
 * live client. The rules (what can be replayed) are `replayPlan`'s; a `tools/call` goes through the
 * `tools:call` handler (held tools, filters, history, progress as for any call), any other request
 * through the client as it is. The server's JSON-RPC error is an outcome, returned as data.
 */
import { ProtocolError } from '@modelcontextprotocol/client';
import { fail, ok } from '../../../src-shared/api/envelope.js';
import type { ApiHandlers } from '../../../src-shared/api/contract.js';
import type { TraceReplay } from '../../../src-shared/api/lifecycle.js';
import { DEFAULT_TIMEOUT_MS } from '../../../src-shared/config/server.js';
import { replayPlan } from '../mcp/inspector/trace-replay.js';
import { AnyResultSchema } from '../mcp/tools/tool-bridge.js';
import { inspectorFailure } from './inspector.js';
import type { CoreContext, HandlerGroup } from './context.js';

export function traceReplayHandlers(ctx: CoreContext, callTool: ApiHandlers['tools:call']): HandlerGroup<'trace:replay'> {
  return {
    'trace:replay': async ({ server, seq }) => {
      const entry = ctx.manager.trace(server).find((e) => e.seq === seq);
      if (!entry) return fail('NOT_FOUND', `No message #${seq} in the trace of "${server}" (it keeps the last 500 messages of each server)`);
      const plan = replayPlan(entry);
      if ('refused' in plan) return fail('BAD_REQUEST', plan.refused);
      const before = ctx.manager.traceLastSeq();
      const started = performance.now();
      const done = (outcome: Pick<TraceReplay, 'result' | 'error'>): TraceReplay => {
        const sent = ctx.manager.trace(server, before).find((e) => e.kind === 'request' && e.direction === 'out' && e.method === plan.method);
        return { server, method: plan.method, durationMs: Math.round(performance.now() - started), ...(sent ? { requestSeq: sent.seq } : {}), ...outcome };
      };
      if (plan.method === 'tools/call') {
        const { name, arguments: args } = (plan.params ?? {}) as { name?: unknown; arguments?: unknown };
        if (typeof name !== 'string') return fail('BAD_REQUEST', 'tools/call cannot be replayed: its params name no tool');
        const called = await callTool({ server, tool: name, args: args && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {}, validate: false });
        return called.ok ? ok(done({ result: called.data })) : called;
      }
      const timeout = ctx.discovery()?.servers.find((s) => s.name === server)?.timeout ?? DEFAULT_TIMEOUT_MS;
      try {
        const result = await ctx.manager.withClient(server, (client) => client.request({ method: plan.method, ...(plan.params ? { params: plan.params } : {}) }, AnyResultSchema, { timeout }));
        return ok(done({ result }));
      } catch (err) {
        // The server answered with an error: that is what the replay found out.
        if (err instanceof ProtocolError) return ok(done({ error: { code: err.code, message: err.message.replace(/^MCP error -?\d+: /, ''), ...(err.data !== undefined ? { data: err.data } : {}) } }));
        return inspectorFailure(err);
      }
    },
  };
}
