/**
 * Per-server log ring buffers (docs/connections-supervision.md: "stderr feeds a per-server ring buffer, 200 lines by default,
 * bounded whatever the server prints"). Every entry carries a global, increasing `seq` so a face that
 * reconnects (a reloaded renderer, `logs -f`) can ask for what it missed (STYLE: Zed's log store).
 */
import { logLevelOf } from './log-level.js';
import type { LogEntry } from '../../../../src-shared/api/status.js';
import { sliceCopy } from './string-copy.js';

/** Lines kept per server when no capacity is given. */
export const DEFAULT_LOG_CAPACITY = 200;
/** Longest line kept, in UTF-16 code units (~8 KiB of ASCII); longer lines are cut and marked. */
export const MAX_LOG_LINE_CHARS = 8 * 1024;
const TRUNCATED_MARK = ' …[truncated]';

/** Options of `LogStore`. */
export interface LogStoreOptions {
  /** Lines kept per server (default 200; at least 1). */
  capacity?: number;
  /** Called for every appended entry (the manager re-emits it as its `log` event). */
  onEntry?: (entry: LogEntry) => void;
  /** Clock (epoch ms); defaults to `Date.now`. */
  now?: () => number;
  /** Applied to every line before it is stored (issue 6: known secrets never reach a log). */
  redact?: (text: string) => string;
}

/** A fixed-size ring of one server's entries, oldest overwritten first. */
class Ring {
  private readonly items: (LogEntry | undefined)[];
  private start = 0;
  private size = 0;

  constructor(private readonly capacity: number) {
    this.items = new Array<LogEntry | undefined>(capacity);
  }

  push(entry: LogEntry): void {
    const index = (this.start + this.size) % this.capacity;
    this.items[index] = entry;
    if (this.size < this.capacity) this.size++;
    else this.start = (this.start + 1) % this.capacity;
  }

  /** Entries with `seq > afterSeq`, oldest first. */
  after(afterSeq: number): LogEntry[] {
    const out: LogEntry[] = [];
    for (let i = 0; i < this.size; i++) {
      const entry = this.items[(this.start + i) % this.capacity]!;
      if (entry.seq > afterSeq) out.push(entry);
    }
    return out;
  }
}

/**
 * All servers' log buffers. `append` never grows memory past `capacity` lines of at most
 * `MAX_LOG_LINE_CHARS` per server.
 */
export class LogStore {
  private readonly capacity: number;
  private readonly rings = new Map<string, Ring>();
  private seq = 0;
  private readonly onEntry?: (entry: LogEntry) => void;
  private readonly now: () => number;
  private readonly redact?: (text: string) => string;

  constructor(options: LogStoreOptions = {}) {
    this.capacity = Math.max(1, Math.floor(options.capacity ?? DEFAULT_LOG_CAPACITY));
    this.onEntry = options.onEntry;
    this.now = options.now ?? Date.now;
    this.redact = options.redact;
  }

  /**
   * Append one line for `server` (a line longer than `MAX_LOG_LINE_CHARS` is cut and marked
   * `…[truncated]`; a trailing `\r` is dropped). Returns the stored entry.
   */
  append(server: string, stream: LogEntry['stream'], text: string): LogEntry {
    const line = capLine((this.redact ? this.redact(text) : text).replace(/\r$/, ''));
    const level = logLevelOf(stream, line);
    const entry: LogEntry = { seq: ++this.seq, server, time: this.now(), stream, text: line, ...(level ? { level } : {}) };
    let ring = this.rings.get(server);
    if (!ring) {
      ring = new Ring(this.capacity);
      this.rings.set(server, ring);
    }
    ring.push(entry);
    this.onEntry?.(entry);
    return entry;
  }

  /** Buffered entries of `server` with `seq > afterSeq` (default 0: all), oldest first. */
  logs(server: string, afterSeq = 0): LogEntry[] {
    return this.rings.get(server)?.after(afterSeq) ?? [];
  }

  /** The last `n` lines of one stream of `server` (text only), oldest first. */
  tail(server: string, stream: LogEntry['stream'], n: number): string[] {
    const lines = this.logs(server).filter((e) => e.stream === stream);
    return lines.slice(Math.max(0, lines.length - n)).map((e) => e.text);
  }

  /** The highest `seq` handed out so far (0 before the first entry). */
  lastSeq(): number {
    return this.seq;
  }
}

function capLine(text: string): string {
  return text.length > MAX_LOG_LINE_CHARS ? sliceCopy(text, 0, MAX_LOG_LINE_CHARS) + TRUNCATED_MARK : text;
}

/** Feeds chunks of a byte/text stream and yields complete lines. */
export interface LineSplitter {
  /** Add a chunk (Buffer or string). Complete lines are passed to `onLine` at once. */
  push(chunk: Buffer | string): void;
  /** Emit what is left as a last line (when the stream ends without a newline). */
  flush(): void;
}

/**
 * Split a stream into lines for a log buffer, bounded in memory: a line that grows past
 * `maxChars` (default `MAX_LOG_LINE_CHARS`) without a newline is emitted cut (marked) and the rest
 * of it, up to the next newline, is dropped — one enormous line can never fill memory.
 */
export function createLineSplitter(onLine: (line: string) => void, maxChars = MAX_LOG_LINE_CHARS): LineSplitter {
  const decoder = new TextDecoder();
  let pending = '';
  let discarding = false;
  const take = (text: string): void => {
    let rest = text;
    for (;;) {
      const nl = rest.indexOf('\n');
      if (nl < 0) break;
      const piece = rest.slice(0, nl);
      rest = rest.slice(nl + 1);
      if (discarding) discarding = false;
      else onLine(pending + piece);
      pending = '';
    }
    if (discarding) return;
    pending += rest;
    if (pending.length > maxChars) {
      onLine(sliceCopy(pending, 0, maxChars) + TRUNCATED_MARK);
      pending = '';
      discarding = true;
    }
  };
  return {
    push(chunk) {
      take(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    },
    flush() {
      take(decoder.decode());
      if (pending !== '' && !discarding) onLine(pending);
      pending = '';
      discarding = false;
    },
  };
}
