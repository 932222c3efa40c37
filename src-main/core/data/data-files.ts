/**
 * The one way Switchboard reads and writes its own data files (issue 27 items 1–3, docs/security.md#data-files):
 * `state.json`, `trust.json`, `tool-pins.json`, `history.json`, `triggers.json`, `trigger-state.jsonl`,
 * `channels.jsonl`, `event-subscriptions.json`, `credentials.json`, `secrets.json`, `endpoint.json`, `owner.lock`,
 * `owner-children.json` — every file Switchboard keeps in its data folder (copies in `backups/` are
 * made by config/file-backups.ts: never over an existing name, 0600).
 *
 * - Never through a symlink: files are opened with O_NOFOLLOW (where the OS has it) and checked
 *   after the open (the open file is a plain file, the same inode as the name in the folder); a
 *   link, a folder or a device at a data file's name is refused with a `DataFileRefused` error and
 *   a problem in the status (data-file-problems.ts), and nothing is read from or written through it.
 *   The folder itself may be a link only when named in `SWITCHBOARD_HOME` (data-dir.ts).
 * - Private: files are created 0600 and a group/world-readable one is narrowed when read.
 * - Atomic: a write is a 0600 temp file + fsync + rename (files/atomic-write.ts `replaceFileAtomic`,
 *   which also removes temps of killed writers). A JSON file's previous version is kept as
 *   `<name>.prev` (0600); a JSON file that does not parse is kept as `<name>.bad-<time>`, its
 *   `.prev` is put back and read instead, and the person is told.
 *
 * Host config files are not data files: they may be links on purpose (dotfile managers) and keep
 * `writeFileAtomic`'s write-behind-the-link rule.
 */
import { closeSync, constants, fchmodSync, fstatSync, lstatSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, type BigIntStats } from 'node:fs';
import { link, mkdir, rename, unlink } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { CoreError } from '../facade/errors.js';
import { removeStaleTemps, replaceFileAtomic, tempPathFor } from '../files/atomic-write.js';
import { readFailureMessage, type TextOutcome } from '../files/read-config-text.js';
import { withFileLock, type HeldLock } from '../config/file-lock.js';
import { dataFolderRefusal } from './data-dir.js';
import { clearDataProblem, reportDataProblem } from './data-file-problems.js';

/** O_NOFOLLOW where the OS has it (not on Windows: there the after-open check alone holds). */
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
/** A FIFO at a data file's name must not block the open (it is then refused as not a plain file). */
const NONBLOCK = constants.O_NONBLOCK ?? 0;
const PRIVATE = 0o600;

/** A data file (or the data folder) that is a symlink or not a plain file: nothing was read or written (code INVALID_CONFIG). */
export class DataFileRefused extends CoreError {
  constructor(
    readonly file: string,
    why: string,
  ) {
    super('INVALID_CONFIG', why);
    this.name = 'DataFileRefused';
  }
}

function refuse(file: string, what: string): never {
  const why = `${file} ${what}; Switchboard's data files must be plain files in its data folder, so it was neither read nor written — remove it and Switchboard writes a new one`;
  reportDataProblem(file, 'refused', why, 'data-file-refused');
  throw new DataFileRefused(file, why);
}

function checkFolder(file: string): void {
  const why = dataFolderRefusal(dirname(file));
  if (why) throw new DataFileRefused(file, why);
}

/**
 * Open the data file `file` with `flags` (numeric, O_NOFOLLOW added) and `mode` for a new file;
 * refuse a link or anything but a plain file; narrow a group/world-readable file to 0600. Returns
 * the fd (the caller closes it). Throws `DataFileRefused`, or the fs error (ENOENT for a missing
 * file opened without O_CREAT).
 */
function openChecked(file: string, flags: number, mode = PRIVATE): number {
  checkFolder(file);
  let fd: number;
  try {
    fd = openSync(file, flags | NOFOLLOW, mode);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // Linux/macOS say ELOOP for O_NOFOLLOW on a link, FreeBSD EMLINK; a folder opened for writing EISDIR.
    if (code === 'ELOOP' || code === 'EMLINK') refuse(file, 'is a symlink');
    if (code === 'EISDIR') refuse(file, 'is a folder');
    throw err;
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) refuse(file, 'is not a plain file');
    const named = lstatSync(file);
    // Without O_NOFOLLOW (Windows), or a name swapped meanwhile: the name must be this very file.
    if (named.isSymbolicLink() || named.ino !== opened.ino || named.dev !== opened.dev) refuse(file, 'is a symlink');
    // Written in place (appends): a hard link elsewhere would be written through too.
    if ((flags & (constants.O_WRONLY | constants.O_RDWR)) !== 0 && opened.nlink > 1) refuse(file, 'has another hard link');
    if (process.platform !== 'win32' && (opened.mode & 0o077) !== 0) fchmodSync(fd, PRIVATE);
  } catch (err) {
    closeSync(fd);
    throw err;
  }
  clearDataProblem(file);
  return fd;
}

/**
 * The text (UTF-8) of the data file `file`. Throws the ENOENT error when it is missing (as
 * `readFileSync`), `DataFileRefused` when it is a link or not a plain file, else the fs error.
 * A small file read before and unchanged since (same inode, size, times, mode: `rememberedText`)
 * is answered from memory after one `lstat`.
 */
export function readDataText(file: string): string {
  const unchanged = rememberedText(file);
  if (unchanged !== undefined) return unchanged;
  let fd: number;
  try {
    fd = openChecked(file, constants.O_RDONLY | NONBLOCK);
  } catch (err) {
    // Many data files are missing until first written (trust, toggles…): remembered as missing too.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') rememberMissing(file);
    throw err;
  }
  try {
    const opened = fstatSync(fd, { bigint: true });
    const text = readFileSync(fd, 'utf8');
    remember(file, opened, text);
    return text;
  } finally {
    closeSync(fd);
  }
}

/** Texts of small data files as last read, with the identity of the file they came from (`text` undefined: it was missing). */
const remembered = new Map<string, { identity: string; text: string | undefined }>();
/** Files up to this size (bytes) are remembered; larger ones (the call history) are read each time. */
const REMEMBER_BYTES = 64 * 1024;
/** Files remembered at most (the oldest is forgotten first). */
const REMEMBER_FILES = 64;

/**
 * Everything that changes when a file is replaced or written: device, inode (every write of a data
 * file is a new file renamed into place), size, modification and change times in ns (ctime also
 * moves on chmod, chown, link count changes) and mode.
 */
const identityOf = (st: BigIntStats): string => `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}:${st.mode}:${st.nlink}`;

/**
 * A file changed this recently (ns) is not remembered: file times tick coarsely (a few ms), and an
 * inode number freed by one atomic write can be handed to the next, so two versions written within
 * one tick could share an identity. A version at least this old when read cannot share it with a
 * later one (git's "racily clean" rule).
 */
const RACY_NS = 100_000_000n;

function remember(file: string, opened: BigIntStats, text: string): void {
  remembered.delete(file);
  const nowNs = BigInt(Date.now()) * 1_000_000n;
  if (opened.size > BigInt(REMEMBER_BYTES) || nowNs - opened.mtimeNs < RACY_NS || nowNs - opened.ctimeNs < RACY_NS) return;
  keep(file, { identity: identityOf(opened), text });
}

/** Remember that `file` was missing: the next read asks `lstat` only, until something is at the name. */
function rememberMissing(file: string): void {
  remembered.delete(file);
  keep(file, { identity: 'missing', text: undefined });
}

function keep(file: string, entry: { identity: string; text: string | undefined }): void {
  remembered.set(file, entry);
  const oldest = remembered.keys().next();
  if (remembered.size > REMEMBER_FILES && !oldest.done) remembered.delete(oldest.value);
}

/**
 * The text last read from `file` when the name still leads to that very file, unchanged (one
 * `lstat` instead of the folder check, open, two stats, read and close): settings are read on every
 * gateway call (issue 32 item 1). A link at the name, or any change of the file, misses, and the
 * full read checks everything again.
 */
function rememberedText(file: string): string | undefined {
  const kept = remembered.get(file);
  if (kept === undefined) return undefined;
  let now: BigIntStats;
  try {
    now = lstatSync(file, { bigint: true });
  } catch (err) {
    // Still missing: the lstat's own ENOENT is the answer (as the open would have thrown).
    if (kept.text === undefined && (err as NodeJS.ErrnoException).code === 'ENOENT') throw err;
    remembered.delete(file);
    return undefined;
  }
  if (kept.text === undefined || !now.isFile() || identityOf(now) !== kept.identity) {
    remembered.delete(file);
    return undefined;
  }
  return kept.text;
}

/** `readDataText` as an outcome (missing: ENOENT/ENOTDIR; a refusal or another failure: unreadable, in words). Never throws. */
export function readDataOutcome(file: string): TextOutcome {
  try {
    return { kind: 'text', text: readDataText(file) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    return { kind: 'unreadable', message: err instanceof DataFileRefused ? err.message : readFailureMessage(err) };
  }
}

/** The open flags of each way `openDataFile` opens a file. */
const OPEN_FLAGS = {
  append: constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT,
  'read-write': constants.O_RDWR | NONBLOCK,
  'create-new': constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL,
} as const;

/**
 * Open the data file `file`, never through a link, and return the fd (the caller closes it):
 * `append` (created 0600 when missing), `read-write` (an existing file, e.g. to cut a torn tail),
 * `create-new` (created 0600; EEXIST when anything — a link too — is at the name: a lock file).
 * Throws as `readDataText`.
 */
export function openDataFile(file: string, how: keyof typeof OPEN_FLAGS): number {
  return openChecked(file, OPEN_FLAGS[how]);
}

/** `<file>.prev`: the version before the last write of a JSON data file. */
export const prevPath = (file: string): string => `${file}.prev`;

const parses = (text: string): boolean => {
  try {
    JSON.parse(text.replace(/^\uFEFF/, ''));
    return true;
  } catch {
    return false;
  }
};

/**
 * The parsed JSON of the data file `file` (a leading BOM ignored). A file that does not parse is
 * renamed `<file>.bad-<ISO time>`; the version to go on with — `lastGood` (the text this process
 * last read or wrote, newer than any `.prev`) when given, else `<file>.prev` when it parses — is
 * put back in place and returned, and the person is told (a status warning: kept as …, loaded
 * from …). Throws ENOENT when missing, `DataFileRefused` as `readDataText`, and the `SyntaxError`
 * when there is nothing to recover (the file is then missing: the next write starts afresh; the
 * person is told).
 */
export function readDataJson(file: string, lastGood?: string): unknown {
  const text = readDataText(file);
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    return recover(file, err as Error, lastGood);
  }
}

function recover(file: string, err: Error, lastGood: string | undefined): unknown {
  const bad = `${file}.bad-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  try {
    renameSync(file, bad);
  } catch {
    // another process set it aside first: read what is there now
    return JSON.parse(readDataText(file));
  }
  const name = basename(file);
  let prevText = lastGood !== undefined && parses(lastGood) ? lastGood : undefined;
  const from = prevText !== undefined ? 'the last version this process read' : `the previous version in ${basename(prevPath(file))}`;
  try {
    prevText ??= readDataText(prevPath(file));
    if (!parses(prevText)) prevText = undefined;
  } catch {
    // no previous version (or a refused one)
  }
  if (prevText === undefined) {
    reportDataProblem(file, 'recovered', `${name} did not parse (${err.message}); it was kept as ${basename(bad)}, and there is no previous version to load, so it starts empty`, 'data-file-reset');
    throw err;
  }
  // Put that version back in place (a 0600 temp renamed over: atomic) so every reader sees it.
  const tmp = tempPathFor(file);
  try {
    writeFileSync(tmp, prevText, { flag: 'wx', mode: PRIVATE });
    renameSync(tmp, file);
  } catch {
    rmSync(tmp, { force: true });
  }
  reportDataProblem(file, 'recovered', `${name} did not parse (${err.message}); it was kept as ${basename(bad)} and ${from} was loaded instead — a change made just before the damage may be missing`, 'data-file-restored');
  return JSON.parse(prevText.replace(/^\uFEFF/, ''));
}

/** Options of `writeDataFile`. */
export interface DataWriteOptions {
  /** Keep the file's current version (when it parses as JSON) as `<file>.prev` first. Default: `file` ends in `.json`. */
  keepPrev?: boolean;
  /** Runs after the temp file is synced, right before the rename (e.g. `lock.assertHeld()`). */
  beforeRename?: () => Promise<void>;
}

/** Data writes (and locked read-modify-writes) not finished yet: `settleDataWrites` waits for them. */
const inFlight = new Set<Promise<unknown>>();

function track<T>(work: Promise<T>): Promise<T> {
  inFlight.add(work);
  const done = (): void => void inFlight.delete(work);
  work.then(done, done);
  return work;
}

/**
 * Resolves when no data write of this process is in flight any more — also those queued behind
 * the ones running now. A face calls it (through the core's `dispose`) before exiting, so a write
 * nobody awaited (era memory, tool pins) is on disk rather than cut off by `process.exit`. Never rejects.
 */
export async function settleDataWrites(): Promise<void> {
  while (inFlight.size > 0) {
    await Promise.allSettled([...inFlight]);
    // Let queued continuations (the next update of a store's queue) start and register.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Replace the data file `file` with `text` atomically, mode 0600, never through a link (a link or
 * non-file at the name is refused: `DataFileRefused`, nothing written). Creates the folder 0700
 * when missing. Keeps the previous version as `.prev` (see `keepPrev`). Throws the fs error
 * otherwise; the file is then unchanged.
 */
export function writeDataFile(file: string, text: string, options: DataWriteOptions = {}): Promise<void> {
  return track(writeNow(file, text, options));
}

async function writeNow(file: string, text: string, options: DataWriteOptions): Promise<void> {
  checkFolder(file);
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  let current: string | undefined;
  try {
    current = readDataText(file);
  } catch (err) {
    if (err instanceof DataFileRefused || (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if ((options.keepPrev ?? file.endsWith('.json')) && current !== undefined && current !== text && parses(current)) await keepPrevious(file, current);
  await replaceFileAtomic(file, text, { mode: PRIVATE, beforeRename: options.beforeRename });
}

/**
 * Make the file now at `file` its `.prev`: a hard link renamed over `.prev` (atomic, no copy, no
 * fsync: the version stays the very inode the rename of the new version replaces), else — a file
 * system without hard links — a copy of `current` written atomically.
 */
async function keepPrevious(file: string, current: string): Promise<void> {
  const prev = prevPath(file);
  await removeStaleTemps(prev);
  const tmp = tempPathFor(prev);
  try {
    await link(file, tmp);
  } catch {
    await replaceFileAtomic(prev, current, { mode: PRIVATE });
    return;
  }
  try {
    await rename(tmp, prev);
  } finally {
    // Gone after a rename, but still there when `.prev` already was this very file (a rename
    // between two links of one file does nothing: POSIX).
    await unlink(tmp).catch(() => undefined);
  }
}

/**
 * Run `task` holding the cross-process lock of the data file `file` (config/file-lock.ts), taken
 * on the name itself — a link at the name is never followed to lock its target's folder.
 */
export function withDataFileLock<T>(file: string, task: (lock: HeldLock) => Promise<T>): Promise<T> {
  checkFolder(file);
  return track(withFileLock(file, task, { followLinks: false }));
}
