/**
 * `channels.jsonl` in the data folder (docs/channels.md, issue 13): one notification per line, appended by
 * the owner only. Every append is one synchronous `write(2)` of whole lines (`appendLines`: the
 * store writes what one task captured together), so once it returns the lines are in the kernel's
 * page cache and survive a `kill -9` of the owner; a kill in
 * the middle of a write loses at most that line (a torn last line), which the next load skips with
 * a warning — never fatal. The file rotates when the next line would make it larger than
 * `maxBytes` (default 10 MiB): it becomes `channels.jsonl.1` (replacing the previous rotation) and
 * a fresh file starts, so a file never exceeds the limit and the previous one is kept.
 */
import { closeSync, fstatSync, ftruncateSync, renameSync, writeSync } from 'node:fs';
import { DataFileRefused, openDataFile, readDataText } from '../data/data-files.js';
import { ChannelEntrySchema, type ChannelEntry } from '../../../src-shared/api/channels.js';
import { lineWarnings, warningText } from './line-warnings.js';

/** Largest `channels.jsonl` (bytes) before it rotates. */
export const DEFAULT_CHANNEL_FILE_BYTES = 10 * 1024 * 1024;

/** The rotated file next to `path`. */
export function rotatedPath(path: string): string {
  return `${path}.1`;
}

/** What a load found. */
export interface ChannelFileLoad {
  /** The newest entries, oldest first (at most the `window` asked for). */
  entries: ChannelEntry[];
  /** Highest seq in either file (0 when none). */
  lastSeq: number;
  /** Skipped lines and repairs, in words (`channels.jsonl: …`). */
  warnings: string[];
}

/**
 * An entry's line (without its newline). `payloadJson`: the payload's JSON when the caller has it
 * already (capture measured it), so a burst does not serialise each payload twice; the payload then
 * comes last in the line (key order does not matter to the reader).
 */
export function entryLine(entry: ChannelEntry, payloadJson?: string): string {
  if (payloadJson === undefined) return JSON.stringify(entry);
  const { payload: _payload, ...rest } = entry;
  return `${JSON.stringify(rest).slice(0, -1)},"payload":${payloadJson}}`;
}

/** Parse one line; `undefined` for anything that is not a valid entry. */
function parseLine(line: string): ChannelEntry | undefined {
  if (line.trim() === '') return undefined;
  try {
    const parsed = ChannelEntrySchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Lines of one file's text, and whether its last line is torn (no final newline). */
function splitLines(text: string): { lines: string[]; tail: string | undefined } {
  if (text === '') return { lines: [], tail: undefined };
  const lines = text.split('\n');
  const last = lines.pop()!;
  return { lines, tail: last === '' ? undefined : last };
}

/** The one writer (and reader) of `channels.jsonl` and its rotation. */
export class ChannelFile {
  private fd: number | undefined;
  private size = 0;
  private readonly maxBytes: number;
  private readonly readOnly: boolean;

  /**
   * `readOnly`: never repair, truncate or write (the CLI reading the file of an owner that is not
   * running, or a core that must not write). Nothing is opened until `load` or `append`.
   */
  constructor(
    readonly path: string,
    options: { maxBytes?: number; readOnly?: boolean } = {},
  ) {
    this.maxBytes = options.maxBytes ?? DEFAULT_CHANNEL_FILE_BYTES;
    this.readOnly = options.readOnly ?? false;
  }

  /**
   * Read the newest `window` entries (from the rotated file too when the current one has fewer).
   * A torn last line is skipped with a warning and, unless read-only, cut off so the next append
   * starts on a fresh line; a complete last entry that only lost its newline is kept and repaired.
   * Other invalid lines are skipped with a warning `<file>:<line>: …` (the first three, then a count). Never throws for content;
   * throws only when the file exists but cannot be read.
   */
  load(window: number): ChannelFileLoad {
    const warnings: string[] = [];
    const current = this.readFile(this.path, warnings, true);
    let entries = current.entries;
    let lastSeq = entries.at(-1)?.seq ?? 0;
    if (entries.length < window || lastSeq === 0) {
      const older = this.readFile(rotatedPath(this.path), warnings, false);
      if (lastSeq === 0) lastSeq = older.entries.at(-1)?.seq ?? 0;
      entries = older.entries.concat(entries);
    }
    return { entries: entries.length > window ? entries.slice(entries.length - window) : entries, lastSeq, warnings };
  }

  /**
   * Every entry with `seq < beforeSeq` that `keep` accepts, oldest first, at most the newest
   * `limit`; `hasMore` when older matching ones were left out. Reads both files (on demand only:
   * the owner answers recent queries from memory).
   */
  readOlder(beforeSeq: number, keep: (e: ChannelEntry) => boolean, limit: number): { entries: ChannelEntry[]; hasMore: boolean } {
    const ignored: string[] = [];
    const all = [...this.readFile(rotatedPath(this.path), ignored, false).entries, ...this.readFile(this.path, ignored, false).entries];
    const out: ChannelEntry[] = [];
    let hasMore = false;
    for (let i = all.length - 1; i >= 0; i--) {
      const e = all[i]!;
      if (e.seq >= beforeSeq || !keep(e)) continue;
      if (out.length === limit) {
        hasMore = true;
        break;
      }
      out.push(e);
    }
    return { entries: out.reverse(), hasMore };
  }

  /**
   * Append one entry as one line with one synchronous write; rotate first when the line would make
   * the file larger than `maxBytes` (a line larger than the limit on its own starts a fresh file
   * and stays alone in it). Throws what the file system throws (the caller keeps the entry in
   * memory and reports it).
   */
  append(entry: ChannelEntry): void {
    this.appendLines([entryLine(entry)]);
  }

  /**
   * Append lines (`entryLine`, without their newline) in order with as few synchronous writes as
   * the rotation allows: one per file (a 1,000/s burst captured in one task is one `write(2)`, not
   * one each). Rotation as `append`. Throws what the file system throws; lines before the failing
   * write are in the file.
   */
  appendLines(lines: readonly string[]): void {
    if (this.readOnly) throw new Error('channels.jsonl is open read-only');
    this.open();
    let chunk = '';
    let chunkBytes = 0;
    const writeChunk = (): void => {
      if (chunkBytes === 0) return;
      const buffer = Buffer.from(chunk, 'utf8');
      let written = 0;
      while (written < buffer.length) written += writeSync(this.fd!, buffer, written, buffer.length - written);
      this.size += buffer.length;
      chunk = '';
      chunkBytes = 0;
    };
    for (const text of lines) {
      const bytes = Buffer.byteLength(text, 'utf8') + 1;
      if (this.size + chunkBytes > 0 && this.size + chunkBytes + bytes > this.maxBytes) {
        writeChunk();
        this.rotate();
      }
      chunk += `${text}\n`;
      chunkBytes += bytes;
    }
    writeChunk();
  }

  /** Close the file (appends reopen it). */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private open(): void {
    if (this.fd !== undefined) return;
    this.fd = openDataFile(this.path, 'append');
    this.size = fstatSync(this.fd).size;
  }

  private rotate(): void {
    this.close();
    renameSync(this.path, rotatedPath(this.path));
    this.fd = openDataFile(this.path, 'append');
    this.size = 0;
  }

  /** Parse one file (missing → nothing); repair its torn end when it is the current, writable file. */
  private readFile(path: string, warnings: string[], repair: boolean): { entries: ChannelEntry[] } {
    const name = path === this.path ? 'channels.jsonl' : 'channels.jsonl.1';
    let text: string;
    try {
      text = readDataText(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [] };
      // A link at its name (issue 27 item 1): nothing read through it; appends are refused too.
      if (err instanceof DataFileRefused) {
        warnings.push(`${name}: ${err.message}`);
        return { entries: [] };
      }
      throw err;
    }
    const { lines, tail } = splitLines(text);
    const entries: ChannelEntry[] = [];
    const bad: number[] = [];
    lines.forEach((line, i) => {
      const e = parseLine(line);
      if (e) entries.push(e);
      else if (line.trim() !== '') bad.push(i + 1);
    });
    if (tail !== undefined) {
      const e = parseLine(tail);
      if (e) {
        entries.push(e);
        if (repair && !this.readOnly) this.repairNewline();
      } else {
        warnings.push(`${name}: the last line was cut off (${Buffer.byteLength(tail)} bytes, written when Switchboard stopped) — skipped`);
        if (repair && !this.readOnly) this.truncateTo(Buffer.byteLength(text) - Buffer.byteLength(tail));
      }
    }
    // Where each damaged line is (a trial found lines in the middle skipped with no line number).
    for (const w of lineWarnings(path, bad, 'not a notification (a damaged line) — skipped; the other lines were read')) warnings.push(warningText(w));
    // Lines are appended in seq order; a hand-edited file may not be: keep it ordered for paging.
    for (let i = 1; i < entries.length; i++) {
      if (entries[i]!.seq <= entries[i - 1]!.seq) {
        entries.sort((a, b) => a.seq - b.seq);
        break;
      }
    }
    return { entries };
  }

  private repairNewline(): void {
    this.open();
    writeSync(this.fd!, '\n');
    this.size += 1;
  }

  private truncateTo(bytes: number): void {
    this.close();
    const fd = openDataFile(this.path, 'read-write');
    try {
      ftruncateSync(fd, bytes);
    } finally {
      closeSync(fd);
    }
  }
}
