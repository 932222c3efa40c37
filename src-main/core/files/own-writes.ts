/**
 * Own writes do not echo (issue 29 item 4, docs/config-discovery.md "Own writes"): every config
 * write the core makes records the file's new content signature here, just before its rename; the
 * live-reload watcher (config-watcher.ts), when it sees that file change, asks `claim()` whether the
 * file now holds exactly those bytes — then it is our own write (the handler that made it already
 * rediscovered) and no reload runs. The record is forgotten at the first change seen, whatever it
 * was: any later write is judged afresh.
 *
 * The limit, on purpose: an outside write that lands before the watcher looked and leaves exactly
 * the bytes we wrote is taken for ours — it changes nothing we have not already read.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The signature of a file's content: SHA-256 (hex) of its bytes (`data` as UTF-8). */
export function contentSignature(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Where a writer records what it wrote (`OwnWrites`; absent: nothing is recorded). */
export interface OwnWriteRecorder {
  /** `path` (any spelling; resolved) is about to hold content of `signature` (`contentSignature`). */
  record(path: string, signature: string): void;
}

/** A core's record of its own pending config writes, by absolute path. */
export class OwnWrites implements OwnWriteRecorder {
  private readonly pending = new Map<string, string>();

  record(path: string, signature: string): void {
    this.pending.set(resolve(path), signature);
  }

  /**
   * Whether the change just seen at `path` is our own write: the file's current bytes have the
   * recorded signature. The record is dropped either way. No record (or an unreadable file): false.
   */
  claim(path: string): boolean {
    const key = resolve(path);
    const want = this.pending.get(key);
    if (want === undefined) return false;
    this.pending.delete(key);
    try {
      return contentSignature(readFileSync(key)) === want;
    } catch {
      return false;
    }
  }
}
