/**
 * The owner's notification store (issue 13): every captured notification gets the next global
 * `seq`, goes to `channels.jsonl` (when persisting) and into an in-memory window of the newest
 * entries — at most `windowSize` (10 000) entries and `windowBytes` (32 MiB of JSON), so memory is
 * bounded whatever the rate. Queries are answered from the window; older entries are read from the
 * file on demand. Unread counts (not acknowledged, not paused) cover the window.
 */
import type { ChannelEntry, ChannelEntryView, ChannelPage, ChannelQuery, ChannelSummary } from '../../../src-shared/api/channels.js';
import { entryFilter } from '../../../src-shared/channels/channel-filter.js';
import { entryLine, type ChannelFile } from './channel-file.js';
import type { ChannelMarks } from './channel-marks.js';
import { EntryWindow } from './entry-window.js';
import { neverUnread } from './followed-changes.js';

/** Entries kept in memory. */
export const DEFAULT_WINDOW_SIZE = 10_000;
/** JSON bytes kept in memory (the window shrinks below `windowSize` when entries are large). */
export const DEFAULT_WINDOW_BYTES = 32 * 1024 * 1024;
/** Entries a query returns by default. */
export const DEFAULT_QUERY_LIMIT = 200;

/** A notification about to be stored (seq, time and pause are assigned by the store). */
export type NewChannelEntry = Omit<ChannelEntry, 'seq' | 'time' | 'paused'>;

/** Options of `ChannelStore`. */
export interface ChannelStoreOptions {
  marks: ChannelMarks;
  /** The file (absent: memory only). Loaded at construction. */
  file?: ChannelFile;
  windowSize?: number;
  windowBytes?: number;
  /** Clock (epoch ms). */
  now?: () => number;
  /** A line could not be written (disk full…): the entry stays in memory. */
  onWriteError?: (err: unknown) => void;
}

export class ChannelStore {
  private readonly window = new EntryWindow<ChannelEntry>();
  /** Lines appended in this task, not yet written (`flushWrites`). */
  private unwritten: string[] = [];
  private lastSeq: number;
  private readonly windowSize: number;
  private readonly windowBytes: number;
  private readonly now: () => number;
  private unread = new Map<string, Map<string, number>>();
  /** Whether older entries exist only in the file (dropped from the window, or never loaded into it). */
  private evicted = false;
  /** Problems found loading the file (shown once by the owner). */
  readonly loadWarnings: string[];

  constructor(private readonly options: ChannelStoreOptions) {
    this.windowSize = options.windowSize ?? DEFAULT_WINDOW_SIZE;
    this.windowBytes = options.windowBytes ?? DEFAULT_WINDOW_BYTES;
    this.now = options.now ?? Date.now;
    const loaded = options.file?.load(this.windowSize) ?? { entries: [], lastSeq: 0, warnings: [] };
    this.loadWarnings = loaded.warnings;
    this.lastSeq = loaded.lastSeq;
    for (const e of loaded.entries) this.keep(e);
    // The file may hold more than the window: older entries are read from it on demand.
    this.evicted = loaded.entries.length > 0 && loaded.entries[0]!.seq > 1;
    this.recount();
  }

  /** Highest seq stored so far. */
  get last(): number {
    return this.lastSeq;
  }

  /** Entries in memory now. */
  get size(): number {
    return this.window.length;
  }

  /**
   * Store a notification: next seq, now, `paused` when its server or channel is paused; its line
   * goes to the file at the end of this task, with every other line captured in it (one write; a
   * write error is reported, the entries still kept in memory). `payloadJson`: the payload's JSON
   * when the caller has it (not serialised again). Returns the entry.
   */
  append(input: NewChannelEntry, payloadJson?: string): ChannelEntry {
    const entry: ChannelEntry = { seq: ++this.lastSeq, time: this.now(), ...input };
    if (this.options.marks.isPaused(entry.server, entry.channel)) entry.paused = true;
    if (this.options.file) {
      this.unwritten.push(entryLine(entry, payloadJson));
      // Written before any I/O can run (end of this task): nothing reads the file before then,
      // and a burst read from one pipe chunk costs one write(2) instead of one per notification.
      if (this.unwritten.length === 1) queueMicrotask(() => this.flushWrites());
    }
    this.keep(entry, payloadJson === undefined ? undefined : entrySize(entry, payloadJson.length));
    if (this.counts(entry)) this.bump(entry, 1);
    return entry;
  }

  /** Write the lines appended in this task (done at its end by itself; before any read of the file). False when the write failed. */
  flushWrites(): boolean {
    if (this.unwritten.length === 0) return true;
    const lines = this.unwritten;
    this.unwritten = [];
    try {
      this.options.file?.appendLines(lines);
      return true;
    } catch (err) {
      this.options.onWriteError?.(err);
      return false;
    }
  }

  /** The entry `seq` (from memory, else the file), or undefined. */
  get(seq: number): ChannelEntry | undefined {
    const inWindow = this.findInWindow(seq);
    if (inWindow) return inWindow;
    if (!this.options.file || !this.evicted) return undefined;
    this.flushWrites();
    return this.options.file.readOlder(seq + 1, (e) => e.seq === seq, 1).entries[0];
  }

  /** An entry with `acked` and `unread`. */
  view(entry: ChannelEntry): ChannelEntryView {
    return { ...entry, acked: this.options.marks.isAcked(entry), unread: this.isUnread(entry) };
  }

  /**
   * Entries matching `q` — the newest `limit` (default 200), oldest first — from the window, then
   * (when the window runs out and older entries exist) from the file. `hasMore` when older
   * matching entries were left out.
   */
  query(q: ChannelQuery): ChannelPage {
    const limit = q.limit ?? DEFAULT_QUERY_LIMIT;
    const matches = entryFilter(q);
    const keep = (e: ChannelEntry): boolean =>
      (q.afterSeq === undefined || e.seq > q.afterSeq) && matches(e) && (!q.unread || this.isUnread(e));
    const out: ChannelEntry[] = [];
    let hasMore = false;
    for (let i = this.window.length - 1; i >= 0; i--) {
      const e = this.window.at(i);
      if (q.beforeSeq !== undefined && e.seq >= q.beforeSeq) continue;
      if (q.afterSeq !== undefined && e.seq <= q.afterSeq) break;
      if (!keep(e)) continue;
      if (out.length === limit) {
        hasMore = true;
        break;
      }
      out.push(e);
    }
    out.reverse();
    const oldest = this.window.length > 0 ? this.window.at(0).seq : this.lastSeq + 1;
    const older = !hasMore && this.evicted && this.options.file && (q.afterSeq === undefined || q.afterSeq < oldest - 1);
    if (older) {
      this.flushWrites();
      const before = Math.min(q.beforeSeq ?? oldest, oldest);
      const fromFile = this.options.file!.readOlder(before, keep, limit - out.length);
      return { entries: [...fromFile.entries, ...out].map((e) => this.view(e)), hasMore: fromFile.hasMore };
    }
    return { entries: out.map((e) => this.view(e)), hasMore };
  }

  /** The newest `limit` entries that pass `keep`, oldest first (window only). */
  recent(limit: number, keep: (e: ChannelEntry) => boolean = () => true): ChannelEntry[] {
    const out: ChannelEntry[] = [];
    for (let i = this.window.length - 1; i >= 0 && out.length < limit; i--) if (keep(this.window.at(i))) out.push(this.window.at(i));
    return out.reverse();
  }

  /**
   * Whether `entry` counts as unread: not paused on arrival, not acknowledged, not yet shown in the
   * Notifications view, not a list change the app follows itself and not a routine log line
   * (followed-changes.ts).
   */
  isUnread(entry: ChannelEntry): boolean {
    return !entry.paused && !this.options.marks.isAcked(entry) && !this.options.marks.isSeen(entry.seq) && !neverUnread(entry);
  }

  /** Unread counts and pauses (`pendingConfirmations` is filled in by the service). */
  summary(): Omit<ChannelSummary, 'pendingConfirmations'> {
    const unreadByServer: Record<string, number> = {};
    const unreadByChannel: ChannelSummary['unreadByChannel'] = [];
    let unread = 0;
    for (const [server, channels] of this.unread) {
      let n = 0;
      for (const [channel, count] of channels) {
        if (count <= 0) continue;
        n += count;
        unreadByChannel.push({ server, channel, unread: count });
      }
      if (n > 0) unreadByServer[server] = n;
      unread += n;
    }
    return { lastSeq: this.lastSeq, unread, unreadByServer, unreadByChannel, paused: this.options.marks.paused() };
  }

  /** Recompute unread counts from the window (after an ack or a pause changed). */
  recount(): void {
    this.unread = new Map();
    for (const e of this.window) if (this.counts(e)) this.bump(e, 1);
  }

  /** Close the file. */
  close(): void {
    this.flushWrites();
    this.options.file?.close();
  }

  private counts(e: ChannelEntry): boolean {
    return this.isUnread(e);
  }

  private bump(e: ChannelEntry, by: number): void {
    let channels = this.unread.get(e.server);
    if (!channels) this.unread.set(e.server, (channels = new Map()));
    const next = (channels.get(e.channel) ?? 0) + by;
    if (next <= 0) channels.delete(e.channel);
    else channels.set(e.channel, next);
    if (channels.size === 0) this.unread.delete(e.server);
  }

  private keep(entry: ChannelEntry, size = approxSize(entry)): void {
    // Memory is approximated by the JSON size of the payload plus a fixed overhead per entry.
    this.window.push(entry, size);
    let drop = 0;
    let dropBytes = this.window.bytes;
    while (this.window.length - drop > this.windowSize || (dropBytes > this.windowBytes && this.window.length - drop > 1)) {
      dropBytes -= this.window.sizeAt(drop);
      drop++;
    }
    if (drop === 0) return;
    this.evicted = true;
    for (const e of this.window.dropOldest(drop)) if (this.counts(e)) this.bump(e, -1);
  }

  private findInWindow(seq: number): ChannelEntry | undefined {
    // Seqs in the window are increasing: binary search.
    let lo = 0;
    let hi = this.window.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = this.window.at(mid).seq;
      if (s === seq) return this.window.at(mid);
      if (s < seq) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
}

/** Rough bytes an entry holds in memory: its JSON text plus a fixed overhead. */
function approxSize(entry: ChannelEntry): number {
  let payload = 0;
  try {
    payload = JSON.stringify(entry.payload)?.length ?? 0;
  } catch {
    payload = 0;
  }
  return entrySize(entry, payload);
}

/** Rough bytes of an entry whose payload's JSON is `payloadChars` long. */
function entrySize(entry: ChannelEntry, payloadChars: number): number {
  return 200 + entry.server.length + entry.channel.length + payloadChars;
}
