/**
 * The store of every server's JSON-RPC trace (docs/inspecting.md): a ring of entries per server,
 * `seq` increasing across servers, each entry's text made when it is first read (issue 32 item 1),
 * and the records a tap puts off (`later`) made after the turn, in order.
 */
import type { TraceEntry } from '../../../../src-shared/api/lifecycle.js';
import type { SecretValues } from '../../../../src-shared/redaction.js';

/** Entries kept per server. */
export const DEFAULT_TRACE_CAPACITY = 500;
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

