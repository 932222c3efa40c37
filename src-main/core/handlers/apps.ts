/**
 * Handlers of `apps:*` (issue 33, docs/mcp-apps.md): a tool's MCP App fetched with `resources/read`
 * and cached per server (mcp/apps/app-cache.ts). The read's failure keeps its code and words; a
 * read failure names the app: `Reading the app <uri> of <server>/<tool> failed: <cause>`.
 */
import { ok, type Result } from '../../../src-shared/api/envelope.js';
import type { AppResource } from '../../../src-shared/api/apps.js';
import { DEFAULT_TIMEOUT_MS } from '../../../src-shared/config/server.js';
import { CoreError } from '../facade/errors.js';
import { declaredApp } from '../mcp/apps/app-uri.js';
import { readApp } from '../mcp/apps/app-resource.js';
import { inspectorFailure } from './inspector.js';
import type { CoreContext, HandlerGroup } from './context.js';

export function appsHandlers(ctx: CoreContext): HandlerGroup<'apps:resource'> {
  const { manager, inspector } = ctx;
  const timeoutOf = (server: string): number => ctx.discovery()?.servers.find((s) => s.name === server)?.timeout ?? DEFAULT_TIMEOUT_MS;

  return {
    'apps:resource': async ({ server, tool }): Promise<Result<AppResource>> => {
      const raw = manager.rawTools(server).find((t) => t.name === tool);
      if (!raw) return inspectorFailure(new CoreError('NOT_FOUND', `Unknown tool "${tool}" on server "${server}" (is it connected?)`));
      const declared = declaredApp(raw);
      if (!declared) return inspectorFailure(new CoreError('NOT_FOUND', `Tool "${tool}" of "${server}" has no MCP App (no _meta.ui.resourceUri with a ui:// URI)`));
      try {
        return ok(
          await manager.withClient(server, async (client) => {
            const hit = inspector.apps.get(server, client, declared.uri);
            if (hit) return { server, tool, ...hit, cached: true };
            if (declared.deprecated) manager.note(server, `MCP Apps: tool "${tool}" declares its app with the deprecated _meta["ui/resourceUri"]; use _meta.ui.resourceUri`);
            const app = await readApp(client, declared.uri, timeoutOf(server));
            inspector.apps.set(server, client, app);
            return { server, tool, ...app, cached: false };
          }),
        );
      } catch (err) {
        const failed = inspectorFailure<AppResource>(err);
        if (failed.ok || err instanceof CoreError) return failed;
        return { ok: false, error: { code: failed.error.code, message: `Reading the app ${declared.uri} of ${server}/${tool} failed: ${failed.error.message}` } };
      }
    },
  };
}
