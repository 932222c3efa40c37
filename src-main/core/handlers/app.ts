/** Handlers of `app:*` and `trust:*` (SPEC §0, §2). */
import { resolve } from 'node:path';
import { ok } from '../../../src-shared/api/envelope.js';
import { toFailure } from '../errors.js';
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
        await ctx.trustStore.trust(folder);
        // Our own project: re-discover and start its servers at once (issue 11: every face's grant).
        if (folder === resolve(options.projectDir)) await ctx.refresh();
        return ok(ctx.snapshot());
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
