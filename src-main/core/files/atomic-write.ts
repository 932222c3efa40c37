/**
 * Atomic file writes (docs/operator-verbs.md): temp file in the same folder + fsync + rename, through symlinks to
 * the real file (a dangling link's target is created; the link is never replaced), keeping its
 * mode. A reader never sees a half-written file, and a host's write that lands between our read
 * and our rename is never lost: the file is compared again right before the rename.
 */
import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, open, readdir, readFile, readlink, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { CoreError } from '../facade/errors.js';
import { contentSignature, type OwnWriteRecorder } from './own-writes.js';

/** Options of `writeFileAtomic`. */
export interface AtomicWriteOptions {
  /** Mode of a NEW file (an existing file keeps its own). Default 0o600. */
  mode?: number;
  /**
   * The text the caller's edit was based on (`null`: the file did not exist). When given, the file
   * is read again after the temp file is written and fsynced, immediately before the rename, and
   * a difference refuses the write (CONFLICT). Default: no check.
   */
  expected?: string | null;
  /** Test seam: runs after the temp file is synced, before the final comparison and rename. */
  beforeRename?: () => Promise<void>;
  /**
   * Told the new content's signature right before the rename, under the caller's path and the
   * real file's (own-writes.ts: the core's watcher then knows the change for its own). Default: none.
   */
  ownWrites?: OwnWriteRecorder;
}

/** Most links followed when resolving a symlink chain (as the kernel's ELOOP limit). */
const MAX_LINKS = 40;

/**
 * The path a write of `path` must replace: the real file behind a symlink chain, or, for a
 * dangling link, the path the last link points to (to be created). Throws ELOOP-like CoreError
 * INVALID_CONFIG for a symlink loop.
 */
export async function writeTarget(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    // missing file, or a dangling link: follow the links by hand
  }
  let current = path;
  for (let i = 0; i < MAX_LINKS; i++) {
    let info;
    try {
      info = await lstat(current);
    } catch {
      // Nothing here: the write creates `current` (its folder may itself be a link: resolve it).
      const dir = await realpath(dirname(current)).catch(() => dirname(current));
      return join(dir, basename(current));
    }
    if (!info.isSymbolicLink()) return current;
    current = resolve(dirname(current), await readlink(current));
  }
  throw new CoreError('INVALID_CONFIG', `Invalid server config: ${path} is a symlink loop; it was not changed`);
}

async function currentText(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Write `data` (UTF-8) to `path` atomically. Creates missing folders. When `path` is a symlink the
 * real file is replaced and the link kept; a dangling link gets its target created. Throws
 * `CoreError('CONFLICT', '<path> changed on disk meanwhile …; try again')` when `expected` is given
 * and the file no longer holds it; otherwise the underlying fs error. On any failure the temp file
 * is removed and the original is untouched. Resolves to the new content's signature
 * (`contentSignature`, what the live-reload watcher compares for own writes).
 */
export async function writeFileAtomic(path: string, data: string, options: AtomicWriteOptions = {}): Promise<string> {
  const target = await writeTarget(path);
  let mode = options.mode ?? 0o600;
  try {
    mode = (await stat(target)).mode & 0o777;
  } catch {
    // new file: the default mode
  }
  // A folder we create is private (our data folder first of all; issue 9 item 6).
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  return replaceFileAtomic(target, data, { ...options, mode, path });
}

/** Options of `replaceFileAtomic`. */
export interface ReplaceOptions extends AtomicWriteOptions {
  /** The final mode of the file (the temp file is 0600 until right before the rename). */
  mode: number;
  /** The name the caller knows the file by, for messages (default: `target`). */
  path?: string;
}

/** A fresh temp file name for `target`, in its folder: `.<name>.<pid>.<12 hex>.tmp` (what `removeStaleTemps` recognises). */
export function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/** The writer's pid in a temp file name of `base` (`.<base>.<pid>.<12 hex>.tmp`), or undefined for other names. */
function tempWriter(name: string, base: string): number | undefined {
  const prefix = `.${base}.`;
  if (!name.startsWith(prefix) || !name.endsWith('.tmp')) return undefined;
  const [pid, rand, more] = name.slice(prefix.length, -'.tmp'.length).split('.');
  return more === undefined && /^\d+$/.test(pid ?? '') && /^[0-9a-f]+$/.test(rand ?? '') ? Number(pid) : undefined;
}

/** Whether process `pid` is alive (EPERM: alive, another user's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Remove the temp files of `target` that writers left when they were killed between writing the
 * temp file and the rename (issue 27 item 3): those whose pid is not a live process (this
 * process's own are in use). Never throws.
 */
export async function removeStaleTemps(target: string): Promise<void> {
  const dir = dirname(target);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const pid = tempWriter(name, basename(target));
    if (pid === undefined || pid === process.pid || alive(pid)) continue;
    await unlink(join(dir, name)).catch(() => undefined);
  }
}

/**
 * Replace the file `target` (no symlink resolution: a link AT `target` is replaced, never written
 * through) with `data`: a temp file `.<name>.<pid>.<rand>.tmp` in the same folder, created
 * exclusively (O_EXCL: never through a link) with mode 0600 — a writer killed before the rename
 * leaves no copy others may read (issue 27 item 3) — written, fsynced; then `beforeRename`, the
 * `expected` comparison, the final `mode`, the rename, and an fsync of the folder. Stale temps of
 * dead writers of the same file are removed first; `ownWrites` is told the signature right before
 * the rename. Resolves to the signature (`contentSignature(data)`). Throws as `writeFileAtomic`;
 * the temp file is removed on any failure.
 */
export async function replaceFileAtomic(target: string, data: string, options: ReplaceOptions): Promise<string> {
  const signature = contentSignature(data);
  const dir = dirname(target);
  await removeStaleTemps(target);
  const tmp = tempPathFor(target);
  try {
    const handle = await open(tmp, 'wx', 0o600);
    try {
      await handle.writeFile(data, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await options.beforeRename?.();
    if (options.expected !== undefined && (await currentText(target)) !== options.expected) {
      throw new CoreError('CONFLICT', `${options.path ?? target} changed on disk meanwhile (another program wrote it); nothing was written, try again`);
    }
    // The file's own mode only now, right before it becomes the file (umask may narrow an open's mode).
    await chmod(tmp, options.mode);
    // Recorded before the rename: the watcher may look the moment the new file is in place.
    for (const p of new Set([options.path ?? target, target])) options.ownWrites?.record(p, signature);
    await rename(tmp, target);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
  try {
    const dirHandle = await open(dir, 'r');
    try {
      await dirHandle.sync();
    } finally {
      await dirHandle.close();
    }
  } catch {
    // fsync of a folder is not supported everywhere (Windows); the rename is still atomic
  }
  return signature;
}
