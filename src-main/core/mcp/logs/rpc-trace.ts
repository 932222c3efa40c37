/**
 * The per-server JSON-RPC trace (docs/inspecting.md, issue #4 "observability"): every message in and out,
 * with direction, time and, for replies, the latency since the request. Bounded per server (a ring)
 * and per message (text cut), secrets redacted before any entry is read (an entry's text is made on
 * its first read or for the `trace` event after the turn: issue 32 item 1) — the trace can be shown
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

/** `text` cut to `MAX_TRACE_TEXT` characters, saying how many more there were. */
function cutText(text: string): () => string {
  const cut = text.length > MAX_TRACE_TEXT ? `${sliceCopy(text, 0, MAX_TRACE_TEXT)} …[${text.length - MAX_TRACE_TEXT} more characters]` : text;
  return () => cut;
}

/**
 * The trace text of `message`, made when its entry is first read (issue 32 item 1: the redaction
 * off the call's path): redacted and cut then, with the held values `held()` gives then — the
 * core's only grow (secret-redactor.ts), so a later read masks at least what an immediate one
 * would. A message of `LAZY_TRACE_MAX` or more is redacted at once. A small one is kept itself, no copy: an outbound one is built per request (the
 * SDK's envelope, request-meta.ts), an inbound one is parsed per line or event and the SDK hands
 * its callers a decoded copy, so nothing changes it after it passed the tap.
 */
function lazyTraceText(message: unknown, held: () => SecretValues): () => string {
  // A large message is redacted and cut now: the ring keeps cut texts, never whole large messages
  // (issue 9 item 6: 8 MB results kept alive by the trace).
  if (!smallerThan(message, LAZY_TRACE_MAX)) return cutText(traceText(message, held()));
  return () => cutText(traceText(message, held()))();
}

/** Largest message (characters of its strings and keys, 8 per other value) whose redaction waits for a read. */
export const LAZY_TRACE_MAX = 4 * MAX_TRACE_TEXT;

/** Whether `value`'s strings, keys and other values add up to fewer than `limit` (8 per non-string); stops as soon as they do not. */
function smallerThan(value: unknown, limit: number): boolean {
  const stack: unknown[] = [value];
  let size = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') size += v.length;
    else {
      size += 8;
      if (v !== null && typeof v === 'object') {
        if (Array.isArray(v)) for (const item of v) stack.push(item);
        else
          for (const key in v) {
            size += key.length;
            stack.push((v as Record<string, unknown>)[key]);
          }
      }
    }
    if (size >= limit) return false;
  }
  return true;
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
   * Whether `onEntry` has someone to tell now (the manager: a `trace` listener). When it says no,
   * an entry's text is made only if the entry is read (`entries`); without it, `onEntry` is always
   * told. `onEntry` is told after the current turn (setImmediate), in order, in one batch.
   */
  listening?: () => boolean;
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

/** What `TraceStore.appendLazy` makes of an entry when it is first read: its text and, on an http reply, its exchange. */
export interface LazyParts {
  text: () => string;
  http?: () => TraceEntry['http'];
}

/** Entries a ring may hold beyond its capacity before it is trimmed back (never read). */
const TRIM_SLACK = 64;

/** All servers' traces, each a ring of `capacity` entries; `seq` increases across servers. */
export class TraceStore {
  private readonly capacity: number;
  private readonly rings = new Map<string, TraceEntry[]>();
  private seq = 0;
  /** Entries whose text is still to make (`appendLazy`), until read or dropped from their ring. */
  private readonly pending = new Map<number, LazyParts>();
  /** Entries `onEntry` is yet to be told of (`tell`). */
  private told: TraceEntry[] = [];
  /** Records a tap put off (`later`), oldest first: made after this turn or before the next read. */
  private readonly queued: Array<() => void> = [];
  private runningQueued = false;

  constructor(private readonly options: TraceStoreOptions = {}) {
    this.capacity = Math.max(1, options.capacity ?? DEFAULT_TRACE_CAPACITY);
  }

  /**
   * Store one entry (seq and time assigned here). `redacted`: its text already went through every
   * held value (`heldValues`), so the store's own `redact` pass is skipped.
   */
  append(entry: Omit<TraceEntry, 'seq' | 'time'>, redacted = false): TraceEntry {
    const { text, ...rest } = entry;
    return this.settle(this.appendLazy(rest, { text: () => text }, redacted));
  }

  /**
   * Store one entry whose text (and `http`) `parts` make when the entry is first read — by `entries` or by
   * `onEntry`'s batch after this turn (issue 32 item 1: a call's path no longer pays for the
   * redaction of its messages; most entries are never read before the ring drops them). The
   * store's `redact` pass, unless `redacted`, runs then too. The entry returned is the stored one,
   * its `text` still empty: read entries through `entries`. `entry` itself becomes the stored
   * entry (no copy: it is the tap's own fresh object).
   */
  appendLazy(entry: Omit<TraceEntry, 'seq' | 'time' | 'text'>, parts: LazyParts, redacted = false, time?: number): TraceEntry {
    // Records put off before this one come first (`later`), so `seq` keeps the order things happened in.
    if (!this.runningQueued && this.queued.length > 0) this.runQueued();
    const redact = redacted ? undefined : this.options.redact;
    const full = entry as TraceEntry;
    full.seq = ++this.seq;
    full.time = time ?? (this.options.now ?? Date.now)();
    full.text = '';
    this.pending.set(full.seq, redact ? { ...parts, text: () => redact(parts.text()) } : parts);
    let ring = this.rings.get(entry.server);
    if (!ring) this.rings.set(entry.server, (ring = []));
    ring.push(full);
    // Trimmed TRIM_SLACK entries at a time, not one shift of the whole ring per entry (a 5,000/s
    // flood, issue 27 item 7); `entries` reads only the newest `capacity`.
    if (ring.length > this.capacity + TRIM_SLACK) for (const dropped of ring.splice(0, ring.length - this.capacity)) this.pending.delete(dropped.seq);
    if (this.options.onEntry && (this.options.listening?.() ?? true)) this.tell(full);
    return full;
  }

  /**
   * Run `record` after this turn (setImmediate), or sooner when the store is read or another entry
   * is appended — the records of all taps in one queue, oldest first, so `seq` follows the order
   * they were queued in. A tap puts off the entries of requests and replies (issue 32 item 1): a
   * reply reaches the caller, and the next request the server, before the entry is made, which
   * then runs while the server works.
   */
  later(record: () => void): void {
    this.queued.push(record);
    if (this.queued.length === 1) setImmediate(() => this.runQueued());
  }

  /** The store's clock (epoch ms): an entry's `time`. */
  now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Make every record put off so far (`later`), oldest first. */
  private runQueued(): void {
    if (this.runningQueued) return;
    this.runningQueued = true;
    try {
      // Read by index: a record may queue another (then it runs in this same pass).
      for (let i = 0; i < this.queued.length; i++) this.queued[i]?.();
    } finally {
      this.queued.length = 0;
      this.runningQueued = false;
    }
  }

  /** `entry` with its text made, if it was still to make. */
  private settle(entry: TraceEntry): TraceEntry {
    const parts = this.pending.get(entry.seq);
    if (parts) {
      this.pending.delete(entry.seq);
      entry.text = parts.text();
      if (parts.http) entry.http = parts.http();
    }
    return entry;
  }

  /** Queue `entry` for `onEntry`; the queue is told after this turn, oldest first. */
  private tell(entry: TraceEntry): void {
    this.told.push(entry);
    if (this.told.length > 1) return;
    setImmediate(() => {
      const batch = this.told;
      this.told = [];
      for (const e of batch) this.options.onEntry?.(this.settle(e));
    });
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
    this.runQueued();
    const newest = (ring: TraceEntry[], into: TraceEntry[]): TraceEntry[] => {
      for (let i = Math.max(0, ring.length - this.capacity); i < ring.length; i++) {
        const entry = ring[i];
        if (entry && entry.seq > afterSeq) into.push(this.settle(entry));
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
    this.runQueued();
    return this.seq;
  }
}

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
