/**
 * The MCP client we present to every server: one capability set, declared once, and the handlers
 * for the requests a server may send us (roots, sampling, elicitation, tasks).
 *
 * Sampling and elicitation go to the server-request broker (`server-requests.ts`), which asks a
 * person through the UI, or a policy; with no broker, or no face attached, they are declined at
 * once — never left hanging. Roots come from the hooks (the person chooses them) or default to the
 * roots the server's own host gives (docs/roots.md). Notifications the inspector follows (resource updates, list changes, log
 * messages, task status) go to `hooks.onNotice`; log messages also land in the server's log.
 */
import {
  Client,
  ProtocolError,
  ProtocolErrorCode,
  type ClientCapabilities,
  type CreateMessageResult,
  type ElicitResult,
  type ListRootsResult,
  type ConnectOptions,
  type Transport,
  type VersionNegotiationMode,
} from '@modelcontextprotocol/client';
import type { Root, ServerRequestAnswer, ServerRequestKind } from '../../../../src-shared/api/inspector.js';
import { MODERN_PROTOCOL_VERSION, type ProtocolMode } from '../../../../src-shared/config/server.js';
import type { ClientHooks } from './client-hooks.js';
import { ClientTaskStore, TASK_BY_ID } from './client-tasks.js';
import { liftTaskHandle } from './modern-tasks.js';
import { catchExclusions } from '../transport/tool-headers.js';

import { bypassIgnoredNotifications } from './notification-fast-path.js';
import { keepResponsesBehindNotifications } from './response-order.js';
import { MAX_TOOL_PAGES } from '../tools/tool-listing.js';
import { attachCacheStore, ObservedCacheStore } from './response-cache.js';
import { isOpenableUrl, REFUSED_URL_REASON } from '../../../../src-shared/openable-url.js';
import { APPS_CLIENT_CAPABILITY, APPS_EXTENSION_ID } from '../apps/apps-extension.js';

/** The SDK client's step that leaves tools with an invalid `x-mcp-header` out of a list (SDK 2.4.0). */
export const EXCLUDE_STEP = '_excludeInvalidXMcpHeaderTools';

/**
 * Capabilities we declare (at `initialize`, or in every request's `_meta` on 2026-07-28): roots
 * (with list_changed), sampling, form elicitation with defaults applied, URL elicitation (the person
 * sees the exact address before it opens; only http(s)), and 2025-11-25 tasks for
 * elicitation (client-tasks.ts), and the skills extension (issue 35; docs/extensions.md § Skills). Sampling is not task-capable: a declined sampling request is an
 * error reply, which a task result cannot carry.
 */
export const CLIENT_CAPABILITIES: ClientCapabilities = {
  roots: { listChanged: true },
  sampling: {},
  elicitation: { form: { applyDefaults: true }, url: {} },
  tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} } } },
  // Extensions we read, announced per SEP-2133 in both eras: skills (issue 35, SEP-2640; no settings
  // of our own) and MCP Apps (docs/mcp-apps.md: the extension and the app MIME type Switchboard reads).
  extensions: { 'io.modelcontextprotocol/skills': {}, [APPS_EXTENSION_ID]: APPS_CLIENT_CAPABILITY },
};

/** Options of `createMcpClient`. */
export interface McpClientOptions {
  name: string;
  version: string;
  /** Roots offered when the person chose none: the host's rule (docs/roots.md, `hostRoots`); default none. */
  defaultRoots?: Root[];
  /** Lifecycle/diagnostic notes (declined requests, server log messages), written to the server's log as `system`. */
  note?: (text: string) => void;
  /** The server this client talks to (for the broker and notices). */
  server?: string;
  /** Inspector hooks (broker, roots, notices); see `client-hooks.ts`. */
  hooks?: ClientHooks;
  /** Protocol generation (issue 10; default `auto`). */
  protocol?: ProtocolMode;
  /** Probe timeout (ms) of the `auto` / pinned negotiation; default the connect timeout. */
  probeTimeoutMs?: number;
}

/** A client plus what must be cleaned up with it. */
export interface McpClientHandle {
  client: Client;
  /** Stop the task store's TTL timers (call after closing the client). */
  dispose(): void;
}

/**
 * The SDK's `Client` with one change: a task-augmented `elicitation/create` (2025-11-25, answered
 * with a task, not an `ElicitResult`) skips the SDK's result validation, which knows no tasks
 * (SDK v2 dropped the 2025 task runtime). Every other request keeps the SDK's checks. Overrides the
 * documented protected `_wrapHandler` hook; no private state is touched.
 */
export class SwitchboardClient extends Client {
  constructor(...args: ConstructorParameters<typeof Client>) {
    super(...args);
    // Issue 12 item 4: the tools the SDK leaves out of a list for an invalid `x-mcp-header`, and why
    // (tool-headers.ts). Its filter step is private to the SDK's types, so it is wrapped here, by name;
    // `sdk-seams.test.ts` fails when an SDK update renames it.
    const self = this as unknown as Record<typeof EXCLUDE_STEP, ((result: { tools: unknown[] }) => void) | undefined>;
    const exclude = self[EXCLUDE_STEP];
    if (typeof exclude === 'function') self[EXCLUDE_STEP] = (result) => catchExclusions(result, () => exclude.call(this, result));
  }

  /** Issue 13: notifications the SDK would ignore reach only the transport's own hook (notification-fast-path.ts). */
  override async connect(transport: Transport, options?: ConnectOptions): Promise<void> {
    const ownHook = transport.onmessage;
    await super.connect(transport, options);
    bypassIgnoredNotifications(this, transport, ownHook);
    // Trial 6 finding 6: progress read with its response reaches the call (response-order.ts).
    keepResponsesBehindNotifications(transport);
  }

  /** Issue 12 item 5: a task handle answering a `tools/call` that declared the tasks extension reaches the SDK as a result (modern-tasks.ts). */
  protected override _onresponse(response: Parameters<Client['_onresponse']>[0]): void {
    super._onresponse(liftTaskHandle(this, response));
  }

  /**
   * Answer one of a task's `inputRequests` (`{method, params}` under `key`) through the handler
   * registered for its method, as the SDK's MRTR engine does for an `input_required` result: the
   * same dialogs and terminal prompts. Resolves the bare response (e.g. an `ElicitResult`); throws
   * when no handler serves that method or the handler refuses.
   */
  async fulfilInputRequest(key: string, entry: { method: string; params?: Record<string, unknown> }, signal: AbortSignal): Promise<Record<string, unknown>> {
    const handler = this._getRequestHandler(entry.method);
    if (!handler) throw new ProtocolError(ProtocolErrorCode.MethodNotFound, `Cannot answer input request '${key}': no handler for ${entry.method}`);
    const mcpReq = { id: key, method: entry.method, _meta: entry.params?._meta, requestState: () => undefined, signal, send: unavailable, notify: unavailable };
    const request = { jsonrpc: '2.0' as const, id: key, method: entry.method, ...(entry.params ? { params: entry.params } : {}) };
    return (await handler(request, this.buildContext({ sessionId: this.transport?.sessionId, mcpReq } as never))) as Record<string, unknown>;
  }

  protected override _wrapHandler(
    method: string,
    handler: Parameters<Client['_wrapHandler']>[1],
  ): ReturnType<Client['_wrapHandler']> {
    const wrapped = super._wrapHandler(method, handler);
    if (method !== 'elicitation/create') return wrapped;
    return (request, ctx) => ((request.params as { task?: unknown } | undefined)?.task ? handler(request, ctx) : wrapped(request, ctx));
  }
}

const unavailable = (): never => {
  throw new ProtocolError(ProtocolErrorCode.InternalError, 'A task input request has no related request to send on');
};

/** The bare sentence of a declined sampling request (the server adds its own "MCP error" prefix). */
export const SAMPLING_DECLINED = 'Sampling request declined by the user';

/**
 * Issue 30: a gateway door's host answered (`relayed`): its result unchanged, or its error with the
 * same code and words; any other answer to a relayed request (the call ended, the server gave up)
 * throws `kind`'s refusal.
 */
function relayedResult<T>(answer: ServerRequestAnswer, kind: ServerRequestKind): T {
  if (answer.action !== 'relayed') throw new ProtocolError(ProtocolErrorCode.InvalidRequest, `The ${kind} request was not answered by the gateway's host (${answer.action})`);
  if (answer.error) throw new ProtocolError(answer.error.code, answer.error.message);
  return (answer.result ?? {}) as T;
}

/** Turn a person's sampling answer into a `CreateMessageResult`, or throw the decline. */
function samplingResult(answer: ServerRequestAnswer): CreateMessageResult {
  if (answer.action === 'relayed') return relayedResult(answer, 'sampling');
  if (answer.action === 'reply') {
    return { role: 'assistant', content: { type: 'text', text: answer.text }, model: answer.model ?? 'human', stopReason: 'endTurn' };
  }
  throw new ProtocolError(ProtocolErrorCode.InvalidRequest, answer.action === 'cancel' ? 'Sampling request cancelled by the user' : SAMPLING_DECLINED);
}

/** Turn a person's elicitation answer into an `ElicitResult`. */
function elicitResult(answer: ServerRequestAnswer, mode?: unknown): ElicitResult {
  if (answer.action === 'relayed') return relayedResult(answer, 'elicitation');
  // A URL-mode acceptance carries no content (the person acted in the browser).
  if (answer.action === 'accept') return mode === 'url' ? { action: 'accept' } : { action: 'accept', content: answer.content as ElicitResult['content'] };
  if (answer.action === 'cancel') return { action: 'cancel' };
  return { action: 'decline' };
}

/**
 * Build a `Client` with `CLIENT_CAPABILITIES` and the request handlers: `roots/list` → the hooks'
 * roots for this server, else `defaultRoots` (or `[]`); `sampling/createMessage` → the broker's
 * answer (`reply` → an assistant text message, model `human`; otherwise an McpError reply
 * "declined"); `elicitation/create` → the broker's accept/decline/cancel (task-augmented requests
 * get a task at once, completed when the person answers). No broker → declined at once.
 */
export function createMcpClient(options: McpClientOptions): McpClientHandle {
  const taskStore = new ClientTaskStore();
  const cacheStore = new ObservedCacheStore();
  const mode = negotiationMode(options.protocol ?? 'auto');
  const client = new SwitchboardClient(
    { name: options.name, version: options.version },
    {
      capabilities: CLIENT_CAPABILITIES,
      versionNegotiation: { mode, ...(options.probeTimeoutMs !== undefined ? { probe: { timeoutMs: options.probeTimeoutMs } } : {}) },
      // 2026-07-28 `ttlMs` / `cacheScope` are the SDK's to honour; the store only lets us show it (response-cache.ts).
      responseCacheStore: cacheStore,
      listMaxPages: MAX_TOOL_PAGES,
    },
  );
  attachCacheStore(client, cacheStore);
  taskStore.install(client);
  const server = options.server ?? options.name;
  const hooks = options.hooks ?? {};

  // Every server request reaches a face through here — directly, as part of a task, or replayed from
  // a 2026-era input_required result — so the http(s)-only rule for addresses is checked here once,
  // before a face could open anything (issue 26 item 4: the task path skipped it).
  const ask = async (kind: ServerRequestKind, params: Record<string, unknown>, signal?: AbortSignal): Promise<ServerRequestAnswer> => {
    if (kind === 'elicitation' && params.mode === 'url' && !isOpenableUrl(params.url)) {
      options.note?.(`URL elicitation declined: ${REFUSED_URL_REASON}`);
      return { action: 'decline' };
    }
    if (!hooks.broker) return { action: 'decline' };
    const answer = await hooks.broker.ask(server, kind, params, signal);
    return answer;
  };

  client.setRequestHandler('roots/list', async (_request, ctx) => {
    // Issue 30: during a call through a host's gateway door, the host's own roots (or a refusal in words).
    refuseForGateway('roots');
    if (hooks.broker?.gatewayRoute(server, 'roots')) return relayedResult<ListRootsResult>(await ask('roots', {}, ctx.mcpReq.signal), 'roots');
    const roots = hooks.roots?.(server) ?? options.defaultRoots ?? [];
    return { roots: roots.map((r) => (r.name ? { uri: r.uri, name: r.name } : { uri: r.uri })) };
  });

  // Issue 30: a request raised during a call through a host's gateway door is refused at once, in words.
  const refuseForGateway = (kind: ServerRequestKind): void => {
    const why = hooks.broker?.gatewayRefusal(server, kind);
    if (why === undefined) return;
    options.note?.(`${kind} request refused: ${why}`);
    throw new ProtocolError(ProtocolErrorCode.InvalidRequest, why);
  };

  client.setRequestHandler('sampling/createMessage', async (request, ctx) => {
    refuseForGateway('sampling');
    const answer = await ask('sampling', request.params as Record<string, unknown>, ctx.mcpReq.signal);
    options.note?.(answer.action === 'reply' ? 'answered a sampling request' : `sampling request: ${answer.action}`);
    return samplingResult(answer);
  });

  client.setRequestHandler('elicitation/create', async (request, ctx) => {
    refuseForGateway('elicitation');
    const { task, ...params } = request.params as Record<string, unknown> & { task?: { ttl?: number } };
    if (task) {
      // Task-augmented (2025-11-25): answer with the task now; the person's answer completes it later.
      const created = taskStore.create(task.ttl ?? null);
      void ask('elicitation', params).then((answer) => {
        options.note?.(`elicitation (task ${created.taskId}): ${answer.action}`);
        taskStore.complete(created.taskId, elicitResult(answer) as Record<string, unknown>);
      });
      return { task: created } as unknown as ElicitResult;
    }
    const answer = await ask('elicitation', params, ctx.mcpReq.signal);
    options.note?.(`elicitation request: ${answer.action}`);
    return elicitResult(answer, params.mode);
  });

  const notice = (method: string) => (n: { params?: unknown }) =>
    hooks.onNotice?.({ server, method, params: (n.params ?? {}) as Record<string, unknown> });
  client.setNotificationHandler('notifications/resources/updated', notice('notifications/resources/updated'));
  client.setNotificationHandler('notifications/resources/list_changed', notice('notifications/resources/list_changed'));
  client.setNotificationHandler('notifications/prompts/list_changed', notice('notifications/prompts/list_changed'));
  // 2025-11-25 task vocabulary has no typed surface in SDK v2: registered with its own schema.
  client.setNotificationHandler('notifications/tasks/status', { params: TASK_BY_ID }, (params) =>
    notice('notifications/tasks/status')({ params }),
  );
  client.setNotificationHandler('notifications/message', (n) => {
    const { level, logger, data } = n.params;
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    options.note?.(`server log [${level}]${logger ? ` ${logger}` : ''}: ${text}`);
    notice('notifications/message')(n);
  });

  return { client, dispose: () => taskStore.dispose() };
}

/** The SDK's negotiation mode for a server's `protocol` setting. */
export function negotiationMode(protocol: ProtocolMode): VersionNegotiationMode {
  if (protocol === 'legacy') return 'legacy';
  if (protocol === MODERN_PROTOCOL_VERSION) return { pin: MODERN_PROTOCOL_VERSION };
  return 'auto';
}
