/** Handlers of `app:*` and `trust:*` (docs/faces-and-ownership.md, §2). */
import { resolve } from 'node:path';
import { ok } from '../../../src-shared/api/envelope.js';
import { toFailure } from '../facade/errors.js';
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

    'trust:grant': async ({ dir }) => {
      try {
        const folder = resolve(options.projectDir, dir ?? '.');
        if (folder !== resolve(options.projectDir)) {
          // Another folder (issue 11: `switchboard trust <dir>`): its definitions are approved as they
          // are at its first discovery (the migration rule of trust.json).
          await ctx.trustStore.trust(folder);
          return ok(ctx.snapshot());
        }
        // Issue 16: trusting the folder approves each of its servers' definitions exactly as they are now;
        // then re-discover and start them at once (issue 11: every face's grant).
        const found = await ctx.ensureDiscovered();
        await ctx.trustStore.trust(folder, approvalRecords(projectDefinitions(found), Date.now()));
        await ctx.refresh();
        return ok(ctx.snapshot());
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
