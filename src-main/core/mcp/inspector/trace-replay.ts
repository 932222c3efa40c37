/**
 * Which traced messages can be sent again, and as what (docs/inspecting.md "Replay"): a request we
 * sent, whose method is not part of the connection's lifecycle or a subscription, whose params were
 * neither redacted nor cut when traced. The request's `_meta` is left out: it is the client's
 * per-request envelope (progress token, protocol version, log level, task declaration), which the
 * live client adds afresh. Pure.
 */
import type { TraceEntry } from '../../../../src-shared/api/lifecycle.js';
import { REDACTED, URL_MASK } from '../../../../src-shared/redaction.js';

/** Methods never replayed, with why (the refusal's message names it). */
export const NOT_REPLAYABLE: Readonly<Record<string, string>> = {
  initialize: 'is the connection\'s handshake (restart the server to run it again)',
  'server/discover': 'is the connection\'s handshake in revision 2026-07-28 (restart the server to run it again)',
  'subscriptions/listen': 'opens a subscription stream, which the connection keeps itself',
  'resources/subscribe': 'is a subscription (subscribe from the Resources tab)',
  'resources/unsubscribe': 'ends a subscription (unsubscribe from the Resources tab)',
};

/** What to send again: the method and its params (without `_meta`). */
export interface ReplayPlan {
  method: string;
  params?: Record<string, unknown>;
}

/** The replay of `entry`, or why not (a sentence to show as a BAD_REQUEST). */
export function replayPlan(entry: TraceEntry): ReplayPlan | { refused: string } {
  const name = entry.method ?? entry.kind;
  if (entry.kind !== 'request' || entry.direction !== 'out') {
    return { refused: `Only a request Switchboard sent can be replayed; this is ${entry.direction === 'in' ? 'a message the server sent' : `a ${entry.kind}`} (${name})` };
  }
  const why = entry.method !== undefined ? NOT_REPLAYABLE[entry.method] : undefined;
  if (why) return { refused: `${entry.method} cannot be replayed: it ${why}` };
  let message: { method?: unknown; params?: unknown };
  try {
    message = JSON.parse(entry.text) as typeof message;
  } catch {
    return { refused: `${name} cannot be replayed: its text was cut to 4 KiB when traced, so its params are not whole` };
  }
  if (typeof message.method !== 'string') return { refused: `${name} cannot be replayed: the traced text has no method` };
  let params: Record<string, unknown> | undefined;
  if (message.params !== undefined) {
    if (message.params === null || typeof message.params !== 'object' || Array.isArray(message.params)) return { refused: `${name} cannot be replayed: its params are not an object` };
    const { _meta: _dropped, ...rest } = message.params as Record<string, unknown>;
    params = rest;
    const text = JSON.stringify(rest);
    // A value the trace redacted is gone: sending the marker would be a different request.
    if (text.includes(REDACTED) || text.includes(`:${URL_MASK}@`)) {
      return { refused: `${name} cannot be replayed: its params held a secret the trace redacted ("${REDACTED}"), and Switchboard will not send the placeholder in its place; make the request again from its tab` };
    }
  }
  return params === undefined ? { method: message.method } : { method: message.method, params };
}
