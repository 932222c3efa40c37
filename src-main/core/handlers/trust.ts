/** Handlers of `trust:review` and `trust:approve` (issue 16 item 1, docs/trust.md). */
import { ok } from '../../../src-shared/api/envelope.js';
import { CoreError, toFailure } from '../facade/errors.js';
import { approvalRecords, projectDefinitions } from '../trust/project-approvals.js';
import type { CoreContext, HandlerGroup } from './context.js';

export function trustHandlers(ctx: CoreContext): HandlerGroup<'trust:review' | 'trust:approve'> {
  const { options } = ctx;
  return {
    'trust:review': async () => {
      await ctx.ensureDiscovered();
      return ok({ projectDir: options.projectDir, trusted: ctx.trustStore.isTrusted(options.projectDir), pending: [...ctx.pendingApprovals().values()] });
    },

    /**
     * Approve the named (or `all`) pending project servers as they are now: trusts the folder
     * first when needed (its other servers stay `new` until approved too), records the hashes,
     * rediscovers and starts them. NOT_FOUND for a server with nothing to approve, CONFLICT when
     * `hashes` says the person saw another definition, BAD_REQUEST without servers or `all`.
     */
    'trust:approve': async (input) => {
      try {
        if (!input.all && !(input.servers?.length)) throw new CoreError('BAD_REQUEST', 'Name the servers to approve, or approve all');
        return await ctx.serialized(async () => {
          await ctx.ensureDiscovered();
          const pending = ctx.pendingApprovals();
          const names = input.all ? [...pending.keys()] : input.servers!;
          for (const name of names) {
            const p = pending.get(name);
            if (!p) throw new CoreError('NOT_FOUND', `Server "${name}" has no definition waiting for approval in ${options.projectDir}`);
            const seen = input.hashes?.[name];
            if (seen !== undefined && seen !== p.hash) throw new CoreError('CONFLICT', `The definition of "${name}" changed again since it was shown; review it again`);
          }
          const wanted = new Set(names);
          const records = approvalRecords(projectDefinitions(ctx.discovery()!).filter((d) => wanted.has(d.name)), Date.now());
          if (!ctx.trustStore.isTrusted(options.projectDir)) await ctx.trustStore.trust(options.projectDir, records);
          else await ctx.trustStore.approve(options.projectDir, records);
        }).then(async () => {
          await ctx.refresh();
          return ok(ctx.snapshot());
        });
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
