/** Handlers of `servers:*` and `logs:*` (docs/config-discovery.md, §6, §8). */
import { ok } from '../../../src-shared/api/envelope.js';
import { addOwnServer, referenceServerEntry } from '../config/own-servers.js';
import { planDemoServer } from '../config/demo-server.js';
import { toFailure } from '../facade/errors.js';
import type { CoreContext, HandlerGroup } from './context.js';

export function serverHandlers(ctx: CoreContext): HandlerGroup<'servers:list' | 'servers:addDefault' | 'logs:get'> {
  return {
    'servers:list': async () => {
      await ctx.ensureDiscovered();
      return ok(ctx.snapshot());
    },

    // The demo server to try (demo-server.ts): the one already defined with its command, else the
    // bundled server added to Switchboard's own file under a name no other definition has.
    'servers:addDefault': async () => {
      try {
        const found = await ctx.ensureDiscovered();
        const plan = planDemoServer([...(found.definitions ?? []), ...found.shadowed.map((s) => s.definition)], found.servers, referenceServerEntry(ctx.options.referenceServer));
        if ('reuse' in plan) return ok({ ...ctx.snapshot(), demoServer: plan.reuse });
        await addOwnServer(ctx.options.dataDir, plan.add, ctx.ownWrites);
        await ctx.refresh();
        return ok({ ...ctx.snapshot(), demoServer: plan.add.name });
      } catch (err) {
        return toFailure(err);
      }
    },

    'logs:get': async ({ server, afterSeq }) => ok(ctx.manager.logs(server, afterSeq)),
  };
}
