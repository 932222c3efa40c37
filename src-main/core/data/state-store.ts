/**
 * `state.json` in the data folder (docs/faces-and-ownership.md: manual stops, UI state, chosen roots…): one JSON object
 * whose top-level keys belong to different features. Each feature reads and updates only its own
 * key; writes are atomic and serialised, and re-read the file first so two features (or two
 * processes) never drop each other's keys. A missing file reads as `{}`; one that does not parse is
 * kept aside and its previous version (`state.json.prev`) loaded (data-files.ts, issue 27 item 2).
 * Never read or written through a symlink (issue 27 item 1).
 */
import { join } from 'node:path';
import { readDataJson, withDataFileLock, writeDataFile } from './data-files.js';
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
   * The whole state object as on disk now (`{}` when missing, refused or not an object). A file
   * that does not parse is kept aside and replaced by the last state this process read or wrote,
   * else by `state.json.prev` (readDataJson, issue 27 item 2), so acks, pauses and stops are not
   * forgotten; `{}` when there is neither.
   */
  readAll(): Record<string, unknown> {
    let value: unknown;
    try {
      value = readDataJson(this.file, this.lastGood);
      this.lastGood = JSON.stringify(value);
    } catch {
      return {};
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
      withDataFileLock(this.file, async (lock) => {
        const all = this.readAll();
        const next = fn(all[key] as T | undefined);
        if (next === undefined) delete all[key];
        else all[key] = next;
        const text = `${JSON.stringify(all, null, 2)}\n`;
        await writeDataFile(this.file, text, { beforeRename: async () => lock.assertHeld() });
        this.lastGood = text;
        return next;
      }),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }
}
