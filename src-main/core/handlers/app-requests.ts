/**
 * A running MCP App's own requests (issue 33 item 3; ext-apps spec 2026-01-26 § Visibility;
 * docs/mcp-apps.md § What the app may ask): `apps:call-tool` and `apps:read-resource`. The face that
 * hosts the app (the window's bridge) only forwards them, naming the app (server, tool, `ui://` URI);
 * every rule is here, so each face refuses alike:
 *
 * - the app must be the one that tool declares, and served: its server trusted and not changed, the
 *   app not changed since it was pinned (the same answer `apps:resource` gives, from its cache);
 * - `tools/call` goes to the app's own server only, to a tool whose `_meta.ui.visibility` includes
 *   `app` (absent = both), then through the one call path (`tools:call`: trace, history, redaction);
 * - `resources/read` goes to the app's own server only.
 *
 * Refusals (results, not exceptions), word for word:
 * - BAD_REQUEST `Tool "<name>" is not a tool of server "<server>": an app may call only its own server's tools`
 * - BAD_REQUEST `Tool "<name>" of "<server>" is not visible to apps (_meta.ui.visibility ["model"])`
 * - BAD_REQUEST `The app <uri> is not the app of <server>/<tool> (that is <its uri>)`
 * - UNTRUSTED `The app <uri> of "<server>" changed since it was pinned: its requests are refused until you accept it (run: switchboard pins accept <server> <tool>)`
 * - and `apps:resource`'s own (UNTRUSTED for an untrusted or changed server, NOT_FOUND, …).
 */
import { fail, type Result } from '../../../src-shared/api/envelope.js';
import type { AppAnswer, AppCaller } from '../../../src-shared/api/apps.js';
import type { ApiHandlers } from '../../../src-shared/api/contract.js';
import type { CoreContext, HandlerGroup } from './context.js';

/** `undefined` when `app` may make requests, else the refusal. */
export async function refusal(app: AppCaller, answer: (server: string, tool: string) => Promise<Result<AppAnswer>>): Promise<Result<never> | undefined> {
  const a = await answer(app.server, app.tool);
  if (!a.ok) return a;
  if (a.data.uri !== app.resourceUri) return fail('BAD_REQUEST', `The app ${app.resourceUri} is not the app of ${app.server}/${app.tool} (that is ${a.data.uri})`);
  if (a.data.status === 'changed') {
    return fail('UNTRUSTED', `The app ${a.data.uri} of "${app.server}" changed since it was pinned: its requests are refused until you accept it (run: ${a.data.review})`);
  }
  return undefined;
}

export function appRequestHandlers(
  ctx: CoreContext,
  answer: (server: string, tool: string) => Promise<Result<AppAnswer>>,
  call: ApiHandlers['tools:call'],
  read: ApiHandlers['resources:read'],
): HandlerGroup<'apps:call-tool' | 'apps:read-resource'> {
  return {
    'apps:call-tool': async ({ app, name, arguments: args, previewChars }) => {
      const refused = await refusal(app, answer);
      if (refused) return refused;
      const target = ctx.manager.listTools(app.server).find((t) => t.name === name);
      if (!target) return fail('BAD_REQUEST', `Tool "${name}" is not a tool of server "${app.server}": an app may call only its own server's tools`);
      if (target.visibility && !target.visibility.includes('app')) {
        return fail('BAD_REQUEST', `Tool "${name}" of "${app.server}" is not visible to apps (_meta.ui.visibility ${JSON.stringify(target.visibility)})`);
      }
      return call({ server: app.server, tool: name, args, ...(previewChars !== undefined ? { previewChars } : {}) });
    },
    'apps:read-resource': async ({ app, uri }) => (await refusal(app, answer)) ?? read({ server: app.server, uri }),
  };
}
