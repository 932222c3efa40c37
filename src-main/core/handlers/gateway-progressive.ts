/**
 * Progressive discovery in the core (issue 31 item 4, docs/gateway.md § Progressive discovery):
 * `gateway:setProgressive`, and the wrapper of `gateway:call` that answers the three tools a
 * progressive door offers. The rules live here and in core/gateway/progressive.ts, so both doors
 * and both eras get them with no state of their own (a 2026-07-28 stateless request carries all it
 * needs): the door only lists `gateway:list`'s `progressive` and relays `tools/call` as ever.
 *
 * - `search_tools` {query, limit?} and `describe_tool` {name} read the host's list as `gateway:list`
 *   builds it now (same build, same filters): what is switched off, pin-blocked, app-only or of a
 *   server that gives no tools is not in it, so it is never found; `describe_tool` of such a name
 *   answers the gate's words (`gatewayLookup`), never its schema. Neither reaches a server nor is
 *   kept in the call history.
 * - `call_tool` {name, arguments?} is `gateway:call` of `name` with `arguments` — the very same
 *   handler, so the gate, pins, app-only, refusals, the history with `via` and the trace are those
 *   of a direct call. A name the list does not hold is an `isError` result with the gate's words
 *   (the agent called a tool that exists, `call_tool`, so it reads why), not a protocol error.
 * - A direct `tools/call` by a name of the full list still works (same gate); an unknown one is
 *   refused `NOT_FOUND` with the gate's words plus how to call (`progressiveHint`) — in the answer
 *   and in the call history's record of the refusal.
 * - Bad arguments of the three are `isError` results that say what is wrong.
 */
import { z } from 'zod';
import type { ApiHandlers } from '../../../src-shared/api/contract.js';
import { ok } from '../../../src-shared/api/envelope.js';
import type { GatewayList } from '../../../src-shared/api/gateway.js';
import type { HostId } from '../../../src-shared/config/server.js';
import { toFailure } from '../facade/errors.js';
import { CALL_TOOL, DESCRIBE_TOOL, isProgressiveTool, metaResult, progressiveHint, SEARCH_MAX_LIMIT, SEARCH_TOOLS, searchTools } from '../gateway/progressive.js';
import { ProgressiveSetting } from '../gateway/progressive-setting.js';
import { gatewayLookup, type GatewayGate } from '../gateway/gateway-view.js';
import type { CoreContext, HandlerGroup } from './context.js';

type CallHandler = ApiHandlers['gateway:call'];
/**
 * The gateway's own call handler, told how to word a refusal of an unknown name (`refusalHint`,
 * appended to a `NOT_FOUND` refusal's message both in the answer and in the call history's record).
 */
export type GatewayCallInner = (input: Parameters<CallHandler>[0], refusalHint?: () => string) => ReturnType<CallHandler>;
type Build = (host: HostId, project: string | undefined, server: string | undefined, settleMs?: number) => Promise<{ list: GatewayList; gate: GatewayGate }>;

const SearchArgs = z.object({ query: z.string().max(1000), limit: z.number().int().min(1).max(SEARCH_MAX_LIMIT).optional() });
const DescribeArgs = z.object({ name: z.string().min(1).max(500) });
const CallArgs = z.object({ name: z.string().min(1).max(500), arguments: z.record(z.string(), z.unknown()).optional() });

/** `Invalid arguments for <tool>: <path>: <words>; …` */
function badArgs(tool: string, error: z.ZodError): string {
  return `Invalid arguments for ${tool}: ${error.issues.map((i) => `${i.path.length > 0 ? i.path.join('.') : 'arguments'}: ${i.message}`).join('; ')}`;
}

/**
 * `gateway:call` with progressive discovery: `inner` is the gateway's own call handler, `build`
 * the list it gates with. For a host with progressive discovery off, or a single-server door, it is
 * `inner` (after one read of the setting).
 */
export function progressiveCall(setting: ProgressiveSetting, build: Build, inner: GatewayCallInner): CallHandler {
  return async (input) => {
    if (input.server !== undefined || !setting.on(input.host)) return inner(input);
    try {
      const { list, gate } = await build(input.host, input.project, input.server, input.settleMs);
      if (!list.progressive) return await inner(input);
      const { name, args } = input;
      if (name === SEARCH_TOOLS) {
        const a = SearchArgs.safeParse(args);
        if (!a.success) return ok(metaResult(name, badArgs(name, a.error), true));
        return ok(metaResult(name, { tools: searchTools(list, a.data.query, a.data.limit) }));
      }
      if (name === DESCRIBE_TOOL) {
        const a = DescribeArgs.safeParse(args);
        if (!a.success) return ok(metaResult(name, badArgs(name, a.error), true));
        const target = gatewayLookup(gate, input.host, a.data.name, false);
        const tool = 'code' in target ? undefined : list.tools.find((t) => t.name === a.data.name);
        if (!tool) return ok(metaResult(name, 'code' in target ? target.message : `Tool "${a.data.name}" is not in the list`, true));
        const { name: n, title, description, server, inputSchema, outputSchema, annotations } = tool;
        return ok(metaResult(name, { name: n, ...(title !== undefined ? { title } : {}), ...(description !== undefined ? { description } : {}), server, inputSchema, ...(outputSchema !== undefined ? { outputSchema } : {}), ...(annotations !== undefined ? { annotations } : {}) }));
      }
      if (name === CALL_TOOL) {
        const a = CallArgs.safeParse(args);
        if (!a.success) return ok(metaResult(name, badArgs(name, a.error), true));
        const r = await inner({ ...input, name: a.data.name, args: a.data.arguments ?? {} });
        if (r.ok || r.error.code !== 'NOT_FOUND') return r;
        const own = isProgressiveTool(a.data.name) ? `; "${a.data.name}" is one of this door's own tools: call it directly, not through ${CALL_TOOL}` : '';
        return ok(metaResult(name, `${r.error.message}${own}`, true));
      }
      // The hint goes into the refusal itself, so the call history keeps what the agent was told.
      return await inner(input, () => progressiveHint(searchTools(list, name, 3)));
    } catch (err) {
      return toFailure(err);
    }
  };
}

/** `gateway:setProgressive`: kept in state.json; the doors and the window are told (`tools:changed`). */
export function gatewayProgressiveHandlers(ctx: CoreContext, setting: ProgressiveSetting): HandlerGroup<'gateway:setProgressive'> {
  return {
    'gateway:setProgressive': async ({ host, on }) => {
      try {
        const { unchanged } = await setting.set(host, on);
        if (!unchanged) ctx.emit('tools:changed', {});
        return ok({ host, on, unchanged });
      } catch (err) {
        return toFailure<{ host: HostId; on: boolean; unchanged: boolean }>(err);
      }
    },
  };
}
