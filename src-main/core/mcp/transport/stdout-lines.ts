/**
 * Reading a stdio server's stdout (docs/connections-supervision.md: "non-JSON stdout lines logged and skipped"). Servers
 * print banners, `console.log` debug lines and progress bars on stdout; the SDK's `ReadBuffer` turns
 * such a line into an error and loses its text. This buffer has the same shape (`append`,
 * `readMessage`, `clear`) but hands a line that is not a JSON-RPC message to `onSkipped` and moves
 * on to the next line. Lines are cut on the `\n` BYTE and decoded whole, so a reply split inside a
 * multi-byte UTF-8 character across chunks decodes correctly; a trailing `\r` (CRLF) is dropped.
 *
 * One line longer than `maxLineBytes` (default `MAX_STDOUT_LINE`, 64 MiB; the SDK's own cap is
 * 10 MiB) is not buffered: its bytes are dropped up to its newline and, when the reply's `id` can
 * be read at its start or end, an error reply for that id is handed on instead — that one call fails
 * with a message naming the size and the limit, and the server keeps running. Without a readable id
 * `append` throws `StdoutOverflowError` (the SDK then closes the transport).
 */
import { parseJSONRPCMessage, type JSONRPCMessage, type JSONRPCNotification } from '@modelcontextprotocol/client';

/** Largest stdout line (bytes) read as one JSON-RPC message: 64 MiB. */
export const MAX_STDOUT_LINE = 64 * 1024 * 1024;
/** Bytes kept of an oversized line's start and end to find its JSON-RPC `id`. */
const ID_WINDOW = 256;
/** JSON-RPC "internal error": the code of the error reply that replaces an oversized one. */
const INTERNAL_ERROR = -32603;

/** An oversized stdout line whose reply id could not be read (the connection cannot go on). */
export class StdoutOverflowError extends Error {}

/** `1536` → `1.5 KiB`; `67108864` → `64 MiB`. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/** The message of an oversized reply (`size` so far, in bytes; `limit` in bytes). */
export function oversizedMessage(size: number, limit: number): string {
  return `The server's reply was ${formatBytes(size)}, more than the ${formatBytes(limit)} limit for one stdio message; it was dropped`;
}

/** An oversized line being skipped: its size so far and the bytes kept to find its id. */
interface Skipping {
  size: number;
  head: Buffer;
  tail: Buffer;
}

/** A drop-in for the SDK's `ReadBuffer` that logs and skips non-JSON-RPC lines. */
export class LoggingReadBuffer {
  private buffer?: Buffer;
  private skipping?: Skipping;
  /** The incomplete last line (no newline yet), as received. */
  private partial: Buffer[] = [];
  /** Its length in bytes. */
  private partialBytes = 0;

  /**
   * @param onSkipped each non-JSON-RPC line (without its newline).
   * @param maxLineBytes largest line read as a message (bytes; default 64 MiB).
   * @param onOversized told the message of each dropped oversized line.
   */
  constructor(
    private readonly onSkipped: (line: string) => void,
    private readonly maxLineBytes = MAX_STDOUT_LINE,
    private readonly onOversized?: (message: string) => void,
  ) {}

  /**
   * Buffer a chunk; throws `StdoutOverflowError` when an oversized line has no readable id. The
   * incomplete last line is kept as a list of chunks and joined once its newline arrives, so a long
   * reply costs one copy, not one per chunk (the SDK's buffer re-copies it on every chunk).
   */
  append(chunk: Buffer): void {
    const done: Buffer[] = this.buffer ? [this.buffer] : [];
    let rest = chunk;
    try {
      while (rest.length > 0) {
        if (this.skipping) {
          // The error reply takes the dropped line's place, so messages keep their order.
          const skipped = this.skip(rest);
          if (skipped.reply) done.push(Buffer.from(`${JSON.stringify(skipped.reply)}\n`));
          rest = skipped.rest;
          continue;
        }
        const newline = rest.indexOf(0x0a);
        const lineBytes = this.partialBytes + (newline === -1 ? rest.length : newline);
        if (lineBytes > this.maxLineBytes) {
          // Drop the line so far and skip the rest of it.
          const prefix = Buffer.concat(this.partial);
          this.skipping = { size: prefix.length, head: Buffer.concat([prefix.subarray(0, ID_WINDOW), rest.subarray(0, ID_WINDOW)]).subarray(0, ID_WINDOW), tail: prefix.subarray(-ID_WINDOW) };
          this.partial = [];
          this.partialBytes = 0;
          continue;
        }
        if (newline === -1) {
          this.partial.push(rest);
          this.partialBytes = lineBytes;
          break;
        }
        done.push(...this.partial, rest.subarray(0, newline + 1));
        this.partial = [];
        this.partialBytes = 0;
        rest = rest.subarray(newline + 1);
      }
    } finally {
      this.buffer = done.length === 0 ? undefined : done.length === 1 ? done[0] : Buffer.concat(done);
    }
  }

  /** Drop an oversized line's bytes up to its newline; returns what follows it and, at its end, the error reply. */
  private skip(chunk: Buffer): { rest: Buffer; reply?: JSONRPCMessage } {
    const s = this.skipping!;
    const newline = chunk.indexOf(0x0a);
    const part = newline === -1 ? chunk : chunk.subarray(0, newline);
    s.size += part.length;
    s.tail = Buffer.concat([s.tail, part.subarray(-ID_WINDOW)]).subarray(-ID_WINDOW);
    if (newline === -1) return { rest: chunk.subarray(chunk.length) };
    this.skipping = undefined;
    const message = oversizedMessage(s.size, this.maxLineBytes);
    this.onOversized?.(message);
    const id = replyId(s.head.toString('utf8'), s.tail.toString('utf8').replace(/\r$/, ''));
    if (id === undefined) throw new StdoutOverflowError(`${message}, and its request could not be told apart, so the connection was closed`);
    const reply: JSONRPCMessage = { jsonrpc: '2.0', id, error: { code: INTERNAL_ERROR, message: `${message} (the server keeps running)` } };
    return { rest: chunk.subarray(newline + 1), reply };
  }

  /** The next JSON-RPC message, or null when no complete message line is buffered. Never throws. */
  readMessage(): JSONRPCMessage | null {
    for (;;) {
      if (!this.buffer) return null;
      const index = this.buffer.indexOf(0x0a);
      if (index === -1) return null;
      const line = this.buffer.toString('utf8', 0, index).replace(/\r$/, '');
      this.buffer = this.buffer.subarray(index + 1);
      if (line.trim() === '') continue;
      const message = parseMessage(line);
      if (message) return message;
      this.onSkipped(line);
    }
  }

  clear(): void {
    this.buffer = undefined;
    this.partial = [];
    this.partialBytes = 0;
    this.skipping = undefined;
  }
}

/**
 * The `id` of a JSON-RPC reply seen only by its first and last bytes: `{"jsonrpc":"2.0","id":7,…`
 * (id first, as Python servers write it) or `…,"jsonrpc":"2.0","id":7}` (id last, as the TS SDK
 * writes it). Undefined when neither end shows it.
 */
export function replyId(head: string, tail: string): string | number | undefined {
  const id = String.raw`"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")`;
  const atStart = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?${id}\s*,`).exec(head);
  const atEnd = new RegExp(String.raw`[{,]\s*${id}\s*\}\s*$`).exec(tail);
  const raw = atStart?.[1] ?? atEnd?.[1];
  if (raw === undefined) return undefined;
  return JSON.parse(raw) as string | number;
}

function parseMessage(line: string): JSONRPCMessage | undefined {
  try {
    const value: unknown = JSON.parse(line);
    // A plain notification needs no schema pass here (issue 13: a 1,000/s burst spent a tenth of
    // the owner's CPU in it); the SDK's Protocol checks every message's shape again anyway.
    if (isPlainNotification(value)) return value;
    return parseJSONRPCMessage(value);
  } catch {
    return undefined;
  }
}

/**
 * Whether `value` is what the SDK's `JSONRPCNotificationSchema` (strict) accepts without looking
 * deeper: exactly `jsonrpc: "2.0"`, a string `method` and, optionally, `params` as an object without
 * `_meta` (whose shape the schema checks; such a message takes the schema's way).
 */
export function isPlainNotification(value: unknown): value is JSONRPCNotification {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  if (v.jsonrpc !== '2.0' || typeof v.method !== 'string') return false;
  let keys = 0;
  for (const key in v) {
    if (key !== 'jsonrpc' && key !== 'method' && key !== 'params') return false;
    keys++;
  }
  if (!('params' in v)) return keys === 2;
  const params = v.params;
  return typeof params === 'object' && params !== null && !Array.isArray(params) && !('_meta' in params);
}
