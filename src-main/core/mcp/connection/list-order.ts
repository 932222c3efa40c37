/**
 * Where, in the order messages came in, a connection's last `tools/list` reply and its last
 * `notifications/tools/list_changed` fell (docs/connections-supervision.md § Tool list). A change
 * that arrives after the first list's reply but while the connection is still `connecting` (often
 * in the same chunk as that reply) is not covered by that list, and the change handler — which
 * ignores changes until the connection is up, because the ones before the reply ARE covered
 * (server-everything sends six) — would drop it: the connect re-lists when `lastChange > lastReply`.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

/** Positions (1-based, in the order messages came in; 0: none yet). */
export interface ListOrder {
  /** The last `tools/list` reply (result or error). */
  lastReply: number;
  /** The last `notifications/tools/list_changed`. */
  lastChange: number;
}

/**
 * Wrap `transport` in place (before `client.connect`, like the trace: the SDK chains the
 * `onmessage` installed here) so its `ListOrder` is kept. Ids of `tools/list` requests are held
 * until their reply (at most 100: a server that never answers does not grow the set).
 */
export function tapListOrder(transport: Transport): ListOrder {
  const order: ListOrder = { lastReply: 0, lastChange: 0 };
  let seq = 0;
  const listIds = new Set<string | number>();
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const m = message as { id?: string | number; method?: string };
    if (m.method === 'tools/list' && m.id !== undefined) {
      if (listIds.size >= 100) listIds.clear();
      listIds.add(m.id);
    }
    return send(message, options);
  };
  const previous = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage, extra) => {
    seq++;
    const m = message as { id?: string | number; method?: string };
    if (m.method === 'notifications/tools/list_changed') order.lastChange = seq;
    else if (m.method === undefined && m.id !== undefined && listIds.delete(m.id)) order.lastReply = seq;
    previous?.(message, extra);
  };
  return order;
}
