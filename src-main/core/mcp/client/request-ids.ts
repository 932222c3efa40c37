/**
 * The JSON-RPC id the SDK gave one of our requests (issue 34: an `events/stream` is routed by it —
 * every `notifications/events/*` of that stream carries it in `_meta["io.modelcontextprotocol/subscriptionId"]`).
 * The SDK does not hand request ids to callers, so a request that wants its id carries a private
 * marker in its params (`REQUEST_ID_KEY`); the transport's send wrapper (request-meta.ts) takes the
 * marker off before the message leaves and reports the id. Nothing of it reaches the wire.
 */
import type { Client } from '@modelcontextprotocol/client';

/** The params key of the marker (ours; removed before sending). */
export const REQUEST_ID_KEY = 'switchboard/requestIdKey';

const waiting = new WeakMap<Client, Map<string, (id: string | number) => void>>();

/** Ask for the id of the request of `client` whose params carry `{[REQUEST_ID_KEY]: key}`. */
export function onRequestId(client: Client, key: string, got: (id: string | number) => void): () => void {
  const map = waiting.get(client) ?? new Map<string, (id: string | number) => void>();
  waiting.set(client, map);
  map.set(key, got);
  return () => void map.delete(key);
}

/** The outgoing `message` without our marker (reporting its id); anything else as it came. */
export function takeRequestIdMarker<M extends { id?: unknown; params?: Record<string, unknown> }>(client: Client, message: M): M {
  const key = message.params?.[REQUEST_ID_KEY];
  if (typeof key !== 'string') return message;
  const { [REQUEST_ID_KEY]: _marker, ...params } = message.params ?? {};
  const got = waiting.get(client)?.get(key);
  if (got && (typeof message.id === 'string' || typeof message.id === 'number')) {
    waiting.get(client)?.delete(key);
    got(message.id);
  }
  return { ...message, params };
}
