/** Handlers of `app:*` and `trust:*` (SPEC §0, §2). */
import { ok } from '../../../src-shared/api/envelope.js';
import { toFailure } from '../errors.js';
import { approvalRecords, projectDefinitions } from '../trust/project-approvals.js';
import type { CoreContext, HandlerGroup } from './context.js';

export function appHandlers(ctx: CoreContext): HandlerGroup<'app:info' | 'trust:grant'> {
  const { options } = ctx;
  return {
    'app:info': async () =>
      ok({
        version: options.version,
        mode: options.mode,
        dataDir: options.dataDir,
        projectDir: options.projectDir,
        platform: options.platform.platform,
      }),

    'trust:grant': async () => {
      try {
        // Issue 16: trusting the folder approves each of its servers' definitions exactly as they are now.
        const found = await ctx.ensureDiscovered();
        await ctx.trustStore.trust(options.projectDir, approvalRecords(projectDefinitions(found), Date.now()));
        await ctx.refresh();
        return ok(ctx.snapshot());
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
