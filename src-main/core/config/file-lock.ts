/**
 * An exclusive lock on a file across processes (issue 9 item 3: among Switchboard processes a
 * write that returns success is in the file under any interleaving). Held across a writer's whole
 * read → edit → compare → rename, so two writers can never both compare against the same text and
 * rename one over the other. `proper-lockfile`'s protocol: the lock is the folder `<file>.lock`
 * (mkdir is atomic, also on network file systems), its mtime refreshed while held; a lock not
 * refreshed for `LOCK_STALE_MS` belongs to a dead writer and is taken over. A host's own writer
 * that ignores the lock is still caught by the writer's compare before the rename.
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import lockfile from 'proper-lockfile';
import { CoreError } from '../facade/errors.js';
import { writeTarget } from '../files/atomic-write.js';

/** A lock whose holder stopped refreshing it this long ago is stale (ms). */
export const LOCK_STALE_MS = 10_000;
/** How long a writer waits for the lock at most, roughly (ms): 300 tries, 10–250 ms apart. */
const RETRIES = { retries: 300, factor: 1.3, minTimeout: 10, maxTimeout: 250, randomize: true };

/**
 * Run `task` while holding the lock of `path` (the real file behind symlinks; its folder is
 * created 0700 when missing). Rejects with `CoreError('CONFLICT', '<path> is locked by another
 * Switchboard process…')` when the lock cannot be had, and with `CoreError('CONFLICT')` when the
 * lock was lost (taken over as stale) while `task` ran — `task` should then not have renamed, see
 * `assertHeld`. Otherwise resolves or rejects as `task` does; the lock is always released.
 * `followLinks: false` locks `path` itself, not the file behind a link at it (our data files,
 * which are never links: data-files.ts). Default true.
 */
export async function withFileLock<T>(path: string, task: (lock: HeldLock) => Promise<T>, options: { followLinks?: boolean } = {}): Promise<T> {
  const target = options.followLinks === false ? path : await writeTarget(path);
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  let lost: Error | undefined;
  let release: () => Promise<void>;
  const take = (retries: typeof RETRIES | 0) =>
    lockfile.lock(target, {
      realpath: false,
      stale: LOCK_STALE_MS,
      retries,
      onCompromised: (err) => {
        lost = err;
      },
    });
  try {
    // Once at once: only a lock another writer holds (ELOCKED) is worth waiting for. proper-lockfile
    // retries every error, so a folder nobody may write to (immutable, read-only, no permission) took
    // ~75 s and was then blamed on another process (attack pass, issue 32).
    release = await take(0).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ELOCKED') throw new CoreError('INVALID_CONFIG', `${path} cannot be written: its lock ${target}.lock cannot be created in ${dirname(target)} (${err.message}); nothing was written`);
      return take(RETRIES);
    });
  } catch (err) {
    if (err instanceof CoreError) throw err;
    throw new CoreError('CONFLICT', `${path} is locked by another Switchboard process (${(err as Error).message}); nothing was written, try again`);
  }
  const held: HeldLock = {
    assertHeld() {
      if (lost) throw new CoreError('CONFLICT', `${path}: the write lock was lost (${lost.message}); nothing was written, try again`);
    },
  };
  try {
    return await task(held);
  } finally {
    await release().catch(() => undefined);
  }
}

/** What a task under `withFileLock` can ask of its lock. */
export interface HeldLock {
  /** Throw CONFLICT when the lock was taken over meanwhile (call right before the rename). */
  assertHeld(): void;
}
