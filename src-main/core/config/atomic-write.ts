/**
 * Atomic file writes (docs/operator-verbs.md): temp file in the same folder + fsync + rename, through symlinks to
 * the real file (a dangling link's target is created; the link is never replaced), keeping its
 * mode. A reader never sees a half-written file, and a host's write that lands between our read
 * and our rename is never lost: the file is compared again right before the rename.
 */
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, readFile, readlink, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { CoreError } from '../errors.js';

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
 * is removed and the original is untouched.
 */
export async function writeFileAtomic(path: string, data: string, options: AtomicWriteOptions = {}): Promise<void> {
  const target = await writeTarget(path);
  let mode = options.mode ?? 0o600;
  try {
    mode = (await stat(target)).mode & 0o777;
  } catch {
    // new file: the default mode
  }
  const dir = dirname(target);
  // A folder we create is private (our data folder first of all; issue 9 item 6).
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const tmp = join(dir, `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(tmp, 'wx', mode);
    try {
      await handle.writeFile(data, 'utf8');
      await handle.chmod(mode); // umask may have narrowed the mode given to open
      await handle.sync();
    } finally {
      await handle.close();
    }
    await options.beforeRename?.();
    if (options.expected !== undefined && (await currentText(target)) !== options.expected) {
      throw new CoreError('CONFLICT', `${path} changed on disk meanwhile (another program wrote it); nothing was written, try again`);
    }
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
}
