/**
 * Atomic file writes (SPEC §5): temp file in the same folder + fsync + rename, through symlinks to
 * the real file, keeping its mode. A reader never sees a half-written file.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Options of `writeFileAtomic`. */
export interface AtomicWriteOptions {
  /** Mode of a NEW file (an existing file keeps its own). Default 0o600. */
  mode?: number;
}

/**
 * Write `data` (UTF-8) to `path` atomically. Creates missing folders. When `path` is a symlink the
 * real file is replaced and the link kept. Throws the underlying fs error on failure (the temp file
 * is removed; the original is untouched).
 */
export async function writeFileAtomic(path: string, data: string, options: AtomicWriteOptions = {}): Promise<void> {
  let target = path;
  let mode = options.mode ?? 0o600;
  try {
    target = await realpath(path);
    mode = (await stat(target)).mode & 0o777;
  } catch {
    // new file: keep `path` and the default mode
  }
  const dir = dirname(target);
  await mkdir(dir, { recursive: true });
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
