/**
 * `state.json` in the data folder (docs/faces-and-ownership.md: manual stops, UI state, chosen roots…): one JSON object
 * whose top-level keys belong to different features. Each feature reads and updates only its own
 * key; writes are atomic and serialised, and re-read the file first so two features (or two
 * processes) never drop each other's keys. A missing or malformed file reads as `{}` and is only
 * replaced by a successful update.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from './config/atomic-write.js';
import { withFileLock } from './config/file-lock.js';
import { DATA_FILES } from './paths.js';

export class StateStore {
  readonly file: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(dataDir: string) {
    this.file = join(dataDir, DATA_FILES.state);
  }

  /** The text of the last read that parsed, when a later read did not (trial 5 finding 2). */
  private lastGood: string | undefined;

  /**
   * The whole state object as on disk now (`{}` when missing or not an object). A file that does not
   * parse (a torn write by another program) changes nothing: the last state read in this process
   * that parsed is used (`{}` when none), so acks, pauses and stops are not forgotten.
   */
  readAll(): Record<string, unknown> {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return {};
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
      this.lastGood = text;
    } catch {
      value = this.lastGood === undefined ? {} : JSON.parse(this.lastGood);
    }
    // Null prototype: a key like `__proto__` stays an own property (never the object's prototype).
    return value && typeof value === 'object' && !Array.isArray(value) ? Object.assign(Object.create(null) as Record<string, unknown>, value) : {};
  }

  /** One feature's value, or `undefined`. */
  get<T>(key: string): T | undefined {
    return this.readAll()[key] as T | undefined;
  }

  /**
   * Replace one key with `fn(current)` (`undefined` removes it), atomically; other keys are kept
   * as they are on disk at write time. Resolves to the new value; rejects when the file cannot be
   * written.
   */
  update<T>(key: string, fn: (current: T | undefined) => T | undefined): Promise<T | undefined> {
    // Locked across processes (issue 9 item 3): the CLI and the owner never drop each other's keys.
    const run = this.queue.then(() =>
      withFileLock(this.file, async (lock) => {
        const all = this.readAll();
        const next = fn(all[key] as T | undefined);
        if (next === undefined) delete all[key];
        else all[key] = next;
        const text = `${JSON.stringify(all, null, 2)}\n`;
        await writeFileAtomic(this.file, text, { beforeRename: async () => lock.assertHeld() });
        this.lastGood = text;
        return next;
      }),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }
}
