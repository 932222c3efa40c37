/**
 * Per-request `_meta` that we add ourselves (issue 10): the log level. In the 2026-07-28 revision
 * `logging/setLevel` is gone (Logging is deprecated there, SEP-2577); a client asks for log
 * messages per request with `_meta["io.modelcontextprotocol/logLevel"]`, and without it a server
 * sends none for that request. The SDK attaches the protocol-version / client-info / capabilities
 * envelope itself; this adds the level to every outgoing request of a modern-era connection.
 *
 * A seam for issue 12 (headers, caching): further per-request keys go here, not into callers.
 */
import { LOG_LEVEL_META_KEY, type Client, type LoggingLevel, type Transport } from '@modelcontextprotocol/client';
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

/**
 * Wrap `transport.send` so each request of a modern-era connection carries the log level, when the
 * server declares the logging capability, and the tasks extension where it applies (modern-tasks.ts). Call before `client.connect(transport)`. Legacy-era
 * traffic is untouched (it uses `logging/setLevel`).
 */
export function addRequestMeta(transport: Transport, client: Client): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    // Issue 12 item 5: tools/call and tasks/* declare the tasks extension when the server offers it.
    // Issue 34: a request that asked for its JSON-RPC id (an events/stream) gets it; the marker never leaves.
    const m = declareTasksExtension(client, takeRequestIdMarker(client, message as { id?: unknown; method?: string; params?: Record<string, unknown> }));
    if (m.method !== undefined && m.id !== undefined && client.getProtocolEra() === 'modern' && client.getServerCapabilities()?.logging) {
      const meta = { ...((m.params?._meta as Record<string, unknown> | undefined) ?? {}) };
      if (meta[LOG_LEVEL_META_KEY] === undefined) meta[LOG_LEVEL_META_KEY] = requestLogLevel(client);
      return send({ ...m, params: { ...(m.params ?? {}), _meta: meta } } as typeof message, options);
    }
    return send(m as typeof message, options);
  };
}
