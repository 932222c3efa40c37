/**
 * The per-server JSON-RPC trace's tap (docs/inspecting.md, issue #4 "observability"): every message
 * in and out of a transport, with direction, time and, for replies, the latency since the request,
 * into the `TraceStore` (trace-store.ts: a ring per server). Secrets are redacted before any entry
 * is read (trace-text.ts; an entry's text is made on its first read or for the `trace` event after
 * the turn: issue 32 item 1) — the trace can be shown in the UI and printed by the CLI without
 * leaking a token.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { CallVia } from '../../../../src-shared/api/gateway.js';
import type { TraceEntry } from '../../../../src-shared/api/lifecycle.js';
import { redactText, redactValue, secretValues, type SecretValues } from '../../../../src-shared/redaction.js';
import type { HttpExchange, TransportEvent } from '../transport/http-exchange.js';
import { currentVia } from './call-via.js';
import { traceIdOf } from './trace-context.js';
import { bothHeld, cutText, lazyTraceText } from './trace-text.js';
import type { LazyParts, TraceStore } from './trace-store.js';

/** A traced request awaiting its reply: its method, when it went, the door and trace it carried. */
interface PendingRequest {
  method: string;
  at: number;
  via?: CallVia;
  traceId?: string;
}

/** What `traceTransport` needs. */
export interface TraceHookOptions {
  server: string;
  store: TraceStore;
  /** Secret strings of this server (resolved env/header/auth values) to scrub from payloads. */
  secrets: readonly string[];
  /**
   * While true, an outgoing request — and later its answer — is not traced: the keep-alive's probe
   * (keepalive-probe.ts), one every 2 s, would push the person's own messages out of the ring.
   */
  quiet?: () => boolean;
  /**
   * An http/sse server's exchanges (http-exchange.ts): each reply's entry carries the one of its
   * request; exchanges that carried no request of their own become `transport` entries.
   */
  http?: { take(id: string | number): HttpExchange | undefined; onTransport?: (event: TransportEvent) => void };
}

/**
 * Wrap `transport` in place so every message through it is traced: `send` (out) is wrapped, and an
 * `onmessage` (in) is installed that the SDK's Protocol chains when it connects. Call BEFORE
 * `client.connect(transport)`. Returns the transport.
 */
export function traceTransport<T extends Transport>(transport: T, options: TraceHookOptions): T {
  // Compiled once per connection, not per message.
  const serverSecrets = secretValues(options.secrets);
  // Requests awaiting their reply, by id: ours (`out`) and the server's (`in`, answered by us), apart.
  const pending = { in: new Map<string | number, PendingRequest>(), out: new Map<string | number, PendingRequest>() };
  // The held values at the time an entry is read (one function per connection, not per message).
  const heldNow = (): SecretValues => bothHeld(serverSecrets, options.store.heldValues());
  /**
   * The entry of `message`, as it was when it passed (`at`: `performance.now()`, `time`: epoch ms,
   * `via`: the door it was sent for, read then — the entry itself may be made later).
   */
  const record = (message: JSONRPCMessage, direction: 'in' | 'out', at: number, time: number, sentVia: CallVia | undefined): void => {
    const m = message as { id?: string | number; method?: string; error?: unknown };
    let kind: TraceEntry['kind'];
    let method = m.method;
    let latencyMs: number | undefined;
    // A gateway door's request (call-via.ts): its entry and its reply's carry the host.
    let via = sentVia;
    // Issue 35 item 4: the W3C trace id a request carries in `_meta.traceparent` (trace-context.ts); its reply's entry gets it too.
    let traceId = m.method !== undefined && m.id !== undefined ? traceIdOf(message) : undefined;
    if (m.method !== undefined) kind = m.id !== undefined ? 'request' : 'notification';
    else kind = m.error !== undefined ? 'error' : 'response';
    if (kind === 'request' && m.id !== undefined && method !== undefined) {
      // Requests from the server (`in`) are answered by us (`out`): kept by direction.
      const waiting = pending[direction];
      waiting.set(m.id, { method, at, ...(via ? { via } : {}), ...(traceId !== undefined ? { traceId } : {}) });
      if (waiting.size > 1000) {
        const oldest = waiting.keys().next();
        if (!oldest.done) waiting.delete(oldest.value);
      }
    } else if ((kind === 'response' || kind === 'error') && m.id !== undefined) {
      const waiting = pending[direction === 'in' ? 'out' : 'in'];
      const req = waiting.get(m.id);
      if (req) {
        waiting.delete(m.id);
        method = req.method;
        latencyMs = Math.round((at - req.at) * 100) / 100;
        via = req.via;
        traceId = req.traceId;
      }
    }
    const coreHeld = options.store.heldValues();
    let text: string | undefined;
    if (direction === 'in' && kind === 'notification' && method !== undefined) {
      const held = bothHeld(serverSecrets, coreHeld);
      // The channels seam gets the whole message (the trace text below is cut), redacted by the
      // same rule with the same values (the server's and the core's held ones, as the trace). One
      // redacted copy serves both: its JSON is the trace text (`redactedJson`'s contract), so a
      // flood's notification is redacted once, not twice (issue 27 item 7).
      const copy = redactValue(message, held) as { params?: unknown };
      options.store.serverNotification(options.server, copy.params === undefined ? { method } : { method, params: copy.params });
      try {
        text = JSON.stringify(copy);
      } catch {
        // left to traceText, which says what it cannot show
      }
    }
    const entry: Omit<TraceEntry, 'seq' | 'time' | 'text'> = { server: options.server, direction, kind };
    if (method !== undefined) entry.method = method;
    if (m.id !== undefined) entry.id = m.id;
    if (latencyMs !== undefined) entry.latencyMs = latencyMs;
    if (via !== undefined) entry.via = { host: via.host };
    if (traceId !== undefined) entry.traceId = traceId;
    const exchange = direction === 'in' && (kind === 'response' || kind === 'error') && m.id !== undefined ? options.http?.take(m.id) : undefined;
    const parts: LazyParts = { text: text !== undefined ? cutText(text) : lazyTraceText(message, heldNow) };
    // Header values by the one rule: Authorization, cookies and API-key headers by name, held values anywhere.
    if (exchange) parts.http = () => redactValue(exchange, heldNow());
    options.store.appendLazy(entry, parts, coreHeld !== undefined, time);
  };
  /**
   * Record `message` now (a server's notification: the channels seam gets it at once) or after this
   * turn (requests and replies, `TraceStore.later`): either way in the order messages passed.
   */
  const trace = (message: JSONRPCMessage, direction: 'in' | 'out'): void => {
    const at = performance.now();
    const time = options.store.now();
    const via = direction === 'out' ? currentVia() : undefined;
    if (direction === 'in' && 'method' in message && !('id' in message)) record(message, direction, at, time, via);
    else options.store.later(() => record(message, direction, at, time, via));
  };
  if (options.http) {
    // docs/inspecting.md "Transport rows": redacted by the same rule as every message.
    options.http.onTransport = (event) => {
      const coreHeld = options.store.heldValues();
      const held = bothHeld(serverSecrets, coreHeld);
      const entry: Omit<TraceEntry, 'seq' | 'time'> = { server: options.server, direction: event.direction, kind: 'transport', text: redactText(event.text, held) };
      if (event.method !== undefined) entry.method = event.method;
      if (event.id !== undefined) entry.id = event.id;
      if (event.exchange) entry.http = redactValue(event.exchange, held) as HttpExchange;
      options.store.append(entry, coreHeld !== undefined);
    };
  }
  const quietIds = new Set<string | number>();
  const send = transport.send.bind(transport);
  transport.send = (message, opts) => {
    const id = (message as { id?: string | number; method?: string }).id;
    if (id !== undefined && 'method' in message && options.quiet?.()) {
      quietIds.add(id);
      return send(message, opts);
    }
    // Written first, traced after (issue 32 item 1): the server reads the request while the entry is
    // made, instead of after. Its reply cannot come in before: a transport hands replies on in a
    // later turn (a stdout read, a fetch's body), and this runs on in the same one.
    try {
      return send(message, opts);
    } finally {
      trace(message, 'out');
    }
  };
  const previous = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const id = (message as { id?: string | number }).id;
    if (!(id !== undefined && !('method' in message) && quietIds.delete(id))) trace(message, 'in');
    previous?.(message, extra);
  };
  return transport;
}
