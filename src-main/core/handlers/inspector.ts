/**
 * Handlers of the inspector methods (issue 5; src-shared/api/methods/inspector.ts): cancel,
 * catalog/describe, call history, resources, prompts, completions, logging level, server requests,
 * roots, tasks. Results, not exceptions: SDK errors become PROTOCOL_ERROR / TIMEOUT with the
 * server's message.
 */
import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { fail, ok, type Result } from '../../../src-shared/api/envelope.js';
import { DEFAULT_TIMEOUT_MS } from '../../../src-shared/config/server.js';
import type { ToolInfo } from '../../../src-shared/api/status.js';
import { findByAgentName, type AgentNameMatch } from '../../../src-shared/config/former-tool-names.js';
import { CoreError, toFailure } from '../facade/errors.js';
import { buildCatalog, describeTool } from '../mcp/tools/catalog.js';
import * as ops from '../mcp/inspector/inspector-ops.js';
import { failureMessage } from '../mcp/tools/tool-bridge.js';
import { hostRoots, rootsProjectDir } from '../mcp/connection/host-roots.js';
import { rootsOrigin } from '../../../src-shared/config/host-roots.js';
import type { CoreContext, HandlerGroup } from './context.js';
import { startCallTrace } from '../mcp/logs/trace-context.js';

type InspectorMethod =
  | 'tools:cancel'
  | 'tools:refresh'
  | 'tools:catalog'
  | 'tools:describe'
  | 'tools:filtered'
  | 'tools:fullText'
  | 'resources:list'
  | 'resources:templates'
  | 'resources:read'
  | 'resources:subscribe'
  | 'prompts:list'
  | 'prompts:get'
  | 'completion:complete'
  | 'logging:setLevel'
  | 'requests:list'
  | 'requests:answer'
  | 'roots:get'
  | 'roots:set'
  | 'tasks:call'
  | 'tasks:list'
  | 'tasks:cancel';

/** Map a thrown value: CoreError keeps its code; an SDK timeout → TIMEOUT; other SDK/JSON-RPC errors → PROTOCOL_ERROR. */
export function inspectorFailure<T = never>(err: unknown): Result<T> {
  if (err instanceof CoreError) return toFailure(err);
  if (err instanceof ProtocolError || err instanceof SdkError) {
    return fail(err instanceof SdkError && err.code === SdkErrorCode.RequestTimeout ? 'TIMEOUT' : 'PROTOCOL_ERROR', failureMessage(err));
  }
  return fail('PROTOCOL_ERROR', failureMessage(err));
}

/** Run `task`, mapping a throw to a failure. */
async function attempt<T>(task: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await task());
  } catch (err) {
    return inspectorFailure(err);
  }
}

/**
 * Find a tool by agent-visible name, else by raw tool name (and `server`), else by its agent-visible name
 * before digits were kept (one release, with a `note`: `findByAgentName`); or by raw server + tool.
 * Throws NOT_FOUND / BAD_REQUEST.
 */
export function findTool(tools: readonly ToolInfo[], q: { name?: string; server?: string; tool?: string }): AgentNameMatch<ToolInfo> {
  if (q.name !== undefined) {
    const name = q.name;
    const current = tools.find((x) => x.agentName !== '' && x.agentName === name) ?? tools.find((x) => x.name === name && (q.server === undefined || x.server === q.server));
    const match = current ? { tool: current } : findByAgentName(tools, name);
    if (!match) throw new CoreError('NOT_FOUND', `Unknown tool "${name}". See: switchboard tools --catalog`);
    return match;
  }
  if (q.server === undefined || q.tool === undefined) throw new CoreError('BAD_REQUEST', 'Give a tool name, or a server and a tool');
  const t = tools.find((x) => x.server === q.server && x.name === q.tool);
  if (!t) throw new CoreError('NOT_FOUND', `Unknown tool "${q.tool}" on server "${q.server}"`);
  return { tool: t };
}

export function inspectorHandlers(ctx: CoreContext): HandlerGroup<InspectorMethod> {
  const { manager, inspector } = ctx;
  const timeoutOf = (server: string): number => ctx.discovery()?.servers.find((s) => s.name === server)?.timeout ?? DEFAULT_TIMEOUT_MS;
  const withClient = <T>(server: string, fn: (client: Parameters<Parameters<typeof manager.withClient>[1]>[0], timeoutMs: number) => Promise<T>) =>
    attempt(() => manager.withClient(server, (client) => fn(client, timeoutOf(server))));

  /** The roots a server is offered and their origin (docs/roots.md): the person's choice, else its host's rule. */
  const rootsView = (server: string) => {
    const host = ctx.discovery()?.servers.find((s) => s.name === server)?.source.host;
    const chosen = inspector.roots.get(server);
    return { roots: chosen ?? hostRoots(host, rootsProjectDir(ctx.options)), origin: rootsOrigin(host, chosen !== undefined, rootsProjectDir(ctx.options) === undefined) };
  };

  /** Issue 14 item 7: a list that lied is said in the server's status (and the warnings panel) too. */
  const noteList = <R extends { warning?: string }>(server: string, kind: string, r: Result<R>): Result<R> => {
    if (!r.ok) return r;
    const before = inspector.listWarningText(server);
    inspector.noteListWarning(server, kind, r.data.warning);
    if (inspector.listWarningText(server) !== before) ctx.pokeServersChanged();
    return r;
  };

  return {
    'tools:cancel': async ({ callId }) => {
      const controller = inspector.calls.get(callId);
      if (!controller) return ok({ cancelled: false });
      controller.abort();
      return ok({ cancelled: true });
    },

    'tools:refresh': async ({ server }) =>
      attempt(async () => {
        const rt = await manager.refreshTools(server);
        return { toolCount: rt.toolCount, ...(rt.toolsCache ? { cache: rt.toolsCache } : {}) };
      }),

    'tools:catalog': async ({ server }) => ok(buildCatalog(manager.listTools(server))),

    'tools:describe': async (q) =>
      attempt(async () => {
        const { tool, note } = findTool(manager.listTools(), q);
        return note === undefined ? describeTool(tool) : { ...describeTool(tool), note };
      }),

    'tools:filtered': async ({ server }) => ok(manager.filteredOutTools(server)),

    'tools:fullText': async ({ resultId }) => {
      const text = inspector.fullTexts.get(resultId);
      return text === undefined ? fail('NOT_FOUND', 'That result is no longer kept; call the tool again') : ok({ text });
    },

    'resources:list': async ({ server, refresh }) => noteList(server, 'resources', await withClient(server, (c, t) => ops.listResources(c, t, refresh === true))),

    'resources:templates': async ({ server, refresh }) => noteList(server, 'templates', await withClient(server, (c, t) => ops.listResourceTemplates(c, t, refresh === true))),

    'resources:read': ({ server, uri }) => withClient(server, (c, t) => ops.readResource(c, uri, t)),

    'resources:subscribe': ({ server, uri, on }) =>
      withClient(server, async (c, t) => {
        await ops.setSubscription(c, uri, on, t);
        const set = inspector.subscriptions.get(server) ?? new Set<string>();
        if (on) set.add(uri);
        else set.delete(uri);
        inspector.subscriptions.set(server, set);
        return { subscribed: [...set] };
      }),

    'prompts:list': async ({ server, refresh }) => noteList(server, 'prompts', await withClient(server, (c, t) => ops.listPrompts(c, t, refresh === true))),

    'prompts:get': ({ server, name, args }) => withClient(server, (c, t) => ops.getPrompt(c, name, args, t)),

    'completion:complete': ({ server, ref, argument, context }) => withClient(server, (c, t) => ops.complete(c, ref, argument, context, t)),

    'logging:setLevel': ({ server, level }) =>
      withClient(server, async (c, t) => {
        if (!c.getServerCapabilities()?.logging) throw new CoreError('BAD_REQUEST', `Server "${server}" does not declare the logging capability`);
        await ops.setLoggingLevel(c, level, t);
        return { level };
      }),

    'requests:list': async () => ok(inspector.broker.pending()),

    'requests:answer': async ({ id, answer }) => ok({ answered: inspector.broker.answer(id, answer) }),

    'roots:get': async ({ server }) => ok(rootsView(server)),

    'roots:set': async ({ server, roots, reset }) => {
      if (reset) inspector.roots.delete(server);
      else inspector.roots.set(server, roots);
      // Tell the server if it is connected; a stopped server asks again when it starts.
      try {
        await manager.withClient(server, (c) => c.sendRootsListChanged());
      } catch {
        // not connected: nothing to tell
      }
      return ok(rootsView(server));
    },

    // One W3C trace for the task's call and its polls (docs/extensions.md § Trace context).
    'tasks:call': ({ server, tool, args }) =>
      withClient(server, async (c, t) => {
        const info = manager.listTools(server).find((x) => x.name === tool);
        if (!info) throw new CoreError('NOT_FOUND', `Unknown tool "${tool}" on server "${server}"`);
        return inspector.tasks.start(c, server, tool, args, { outputSchema: info.outputSchema, timeoutMs: t, trace: startCallTrace() });
      }),

    'tasks:list': async ({ server }) => ok(inspector.tasks.list(server)),

    'tasks:cancel': ({ server, taskId }) => withClient(server, (c, t) => inspector.tasks.cancel(c, server, taskId, t)),
  };
}
