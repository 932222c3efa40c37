/**
 * Per-request `_meta` that we add ourselves (issue 10): the log level. In the 2026-07-28 revision
 * `logging/setLevel` is gone (Logging is deprecated there, SEP-2577); a client asks for log
 * messages per request with `_meta["io.modelcontextprotocol/logLevel"]`, and without it a server
 * sends none for that request. The SDK attaches the protocol-version / client-info / capabilities
 * envelope itself; this adds the level to every outgoing request of a modern-era connection.
 *
 * A seam for issue 12 (headers, caching): further per-request keys go here, not into callers.
 */
import { CLIENT_CAPABILITIES_META_KEY, LOG_LEVEL_META_KEY, type Client, type LoggingLevel, type Transport } from '@modelcontextprotocol/client';
import { declareTasksExtension } from './modern-tasks.js';
import { takeRequestIdMarker } from './request-ids.js';

/** The level a modern-era server is asked for when nobody chose one (what legacy servers send by default). */
export const DEFAULT_MODERN_LOG_LEVEL: LoggingLevel = 'info';

const levels = new WeakMap<Client, LoggingLevel>();

/** Choose the log level sent with every later request of `client` (modern era). */
export function setRequestLogLevel(client: Client, level: LoggingLevel): void {
  levels.set(client, level);
}

/** The level `client`'s requests carry (modern era): the chosen one, else the default. */
export function requestLogLevel(client: Client): LoggingLevel {
  return levels.get(client) ?? DEFAULT_MODERN_LOG_LEVEL;
}

/** Per-request capabilities → the same without the 2025-11-25 core `tasks` (made once per object). */
const withoutCoreTasks = new WeakMap<object, Record<string, unknown>>();

/**
 * `capabilities` as a 2026-07-28 request carries them: without the core `tasks` capability, which
 * that revision deleted (tasks are the `io.modelcontextprotocol/tasks` extension there, SEP-2663; the
 * SDK's 2026 codec strips the same field from results). `CLIENT_CAPABILITIES` declares it for
 * 2025-11-25 servers, whose `initialize` still gets it. The copy is made once per capabilities
 * object (the SDK reuses one for every request; issue 32 item 1: 75 bytes less per request).
 * Returns `capabilities` itself when it has no `tasks` or is not an object.
 */
export function modernCapabilities(capabilities: unknown): unknown {
  if (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities) || !('tasks' in capabilities)) return capabilities;
  let out = withoutCoreTasks.get(capabilities);
  if (out === undefined) {
    const { tasks: _legacy, ...rest } = capabilities as Record<string, unknown>;
    withoutCoreTasks.set(capabilities, (out = rest));
  }
  return out;
}

/**
 * Wrap `transport.send` so each request of a modern-era connection carries the log level, when the
 * server declares the logging capability, and the tasks extension where it applies (modern-tasks.ts);
 * and so the per-request capabilities of every 2026-07-28 message (any that carries them in `_meta`,
 * the `server/discover` probe included) leave out the deleted core `tasks` (`modernCapabilities`).
 * Call before `client.connect(transport)`. Legacy-era traffic is untouched (it uses
 * `logging/setLevel`, and its capabilities travel in `initialize`).
 */
export function addRequestMeta(transport: Transport, client: Client): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    // Issue 12 item 5: tools/call and tasks/* declare the tasks extension when the server offers it.
    // Issue 34: a request that asked for its JSON-RPC id (an events/stream) gets it; the marker never leaves.
    const m = declareTasksExtension(client, takeRequestIdMarker(client, message as { id?: unknown; method?: string; params?: Record<string, unknown> }));
    const meta = m.params?._meta as Record<string, unknown> | undefined;
    const capabilities = meta?.[CLIENT_CAPABILITIES_META_KEY];
    const modern = modernCapabilities(capabilities);
    const level = m.method !== undefined && m.id !== undefined && meta?.[LOG_LEVEL_META_KEY] === undefined && client.getProtocolEra() === 'modern' && client.getServerCapabilities()?.logging ? requestLogLevel(client) : undefined;
    if (modern === capabilities && level === undefined) return send(m as typeof message, options);
    const next: Record<string, unknown> = { ...meta };
    if (modern !== capabilities) next[CLIENT_CAPABILITIES_META_KEY] = modern;
    if (level !== undefined) next[LOG_LEVEL_META_KEY] = level;
    return send({ ...m, params: { ...(m.params ?? {}), _meta: next } } as typeof message, options);
  };
}
