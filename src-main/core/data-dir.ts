/**
 * The data folder is private (docs/faces-and-ownership.md, issue 9 item 6): it holds which credential each server uses,
 * trust decisions, backups of config files (which may hold literal secrets) and the owner's
 * endpoint token. Every face makes it, and `backups/` in it, mode 0700 — the owner, a one-shot
 * CLI, the first config write — and narrows a folder an older version left group/world-readable.
 */
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_FILES } from './paths.js';

/** Create `dir` (and missing parents) mode 0700, or narrow an existing one to 0700. Never throws (best effort: a read-only mount stays as it is). */
export function ensurePrivateDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700);
  } catch {
    // the caller's own write reports a real problem with the folder
  }
}

/** Make the data folder private, and its `backups/` when it exists (see the file comment). */
export function ensureDataDir(dataDir: string): void {
  ensurePrivateDir(dataDir);
  const backups = join(dataDir, DATA_FILES.backups);
  if (existsSync(backups)) ensurePrivateDir(backups);
}
