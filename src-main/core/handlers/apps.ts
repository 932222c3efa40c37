/**
 * Handlers of `apps:*` (issue 33, docs/mcp-apps.md): a tool's MCP App fetched with `resources/read`,
 * cached per server (mcp/apps/app-cache.ts) and checked against its pin (trust/app-pins.ts) on every
 * answer: a changed app is answered `changed`, never served, until the person accepts it. Apps of
 * untrusted or changed servers are never served. A read failure names the app:
 * `Reading the app <uri> of <server>/<tool> failed: <cause>`.
 */
import { ok, type Result } from '../../../src-shared/api/envelope.js';
import type { AppAnswer } from '../../../src-shared/api/apps.js';
import { DEFAULT_TIMEOUT_MS } from '../../../src-shared/config/server.js';
import { CoreError } from '../facade/errors.js';
import { declaredApp } from '../mcp/apps/app-uri.js';
import { readApp, type AppContent } from '../mcp/apps/app-resource.js';
import { appPinDigest, appPinOf } from '../trust/app-pins.js';
import type { ToolPinStore } from '../trust/tool-pins.js';
import { ALL_APP_PERMISSIONS, appAllowAttribute, buildAppCsp } from '../apps/csp.js';
import type { ApiHandlers } from '../../../src-shared/api/contract.js';
import { appLogHandlers } from './app-log.js';
import { appRequestHandlers } from './app-requests.js';
import { inspectorFailure } from './inspector.js';
import type { CoreContext, HandlerGroup } from './context.js';

/**
 * The app answers of one core: `answer(server, tool)` as `apps:resource` gives it, and
 * `refresh(server)` which reads (or takes from the cache) every app of `server`'s listed tools, so
 * the pins view knows which of them changed (docs/mcp-apps.md § Pinning). `refresh` never fails: an
 * app that cannot be read is not listed as changed.
 */
export function appReader(ctx: CoreContext, pins: ToolPinStore): { answer: (server: string, tool: string) => Promise<Result<AppAnswer>>; refresh: (server: string) => Promise<void> } {
  const { manager, inspector } = ctx;
  const timeoutOf = (server: string): number => ctx.discovery()?.servers.find((s) => s.name === server)?.timeout ?? DEFAULT_TIMEOUT_MS;

  /** The app as served, or `changed` when it differs from its pin (the first read pins it). */
  const checked = async (server: string, tool: string, app: AppContent, cached: boolean): Promise<AppAnswer> => {
    const { before, changes } = await pins.observeApp(server, tool, app.uri, appPinOf(app, Date.now()));
    if (!before || changes.length === 0) return { status: 'ok', server, tool, ...app, cached, cspPolicy: buildAppCsp(app.csp), allow: appAllowAttribute(app.permissions, ALL_APP_PERMISSIONS) };
    return { status: 'changed', server, tool, uri: app.uri, before: { sha256: appPinDigest(before) }, after: { sha256: app.sha256 }, changes, review: `switchboard pins accept ${server} ${tool}` };
  };

  const answer = async (server: string, tool: string): Promise<Result<AppAnswer>> => {
    const status = ctx.snapshot().servers.find((s) => s.server.name === server)?.status;
    if (status === 'untrusted' || status === 'changed') {
      return inspectorFailure(new CoreError('UNTRUSTED', `The apps of "${server}" are not served: the server is ${status === 'untrusted' ? 'not trusted' : 'changed since it was approved'} (run: switchboard trust${status === 'changed' ? ' --review' : ''})`));
    }
    const raw = manager.rawTools(server).find((t) => t.name === tool);
    if (!raw) return inspectorFailure(new CoreError('NOT_FOUND', `Unknown tool "${tool}" on server "${server}" (is it connected?)`));
    const declared = declaredApp(raw);
    if (!declared) return inspectorFailure(new CoreError('NOT_FOUND', `Tool "${tool}" of "${server}" has no MCP App (no _meta.ui.resourceUri with a ui:// URI)`));
    try {
      return ok(
        await manager.withClient(server, async (client) => {
          const hit = inspector.apps.get(server, client, declared.uri);
          if (hit) return checked(server, tool, hit, true);
          if (declared.deprecated) manager.note(server, `MCP Apps: tool "${tool}" declares its app with the deprecated _meta["ui/resourceUri"]; use _meta.ui.resourceUri`);
          const app = await readApp(client, declared.uri, timeoutOf(server));
          inspector.apps.set(server, client, app);
          return checked(server, tool, app, false);
        }),
      );
    } catch (err) {
      const failed = inspectorFailure<AppAnswer>(err);
      if (failed.ok || err instanceof CoreError) return failed;
      return { ok: false, error: { code: failed.error.code, message: `Reading the app ${declared.uri} of ${server}/${tool} failed: ${failed.error.message}` } };
    }
  };
  const refresh = async (server: string): Promise<void> => {
    const status = ctx.snapshot().servers.find((s) => s.server.name === server)?.status;
    if (status === 'untrusted' || status === 'changed') return;
    for (const raw of manager.rawTools(server)) if (declaredApp(raw)) await answer(server, raw.name);
  };
  return { answer, refresh };
}

/** `apps:*`; an app's own requests go through `call` (`tools:call`) and `read` (`resources:read`) after app-requests.ts's checks. */
export function appsHandlers(
  ctx: CoreContext,
  pins: ToolPinStore,
  call: ApiHandlers['tools:call'],
  read: ApiHandlers['resources:read'],
): HandlerGroup<'apps:resource' | 'apps:sandbox' | 'apps:call-tool' | 'apps:read-resource' | 'apps:log'> {
  const { answer } = appReader(ctx, pins);
  return {
    ...appRequestHandlers(ctx, answer, call, read),
    ...appLogHandlers(ctx, answer),
    'apps:resource': ({ server, tool }) => answer(server, tool),
    'apps:sandbox': async () => {
      const newest = ctx.appsSandboxes?.at(-1);
      return ok(newest ? { origin: newest.origin } : null);
    },
  };
}
