/**
 * Handlers of `history:*` (issue 14 item 12; docs/inspecting.md "Call history"): list the kept
 * calls, open one past call's result, replay one. A replay is an ordinary `tools:call` (the same
 * handler: validation, cancel by callId, progress, a new history record) with the recorded
 * arguments; an argument that was redacted or cut when recorded must be given again, so a replay
 * never sends `[redacted]` or a cut text to a server.
 */
import { fail, ok } from '../../../src-shared/api/envelope.js';
import type { ApiHandlers } from '../../../src-shared/api/contract.js';
import type { CoreContext, HandlerGroup } from './context.js';

export function historyHandlers(ctx: CoreContext, callTool: ApiHandlers['tools:call']): HandlerGroup<'history:list' | 'history:get' | 'history:replay'> {
  const { history } = ctx.inspector;
  return {
    // Issue 31 item 2: `host` keeps only the calls that came through that host's gateway door.
    'history:list': async ({ server, host }) => ok(host === undefined ? history.list(server) : history.list(server).filter((r) => r.via?.host === host)),

    'history:get': async ({ id }) => {
      const rec = history.get(id);
      return rec ? ok(rec) : fail('NOT_FOUND', `No call "${id}" in the history (it keeps the last 100 calls of each server)`);
    },

    'history:replay': async ({ id, args = {}, callId, previewChars }) => {
      const rec = history.get(id);
      if (!rec) return fail('NOT_FOUND', `No call "${id}" in the history (it keeps the last 100 calls of each server)`);
      const given = new Set(Object.keys(args));
      const missing = [...(rec.redacted ?? []), ...(rec.cut ?? [])].filter((name) => !given.has(name));
      if (missing.length > 0) {
        const why = missing.map((n) => `${n} (${rec.redacted?.includes(n) ? 'redacted' : 'cut to 64 KiB'} when recorded)`).join(', ');
        return fail('BAD_REQUEST', `Replaying ${rec.tool} on ${rec.server} needs these arguments again: ${why}`);
      }
      const merged: Record<string, unknown> = {};
      for (const source of [rec.args, args]) {
        for (const [k, v] of Object.entries(source)) Object.defineProperty(merged, k, { value: v, enumerable: true, writable: true, configurable: true });
      }
      return callTool({ server: rec.server, tool: rec.tool, args: merged, callId, previewChars });
    },
  };
}
