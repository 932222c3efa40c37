/**
 * Call history that outlives the process (issue 14 item 12; docs/inspecting.md "Call history"):
 * `history.json` in the data folder holds the newest records of every server, already redacted
 * (the caller redacts; nothing here sees a secret), bounded by count per server, count in all and
 * bytes. Writes are coalesced (one write per `FLUSH_DELAY_MS`, off the call's path) and each one
 * re-reads the file under the data folder's file lock and merges by id, so the owner and a
 * one-shot CLI never drop each other's calls; the write itself is atomic (temp file + rename).
 * A file that is not JSON is kept as `history.json.bad-<time>` and `history.json.prev` loaded
 * (data-files.ts, issue 27 item 2); one that is JSON but not a history file is moved aside to
 * `history.json.bad` (named in the warning); neither is silently overwritten.
 */
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { CallRecordSchema, type CallRecord } from '../../../../src-shared/api/inspector.js';
import { readDataJson, withDataFileLock, writeDataFile } from '../../data/data-files.js';

/** The file's name in the data folder. */
export const HISTORY_FILE = 'history.json';
/** Records kept per server on disk (as in memory). */
export const HISTORY_FILE_PER_SERVER = 100;
/** Records kept in all on disk. */
export const HISTORY_FILE_MAX_RECORDS = 2000;
/** Most bytes (UTF-8) of the file: the oldest records go first past it. */
export const HISTORY_FILE_MAX_BYTES = 4 * 1024 * 1024;
/** Writes are coalesced this long after the first unsaved record (ms). */
export const FLUSH_DELAY_MS = 200;

/** A record as stored: the listed record plus the start of its result text. */
export const StoredCallRecordSchema = CallRecordSchema.extend({ resultText: z.string().optional() });
export type StoredCallRecord = z.infer<typeof StoredCallRecordSchema>;

const FileSchema = z.object({ version: z.literal(1), records: z.array(z.unknown()) });

/** Records of a parsed file (records that do not match the schema are skipped, not fatal). */
function recordsOf(value: unknown): StoredCallRecord[] {
  const file = FileSchema.safeParse(value);
  if (!file.success) throw new Error('not a Switchboard history file (expected {"version":1,"records":[…]})');
  const out: StoredCallRecord[] = [];
  for (const r of file.data.records) {
    const rec = StoredCallRecordSchema.safeParse(r);
    if (rec.success) out.push(rec.data);
  }
  return out;
}

/**
 * The newest records within the bounds, oldest first: at most `perServer` per server, `maxRecords`
 * in all, and a JSON text of at most `maxBytes` (UTF-8).
 */
export function boundRecords(records: StoredCallRecord[], perServer = HISTORY_FILE_PER_SERVER, maxRecords = HISTORY_FILE_MAX_RECORDS, maxBytes = HISTORY_FILE_MAX_BYTES): StoredCallRecord[] {
  const sorted = [...records].sort((a, b) => a.startedAt - b.startedAt);
  const perCount = new Map<string, number>();
  const kept: StoredCallRecord[] = [];
  let bytes = 32;
  for (let i = sorted.length - 1; i >= 0 && kept.length < maxRecords; i--) {
    const r = sorted[i]!;
    const n = perCount.get(r.server) ?? 0;
    if (n >= perServer) continue;
    const size = Buffer.byteLength(JSON.stringify(r)) + 2;
    if (bytes + size > maxBytes) break;
    bytes += size;
    perCount.set(r.server, n + 1);
    kept.push(r);
  }
  return kept.reverse();
}

/** Persisted call history of one data folder. */
export class HistoryFile {
  readonly path: string;
  private pending: StoredCallRecord[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  /** `onWarning` hears a file moved aside or a write that failed (the owner's log, the CLI's stderr). */
  constructor(
    dataDir: string,
    private readonly onWarning: (message: string) => void = () => undefined,
  ) {
    this.path = join(dataDir, HISTORY_FILE);
  }

  /** The records on disk now, oldest first (none when the file is missing or does not parse). */
  load(): StoredCallRecord[] {
    let value: unknown;
    try {
      // Not JSON: kept aside and history.json.prev loaded (data-files.ts, issue 27 item 2).
      value = readDataJson(this.path);
    } catch {
      return [];
    }
    try {
      return recordsOf(value);
    } catch (err) {
      this.onWarning(`Call history ${this.path} could not be read (${(err as Error).message}); it is moved to ${this.path}.bad at the next call`);
      return [];
    }
  }

  /** Queue a (redacted) record for the next write. */
  append(record: StoredCallRecord): void {
    this.pending.push(record);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_DELAY_MS);
    this.timer.unref?.();
  }

  /** Write what is queued now (also at dispose); resolves when it is on disk or the failure was reported. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return this.writing;
    this.writing = this.writing.then(() => this.write(batch)).catch((err: Error) => this.onWarning(`Call history not saved to ${this.path}: ${err.message}`));
    return this.writing;
  }

  private async write(batch: StoredCallRecord[]): Promise<void> {
    await withDataFileLock(this.path, async (lock) => {
      let onDisk: StoredCallRecord[] = [];
      let value: unknown;
      try {
        value = readDataJson(this.path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT' && !(err instanceof SyntaxError)) throw err;
      }
      if (value !== undefined) {
        try {
          onDisk = recordsOf(value);
        } catch (err) {
          // Lose nothing: the unreadable file is kept beside the new one.
          await rename(this.path, `${this.path}.bad`);
          this.onWarning(`Call history ${this.path} could not be read (${(err as Error).message}); moved to ${this.path}.bad and started afresh`);
        }
      }
      const ids = new Set(onDisk.map((r) => r.id));
      const merged = [...onDisk, ...batch.filter((r) => !ids.has(r.id))];
      const records = boundRecords(merged);
      await writeDataFile(this.path, `${JSON.stringify({ version: 1, records })}\n`, { beforeRename: async () => lock.assertHeld() });
    });
  }
}

/** A stored record as listed (without its result text). */
export function toCallRecord(stored: StoredCallRecord): CallRecord {
  const { resultText: _text, ...rec } = stored;
  return rec;
}
