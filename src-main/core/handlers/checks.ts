/** Handlers of `checks:*` (issue 15 item 7; docs/checks.md): thin over `src-main/core/checks/`. */
import { fail, ok, type Result } from '../../../src-shared/api/envelope.js';
import type { CollectionState } from '../../../src-shared/api/checks.js';
import { CoreError, toFailure } from '../facade/errors.js';
import { collectionFolder, collectionPath, readCollection, saveCall, type LoadedCollection } from '../checks/collection-file.js';
import { runChecks } from '../checks/check-runner.js';
import type { CoreContext, HandlerGroup } from './context.js';
import { toolHandlers } from './tools.js';

type CheckMethod = 'checks:list' | 'checks:save' | 'checks:run';

/** Run `task`, mapping a thrown CoreError to its failure. */
async function attempt<T>(task: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await task());
  } catch (err) {
    return toFailure(err);
  }
}

export function checkHandlers(ctx: CoreContext): HandlerGroup<CheckMethod> {
  const tools = toolHandlers(ctx);
  const state = (loaded: LoadedCollection): CollectionState => {
    const folder = collectionFolder(loaded.file, ctx.options.projectDir);
    return { file: loaded.file, folder, trusted: ctx.trustStore.isTrusted(folder), exists: loaded.exists, calls: loaded.calls };
  };
  const whyMissing = (server: string, tool: string): string => {
    const state = ctx.snapshot().servers.find((s) => s.server.name === server);
    const status = state?.status;
    if (status !== undefined && status !== 'connected') {
      // Trial 6 finding 9: a CI log is all there is, so say why the server is down (redacted in the snapshot).
      const cause = state?.lastError ? `\n${state.lastError}` : '';
      const hint = state?.failure?.hint ? `\nHint: ${state.failure.hint}` : '';
      return `Server "${server}" is ${status}: tool "${tool}" cannot be called${cause}${hint}`;
    }
    return `Server "${server}" has no tool "${tool}"`;
  };
  return {
    'checks:list': ({ file }) => attempt(async () => state(await readCollection(collectionPath(ctx.options.projectDir, file)))),
    'checks:save': ({ call, replace }) =>
      attempt(async () => state(await saveCall(ctx.options.dataDir, collectionPath(ctx.options.projectDir), call, replace === true))),
    'checks:run': ({ file, names, confirmDestructive }) =>
      attempt(async () => {
        const loaded = await readCollection(collectionPath(ctx.options.projectDir, file));
        const folder = collectionFolder(loaded.file, ctx.options.projectDir);
        // The project servers' rule (docs/config-discovery.md § Workspace trust): the folder itself is
        // trusted, not just one above it (issue 26 item 4: a trusted home let an untrusted clone's
        // checks run). A file anywhere inside the trusted project runs (trial 6: proj/ci/calls.json).
        if (!ctx.trustStore.isTrusted(folder)) {
          throw new CoreError('UNTRUSTED', `${folder} is not trusted: the saved calls in ${loaded.file} run only once that folder itself is, as its servers do (switchboard trust, or Trust in the app)`);
        }
        if (!loaded.exists) throw new CoreError('NOT_FOUND', `There is no collection of saved calls at ${loaded.file}`);
        const unknown = (names ?? []).filter((n) => !loaded.calls.some((c) => c.name === n));
        if (unknown.length > 0) throw new CoreError('NOT_FOUND', `No saved call named ${unknown.map((n) => `"${n}"`).join(', ')} in ${loaded.file}`);
        const chosen = names ? loaded.calls.filter((c) => names.includes(c.name)) : loaded.calls;
        await ctx.ensureDiscovered();
        return runChecks(loaded.file, chosen, {
          tools: async (server) => {
            const listed = await tools['tools:list']({ server });
            return listed.ok ? listed : fail(listed.error.code, listed.error.message);
          },
          whyMissing,
          call: (server, tool, args) => tools['tools:call']({ server, tool, args, validate: false }),
        }, { confirmDestructive });
      }),
  };
}
