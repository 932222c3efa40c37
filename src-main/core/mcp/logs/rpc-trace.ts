/**
 * The per-server JSON-RPC trace (docs/inspecting.md, issue #4 "observability"): every message in and out,
 * with direction, time and, for replies, the latency since the request. Bounded per server (a ring)
 * and per message (text cut), secrets redacted before anything is stored — the trace can be shown
 * in the UI and printed by the CLI without leaking a token.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { CallVia } from '../../../../src-shared/api/gateway.js';
import type { TraceEntry } from '../../../../src-shared/api/lifecycle.js';
import { redactedJson, redactText, redactValue, secretValues, type SecretValues } from '../../../../src-shared/redaction.js';
import { sliceCopy } from './string-copy.js';
import type { HttpExchange, TransportEvent } from '../transport/http-exchange.js';
import { currentVia } from './call-via.js';
import { traceIdOf } from './trace-context.js';

/** Entries kept per server. */
export const DEFAULT_TRACE_CAPACITY = 500;
/** Longest stored message text (characters). */
export const MAX_TRACE_TEXT = 4 * 1024;

/**
 * A deep copy of `value` without secrets, by the one rule (`src-shared/redaction.ts`): values under
 * secret keys, and every occurrence of a known secret string (the server's resolved env/header
 * values), at any depth.
 */
export function redact(value: unknown, secrets: readonly string[] = []): unknown {
  return redactValue(value, secretValues(secrets));
}

/**
 * A message as trace text: redacted JSON, in one pass (`redactedJson`; the hot path of every call).
 * A value JSON cannot hold (a cycle) goes the long way, which marks it; one nested too deeply for
 * JSON says so instead.
 */
function traceText(message: unknown, held: SecretValues): string {
  try {
    return redactedJson(message, held);
  } catch {
    try {
      return JSON.stringify(redactValue(message, held));
    } catch {
      return '"[message nested too deeply to show]"';
    }
  }
}

/** Both sets of held values, one after the other. */
function bothHeld(a: SecretValues, b: SecretValues | undefined): SecretValues {
  return b ? { scrub: (text) => b.scrub(a.scrub(text)) } : a;
}

/** Options of `TraceStore`. */
export interface TraceStoreOptions {
  capacity?: number;
  onEntry?: (entry: TraceEntry) => void;
  now?: () => number;
  /** Applied to every entry's text before it is stored (the core's held secrets, e.g. keychain tokens). */
  redact?: (text: string) => string;
  /**
   * The core's held secret values, when it can give them compiled: a traced message is then
   * redacted once, value by value with these and the server's own (the same rule `redact` applies),
   * and its text skips the second pass over the whole JSON.
   */
  heldValues?: () => SecretValues;
  /**
   * Channels seam (issue 13): every notification a server sends (an inbound JSON-RPC message
   * without `id`), on any transport, whole and redacted — the trace's own text is cut, this is not.
   */
  onServerNotification?: ServerNotificationListener;
}

/**
 * Receives each inbound server notification, redacted with the server's secrets and the store's
 * `heldValues()` as they are at the call (the channels seam relies on it: channel-service.ts).
 */
export type ServerNotificationListener = (server: string, message: { method: string; params?: unknown }) => void;

/** Entries a ring may hold beyond its capacity before it is trimmed back (never read). */
const TRIM_SLACK = 64;

/** All servers' traces, each a ring of `capacity` entries; `seq` increases across servers. */
export class TraceStore {
  private readonly capacity: number;
  private readonly rings = new Map<string, TraceEntry[]>();
  private seq = 0;

  constructor(private readonly options: TraceStoreOptions = {}) {
    this.capacity = Math.max(1, options.capacity ?? DEFAULT_TRACE_CAPACITY);
  }

  /**
   * Store one entry (seq and time assigned here). `redacted`: its text already went through every
   * held value (`heldValues`), so the store's own `redact` pass is skipped.
   */
  append(entry: Omit<TraceEntry, 'seq' | 'time'>, redacted = false): TraceEntry {
    const text = this.options.redact && !redacted ? this.options.redact(entry.text) : entry.text;
    const full: TraceEntry = { seq: ++this.seq, time: (this.options.now ?? Date.now)(), ...entry, text };
    let ring = this.rings.get(entry.server);
    if (!ring) this.rings.set(entry.server, (ring = []));
    ring.push(full);
    // Trimmed TRIM_SLACK entries at a time, not one shift of the whole ring per entry (a 5,000/s
    // flood, issue 27 item 7); `entries` reads only the newest `capacity`.
    if (ring.length > this.capacity + TRIM_SLACK) ring.splice(0, ring.length - this.capacity);
    this.options.onEntry?.(full);
    return full;
  }

  /** The core's held values (`heldValues`), or undefined when the store only redacts text. */
  heldValues(): SecretValues | undefined {
    return this.options.heldValues?.();
  }

  /** Hand an inbound server notification to `onServerNotification` (a faulty listener never breaks the wire). */
  serverNotification(server: string, message: { method: string; params?: unknown }): void {
    try {
      this.options.onServerNotification?.(server, message);
    } catch {
      // capture problems are the listener's to report
    }
  }

  /**
   * Entries of `server` with `seq > afterSeq`, oldest first; without `server`, every server's merged
   * by `seq` (at most `capacity` per server, so bounded by the number of servers).
   */
  entries(server?: string, afterSeq = 0): TraceEntry[] {
    const newest = (ring: TraceEntry[], into: TraceEntry[]): TraceEntry[] => {
      for (let i = Math.max(0, ring.length - this.capacity); i < ring.length; i++) {
        const entry = ring[i];
        if (entry && entry.seq > afterSeq) into.push(entry);
      }
      return into;
    };
    if (server !== undefined) return newest(this.rings.get(server) ?? [], []);
    const all: TraceEntry[] = [];
    for (const ring of this.rings.values()) newest(ring, all);
    return all.sort((a, b) => a.seq - b.seq);
  }

  /** The highest `seq` given so far (0 before any entry). */
  lastSeq(): number {
    return this.seq;
  }
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
  const pending = new Map<string | number, { method: string; at: number; via?: CallVia; traceId?: string }>();
  const record = (message: JSONRPCMessage, direction: 'in' | 'out'): void => {
    const m = message as { id?: string | number; method?: string; error?: unknown };
    let kind: TraceEntry['kind'];
    let method = m.method;
    let latencyMs: number | undefined;
    // A gateway door's request (call-via.ts): its entry and its reply's carry the host.
    let via = direction === 'out' ? currentVia() : undefined;
    // Issue 35 item 4: the W3C trace id a request carries in `_meta.traceparent` (trace-context.ts); its reply's entry gets it too.
    let traceId = m.method !== undefined && m.id !== undefined ? traceIdOf(message) : undefined;
    if (m.method !== undefined) kind = m.id !== undefined ? 'request' : 'notification';
    else kind = m.error !== undefined ? 'error' : 'response';
    if (kind === 'request' && m.id !== undefined && method !== undefined) {
      // Requests from the server (`in`) are answered by us (`out`): key by direction.
      pending.set(`${direction}:${m.id}`, { method, at: performance.now(), ...(via ? { via } : {}), ...(traceId !== undefined ? { traceId } : {}) });
      if (pending.size > 1000) {
        const oldest = pending.keys().next();
        if (!oldest.done) pending.delete(oldest.value);
      }
    } else if ((kind === 'response' || kind === 'error') && m.id !== undefined) {
      const key = `${direction === 'in' ? 'out' : 'in'}:${m.id}`;
      const req = pending.get(key);
      if (req) {
        pending.delete(key);
        method = req.method;
        latencyMs = Math.round((performance.now() - req.at) * 100) / 100;
        via = req.via;
        traceId = req.traceId;
      }
    }
    const coreHeld = options.store.heldValues();
    const held = bothHeld(serverSecrets, coreHeld);
    let text: string | undefined;
    if (direction === 'in' && kind === 'notification' && method !== undefined) {
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
    text ??= traceText(message, held);
    if (text.length > MAX_TRACE_TEXT) text = `${sliceCopy(text, 0, MAX_TRACE_TEXT)} …[${text.length - MAX_TRACE_TEXT} more characters]`;
    const entry: Omit<TraceEntry, 'seq' | 'time'> = { server: options.server, direction, kind, text };
    if (method !== undefined) entry.method = method;
    if (m.id !== undefined) entry.id = m.id;
    if (latencyMs !== undefined) entry.latencyMs = latencyMs;
    if (via !== undefined) entry.via = { host: via.host };
    if (traceId !== undefined) entry.traceId = traceId;
    const exchange = direction === 'in' && (kind === 'response' || kind === 'error') && m.id !== undefined ? options.http?.take(m.id) : undefined;
    // Header values by the one rule: Authorization, cookies and API-key headers by name, held values anywhere.
    if (exchange) entry.http = redactValue(exchange, bothHeld(serverSecrets, coreHeld));
    options.store.append(entry, coreHeld !== undefined);
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
    if (id !== undefined && 'method' in message && options.quiet?.()) quietIds.add(id);
    else record(message, 'out');
    return send(message, opts);
  };
  const previous = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const id = (message as { id?: string | number }).id;
    if (!(id !== undefined && !('method' in message) && quietIds.delete(id))) record(message, 'in');
    previous?.(message, extra);
  };
  return transport;
}
