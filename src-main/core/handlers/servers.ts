/** Handlers of `servers:*` and `logs:*` (docs/config-discovery.md, §6, §8). */
import { ok } from '../../../src-shared/api/envelope.js';
import { addOwnServer, referenceServerEntry } from '../config/own-servers.js';
import { toFailure } from '../facade/errors.js';
import type { CoreContext, HandlerGroup } from './context.js';

export function serverHandlers(ctx: CoreContext): HandlerGroup<'servers:list' | 'servers:addDefault' | 'logs:get'> {
  return {
    'servers:list': async () => {
      await ctx.ensureDiscovered();
      return ok(ctx.snapshot());
    },

    'servers:addDefault': async () => {
      try {
        await addOwnServer(ctx.options.dataDir, referenceServerEntry(ctx.options.referenceServer), ctx.ownWrites);
        await ctx.refresh();
        return ok(ctx.snapshot());
      } catch (err) {
        return toFailure(err);
      }
    },

    'logs:get': async ({ server, afterSeq }) => ok(ctx.manager.logs(server, afterSeq)),
  };
}
