/**
 * The tasks extension of MCP 2026-07-28 on our side of the wire (issue 12 item 5; docs/protocol-eras.md
 * § Tasks). A server that advertises `io.modelcontextprotocol/tasks` may answer any `tools/call`
 * whose per-request capabilities declare the extension with a task handle (`resultType: "task"`)
 * instead of a result; the client then polls `tasks/get`, answers `inputRequests` with
 * `tasks/update`, and may `tasks/cancel`.
 *
 * SDK 2.4.0 knows no `resultType: "task"` (its codec rejects it as an unsupported result type), and
 * ext-tasks' own session needs a raw JSON-RPC dispatcher beside the SDK's and takes over the
 * client's fallback handlers and `onclose`. So we keep the SDK's request path (ids, timeouts,
 * progress, MRTR legs before the task exists, the re-issue of a lost stream) and use ext-tasks only
 * for the extension's vocabulary: the capability check, the `_meta` declaration and the wire
 * schemas. Two small seams: `declareTasksExtension` on the way out (request-meta.ts) and
 * `liftTaskHandle` on the way in (the client subclass's `_onresponse`, client-factory.ts).
 */
import type { Client } from '@modelcontextprotocol/client';
import { CLIENT_CAPABILITIES_META_KEY_V2 as CLIENT_CAPABILITIES_META_KEY, hasTaskServerCapabilityV2, isCreateTaskResultV2, withTaskCapabilityV2 } from '@modelcontextprotocol/ext-tasks/core/v2';

/** The extension's identifier. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** Where a lifted task handle rides on the result the SDK decodes (our key; never on the wire). */
export const TASK_HANDLE_KEY = 'switchboard/taskHandle';

/** A task as the extension shapes it (`Task`, times ISO 8601, durations ms). */
export interface ModernTask {
  taskId: string;
  status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number | null;
  pollIntervalMs?: number;
}

/** The request methods that carry the extension's declaration (the only task-capable request, and the extension's own). */
const DECLARING = new Set(['tools/call', 'tasks/get', 'tasks/update', 'tasks/cancel']);

/** `tools/call` request ids (per client) sent with the declaration: only their answers may be task handles. */
const declaredCalls = new WeakMap<Client, Set<string | number>>();

/** The extension check per server-capabilities object (a schema parse; asked on every tools/call). */
const offeredBy = new WeakMap<object, boolean>();

/** Whether `client` talks 2026-07-28 to a server that advertises the tasks extension (the spec's negotiation). */
export function offersTasks(client: Client): boolean {
  const caps = client.getProtocolEra() === 'modern' ? client.getServerCapabilities() : undefined;
  if (!caps) return false;
  let offered = offeredBy.get(caps);
  if (offered === undefined) offeredBy.set(caps, (offered = hasTaskServerCapabilityV2(caps)));
  return offered;
}

/**
 * The outgoing `message` with the extension declared in its per-request client capabilities, when
 * the server offers it and the method is `tools/call` or `tasks/*`; else `message` unchanged.
 * Remembers a declaring `tools/call`'s id so `liftTaskHandle` accepts a task handle for it.
 */
export function declareTasksExtension<M extends { id?: unknown; method?: string; params?: Record<string, unknown> }>(client: Client, message: M): M {
  if (message.id === undefined || message.method === undefined || !DECLARING.has(message.method) || !offersTasks(client)) return message;
  if (message.method === 'tools/call') {
    const ids = declaredCalls.get(client) ?? new Set();
    ids.add(message.id as string | number);
    declaredCalls.set(client, ids);
  }
  const params = (message.params ?? {}) as Parameters<typeof withTaskCapabilityV2>[0];
  const meta = params._meta as Record<string, unknown> | undefined;
  const capabilities = meta?.[CLIENT_CAPABILITIES_META_KEY];
  if (meta === undefined || typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities)) return { ...message, params: withTaskCapabilityV2(params) } as M;
  // The SDK puts the same capabilities object into every request's `_meta` (it replaces it, never
  // edits it): the declaring copy is made once per object, not per call (issue 32 item 1).
  let declared = declaringCapabilities.get(capabilities);
  if (declared === undefined) {
    const once = withTaskCapabilityV2({ _meta: { [CLIENT_CAPABILITIES_META_KEY]: capabilities } } as Parameters<typeof withTaskCapabilityV2>[0]);
    declaringCapabilities.set(capabilities, (declared = (once._meta as Record<string, unknown>)[CLIENT_CAPABILITIES_META_KEY]));
  }
  return { ...message, params: { ...params, _meta: { ...meta, [CLIENT_CAPABILITIES_META_KEY]: declared } } } as M;
}

/** Per-request client capabilities → the same with the extension declared (`withTaskCapabilityV2`'s, made once). */
const declaringCapabilities = new WeakMap<object, unknown>();

/**
 * A JSON-RPC response as the SDK gets it: a task handle answering one of our declaring
 * `tools/call` requests becomes a `complete` result carrying the handle under `TASK_HANDLE_KEY`
 * (the SDK would reject it otherwise). Anything else — other requests, a handle for a request that
 * did not declare the extension (invalid per the spec, so the SDK's rejection stands) — is
 * returned as it came.
 */
export function liftTaskHandle<R extends { id?: unknown; result?: unknown }>(client: Client, response: R): R {
  const ids = declaredCalls.get(client);
  if (!ids || response.id === undefined || !ids.delete(response.id as string | number)) return response;
  const result = response.result as Record<string, unknown> | undefined;
  if (result?.resultType !== 'task' || !isCreateTaskResultV2(result)) return response;
  // Only the Task fields: a server may add `content: []` (the SDK server fills contentless results).
  const { taskId, status, statusMessage, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs, _meta } = result;
  const task: ModernTask = { taskId, status, createdAt, lastUpdatedAt, ttlMs, ...(statusMessage !== undefined ? { statusMessage } : {}), ...(pollIntervalMs !== undefined ? { pollIntervalMs } : {}) };
  return { ...response, result: { resultType: 'complete', content: [], ...(_meta ? { _meta } : {}), [TASK_HANDLE_KEY]: task } };
}

/** The task handle a `tools/call` answered with, if it did. */
export function taskHandleOf(raw: Record<string, unknown>): ModernTask | undefined {
  const handle = raw[TASK_HANDLE_KEY];
  return handle && typeof handle === 'object' ? (handle as ModernTask) : undefined;
}
