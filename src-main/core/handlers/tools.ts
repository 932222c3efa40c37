/** Handlers of `tools:*` (docs/tool-bridge.md). */
import { fail, ok, type Result } from '../../../src-shared/api/envelope.js';
import type { MethodParsedInput } from '../../../src-shared/api/contract.js';
import type { CallVia } from '../../../src-shared/api/gateway.js';
import type { GatewayRelay } from '../../../src-shared/api/methods/gateway.js';
import type { ToolCallResult } from '../../../src-shared/api/status.js';
import { MAX_ARGUMENT_DEPTH, nestsDeeperThan, tooDeepMessage } from '../../../src-shared/api/json-depth.js';
import { toFailure } from '../facade/errors.js';
import { withVia } from '../mcp/logs/call-via.js';
import { callSpans } from '../mcp/logs/otlp-export.js';
import { startCallTrace, type CallTrace } from '../mcp/logs/trace-context.js';
import { missingParamsResult, missingRequired } from '../mcp/tools/catalog.js';
import { truncateResult } from '../mcp/tools/result-preview.js';
import type { CoreContext, HandlerGroup } from './context.js';

/** `tools:call`'s input. */
export type ToolCallInput = MethodParsedInput<'tools:call'>;
/**
 * The one tool-call path: `tools:call`'s handler, with the door the call came through (`via`, kept on
 * its history record) and what that door relays to its host (`relay`, with `callId`: the server's
 * requests during the call go to the door; issue 30 item 5).
 */
export type ToolCallRunner = (input: ToolCallInput, via?: CallVia, relay?: GatewayRelay, traceparent?: string) => Promise<Result<ToolCallResult>>;

/** `tools:list` and `tools:call` (`runCall`: the one call path, shared with the gateway's `gateway:call`). */
export function toolHandlers(ctx: CoreContext, runCall: ToolCallRunner = toolCallRunner(ctx)): HandlerGroup<'tools:list' | 'tools:call'> {
  return {
    'tools:list': async ({ server, offForAgents }) => {
      if (server !== undefined) {
        const discovery = await ctx.ensureDiscovered();
        if (!discovery.servers.some((s) => s.name === server)) return fail('NOT_FOUND', `Unknown server "${server}"`);
      }
      return ok(ctx.manager.listTools(server, { offForAgents }));
    },

    'tools:call': (input) => runCall(input),
  };
}

/**
 * docs/tool-bridge.md: a call missing required parameters gets the schema back as corrective feedback
 * (unless `validate: false`: a person testing the server's own validation). With a `callId`
 * the call can be cancelled (`tools:cancel`) and reports progress (`tools:progress`). Every
 * call that reached the server is recorded in the call history (`history:appended`). With
 * `previewChars`, a large result crosses the wire as a preview (`truncated`; `tools:fullText`).
 */
export function toolCallRunner(ctx: CoreContext): ToolCallRunner {
  // Issue 35 item 4: spans go to a collector only when the person named one (otlp-export.ts); else nothing is loaded.
  const spans = callSpans(ctx.options.dataDir);
  return async (input, via, relay, traceparent) => {
    // One W3C trace per call, continuing the host's when its door relayed one (trace-context.ts).
    const trace = startCallTrace(traceparent);
    const startMs = Date.now();
    const r = await runOneCall(ctx, input, trace, via, relay);
    const sink = spans();
    if (sink) {
      const outcome = !r.ok ? 'refused' : r.data.isError || r.data.failure !== undefined ? 'error' : 'ok';
      sink.record({ trace, server: input.server, tool: input.tool, ...(via ? { host: via.host } : {}), startMs, endMs: Date.now(), outcome });
    }
    return r;
  };
}

/** One call of `toolCallRunner`, as the call `trace`. */
async function runOneCall(ctx: CoreContext, { server, tool, args, callId, validate, previewChars, person }: ToolCallInput, trace: CallTrace, via?: CallVia, relay?: GatewayRelay): Promise<Result<ToolCallResult>> {
  const { inspector } = ctx;
  // Refuse before anything serialises or walks them (a 10k-deep object overflows the stack).
  if (nestsDeeperThan(args, MAX_ARGUMENT_DEPTH)) return fail('BAD_REQUEST', `Tool "${tool}": ${tooDeepMessage()}`);
  if (callId !== undefined && inspector.calls.has(callId)) return fail('CONFLICT', `A call with id "${callId}" is already running`);
  const controller = new AbortController();
  if (callId !== undefined) inspector.calls.set(callId, controller);
  const startedAt = Date.now();
  // The process that runs the call: a gateway instance's (`via.instance`), else the server's own.
  const runner = via?.instance ?? server;
  const gatewayDone = via ? inspector.broker.gatewayCall(runner, via.host, relay && callId !== undefined ? { ...relay, callId } : undefined) : undefined;
  try {
    // One lookup (tools/resolve-tool.ts): its refusal is the one every face gets; its tool is the one called.
    const resolved = await ctx.manager.resolveTool(runner, tool, person === true && !via);
    if (!resolved.ok) return fail(resolved.code, resolved.message);
    if (validate !== false) {
      const missing = missingRequired(resolved.info, args);
      if (missing.length > 0) return ok(missingParamsResult(resolved.info, missing));
    }
    // A gateway door's call is traced with its host (call-via.ts).
    const ran = await withVia(via, () =>
      ctx.manager.callResolved(resolved, args, {
        signal: controller.signal,
        callId,
        trace,
        onProgress: callId === undefined ? undefined : (p) => ctx.emit('tools:progress', { callId, server, tool, ...p }),
      }),
    );
    // An instance's call is kept under the server the host called, the instance in `via`.
    const result = runner === server ? ran : { ...ran, server };
    ctx.emit('history:appended', inspector.history.record(args, startedAt, result, false, undefined, via));
    return ok(previewChars === undefined ? result : truncateResult(result, previewChars, inspector.fullTexts));
  } catch (err) {
    return toFailure(err);
  } finally {
    if (callId !== undefined) inspector.calls.delete(callId);
    gatewayDone?.();
  }
}
