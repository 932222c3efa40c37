/** Handlers of `tools:*` (SPEC §4). */
import { fail, ok } from '../../../src-shared/api/envelope.js';
import { toFailure } from '../errors.js';
import type { CoreContext, HandlerGroup } from './context.js';

export function toolHandlers(ctx: CoreContext): HandlerGroup<'tools:list' | 'tools:call'> {
  return {
    'tools:list': async ({ server }) => {
      if (server !== undefined) {
        const discovery = await ctx.ensureDiscovered();
        if (!discovery.servers.some((s) => s.name === server)) return fail('NOT_FOUND', `Unknown server "${server}"`);
      }
      return ok(ctx.manager.listTools(server));
    },

    'tools:call': async ({ server, tool, args }) => {
      try {
        return ok(await ctx.manager.callTool(server, tool, args));
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
