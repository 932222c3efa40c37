/**
 * The data folder is private (docs/faces-and-ownership.md, issue 9 item 6): it holds which credential each server uses,
 * trust decisions, backups of config files (which may hold literal secrets) and the owner's
 * endpoint token. Every face makes it, and `backups/` in it, mode 0700 — the owner, a one-shot
 * CLI, the first config write — and narrows a folder an older version left group/world-readable.
 * A data folder that is itself a symlink is used only when the person named it in
 * `SWITCHBOARD_HOME` (issue 27 item 1): otherwise its files could be redirected wholesale.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { clearDataProblem, reportDataProblem } from './data-file-problems.js';
import { DATA_FILES } from './paths.js';

/** Folders named in a `SWITCHBOARD_HOME` a core was given (resolved paths): these may be symlinks. */
const namedFolders = new Set<string>();

/** Whether the person named `dir` as the data folder (`SWITCHBOARD_HOME` of this process or of a core's environment). */
function named(dir: string): boolean {
  const home = process.env.SWITCHBOARD_HOME;
  return namedFolders.has(resolve(dir)) || (home !== undefined && home.trim() !== '' && resolve(home) === resolve(dir));
}

/**
 * Why files in `dir` must not be used, or `undefined` when they may: `dir` is a symlink the person
 * did not name in `SWITCHBOARD_HOME`, or exists and is not a folder. A missing folder is fine (it
 * is created). Also reports/clears the folder's problem (data-file-problems.ts).
 */
export function dataFolderRefusal(dir: string): string | undefined {
  let why: string | undefined;
  try {
    const info = lstatSync(dir);
    if (info.isSymbolicLink()) {
      if (!named(dir)) why = `the data folder ${dir} is a symlink; Switchboard follows it only when you name it in SWITCHBOARD_HOME (or replace the link with a folder) — nothing was read or written there`;
    } else if (!info.isDirectory()) why = `the data folder ${dir} is not a folder`;
  } catch {
    // missing: created on the first write
  }
  if (why) reportDataProblem(dir, 'refused', why, 'data-file-refused');
  else clearDataProblem(dir);
  return why;
}

/** Create `dir` (and missing parents) mode 0700, or narrow an existing one to 0700. Never throws (best effort: a read-only mount stays as it is). */
export function ensurePrivateDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700);
  } catch {
    // the caller's own write reports a real problem with the folder
  }
}

/**
 * Files `narrowFiles` leaves as they are: `secrets.json` keeps its own refusal (file-secret-store.ts);
 * `servers.json` is the person's own config file, whose mode every writer keeps (files/atomic-write.ts).
 */
const OWN_MODE_RULES = new Set(['secrets.json', DATA_FILES.servers]);

/** Narrow the plain files directly in `dir` that others may read to 0600 (issue 27 item 1; links are never followed). Never throws. */
function narrowFiles(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (OWN_MODE_RULES.has(name)) continue;
    try {
      const info = lstatSync(join(dir, name));
      if (info.isFile() && (info.mode & 0o077) !== 0) chmodSync(join(dir, name), 0o600);
    } catch {
      // gone meanwhile, or not ours to change
    }
  }
}

/**
 * Make the data folder private, and its `backups/` when it exists, and narrow their files to 0600
 * (see the file comment). `env`: the environment the folder was chosen from — when its
 * `SWITCHBOARD_HOME` names `dataDir`, the folder may be a symlink. A refused folder
 * (`dataFolderRefusal`) is left as it is.
 */
export function ensureDataDir(dataDir: string, env?: Record<string, string | undefined>): void {
  const home = env?.SWITCHBOARD_HOME;
  if (home !== undefined && home.trim() !== '' && resolve(home) === resolve(dataDir)) namedFolders.add(resolve(dataDir));
  if (dataFolderRefusal(dataDir)) return;
  ensurePrivateDir(dataDir);
  if (process.platform !== 'win32') narrowFiles(dataDir);
  const backups = join(dataDir, DATA_FILES.backups);
  if (lstatSync(backups, { throwIfNoEntry: false })?.isDirectory()) {
    ensurePrivateDir(backups);
    if (process.platform !== 'win32') narrowFiles(backups);
  }
}
