/**
 * What every writer of a file we do not fully own shares (docs/operator-verbs.md): one writer per file in this
 * process, and the previous version kept in `<dataDir>/backups/` before each write.
 */
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ensureDataDir } from '../data/data-dir.js';
import { DATA_FILES } from '../data/paths.js';

/** Backups kept per file. */
export const MAX_BACKUPS = 20;

const locks = new Map<string, Promise<unknown>>();

/** Run `task` after every earlier task on `key` (a file path) in this process: one writer per file. */
export function serialised<T>(key: string, task: () => Promise<T>): Promise<T> {
  const run = (locks.get(key) ?? Promise.resolve()).then(task, task);
  locks.set(key, run.catch(() => undefined));
  return run;
}

/** The backup name prefix of `path`: its base name plus a short hash of the full path (two `settings.json` never mix). */
export function backupPrefix(path: string): string {
  return `${basename(path)}.${createHash('sha256').update(path).digest('hex').slice(0, 8)}.`;
}

/**
 * Copy `path` (which must exist) to `<dataDir>/backups/<name>.<hash>.<ISO time>` and keep the
 * newest `MAX_BACKUPS` of that file. Throws the fs error when the copy fails (then do not write).
 */
export async function backupFile(dataDir: string, path: string): Promise<void> {
  const dir = join(dataDir, DATA_FILES.backups);
  // Backups may hold literal secrets of host files: a private folder (issue 9 item 6).
  ensureDataDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const prefix = backupPrefix(path);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  let name = `${prefix}${stamp}`;
  for (let i = 1; (await readdir(dir)).includes(name); i++) name = `${prefix}${stamp}-${i}`;
  // Never over an existing name (a link planted there is not written through); private like the folder (issue 27).
  await copyFile(path, join(dir, name), constants.COPYFILE_EXCL);
  await chmod(join(dir, name), 0o600);
  const mine = (await readdir(dir)).filter((f) => f.startsWith(prefix)).sort();
  for (const old of mine.slice(0, Math.max(0, mine.length - MAX_BACKUPS))) await unlink(join(dir, old)).catch(() => undefined);
}
