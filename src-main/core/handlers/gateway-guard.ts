/**
 * `gateway:guard` / `gateway:setGuard` (issue 31 item 3, docs/gateway.md § Guard rails): read and
 * change one host's guard rails, kept in Switchboard's state.json (core/gateway/guard-settings.ts).
 * A change makes the host's doors read their lists again (`tools:changed`): read-only mode changes
 * what `tools/list` offers.
 */
import { fail, ok, type Result } from '../../../src-shared/api/envelope.js';
import type { GatewayRelay } from '../../../src-shared/api/methods/gateway.js';
import type { HostId } from '../../../src-shared/config/server.js';
import { confirmGatewayCall } from '../gateway/guard-confirm.js';
import { needsConfirmation } from '../gateway/guard-rules.js';
import type { GatewayGuards } from '../gateway/guard-settings.js';
import type { CoreContext, HandlerGroup } from './context.js';

export function gatewayGuardHandlers(ctx: CoreContext, guards: GatewayGuards): HandlerGroup<'gateway:guard' | 'gateway:setGuard'> {
  return {
    'gateway:guard': async ({ host }) => {
      guards.reload();
      return ok(guards.of(host));
    },
    'gateway:setGuard': async ({ host, confirm, confirmTimeoutMs, readOnly }) => {
      try {
        const now = await guards.set(host, { ...(confirm !== undefined ? { confirm } : {}), ...(confirmTimeoutMs !== undefined ? { confirmTimeoutMs } : {}), ...(readOnly !== undefined ? { readOnly } : {}) });
        ctx.emit('tools:changed', {});
        return ok(now);
      } catch (err) {
        return fail('INTERNAL', `Could not keep ${host}'s guard rails in state.json: ${err instanceof Error ? err.message : String(err)}`);
      }
    },
  };
}

/**
 * The guard rails' check of a gateway call that passed the gate (`server`/`tool` what `name`
 * stands for; `process`: the instance serving it, else the server): undefined when it may run now
 * (no confirmation needed, or allowed), else the failure to answer — kept in the call history as a
 * refused call with its reason (refusal-record.ts's shape).
 */
export async function guardCall(
  ctx: CoreContext,
  guards: GatewayGuards,
  call: { host: HostId; name: string; server: string; tool: string; process: string; args: Record<string, unknown>; callId?: string; relay?: GatewayRelay },
): Promise<Result<never> | undefined> {
  const guard = guards.of(call.host);
  const annotations = ctx.manager.rawTools(call.process).find((t) => t.name === call.tool)?.annotations as Record<string, unknown> | undefined;
  if (!needsConfirmation(guard, call.name, call.server, call.tool, annotations)) return undefined;
  const startedAt = Date.now();
  const refused = await confirmGatewayCall(ctx.inspector.broker, { ...call, timeoutMs: guard.confirmTimeoutMs });
  if (!refused) return undefined;
  const result = { server: call.server, tool: call.tool, isError: true, text: refused.message, content: [{ type: 'text' as const, text: refused.message }], durationMs: 0 };
  ctx.emit('history:appended', ctx.inspector.history.record(call.args, startedAt, result, false, undefined, { host: call.host }, { name: call.name, code: refused.code, reason: refused.message }));
  return fail(refused.code, refused.message);
}
