/**
 * Workspace trust (docs/config-discovery.md): project folders the user trusted, once, remembered in
 * `<dataDir>/trust.json` as `{"trusted": ["/abs/dir", …], "identities": {"/abs/dir": "<dev>:<ino>:<birth ns>"}}`.
 * Until a folder is trusted its project-level servers are listed as `untrusted`: nothing spawned,
 * nothing resolved. Trust is bound to the folder's identity (issue 9 item 6: device + inode + birth time), not
 * only its path: a folder deleted and created anew at a trusted path — a fresh clone, someone
 * else's checkout — is a different folder and is asked about again. An entry without an identity
 * (written before this rule) is asked about again too.
 *
 * Issue 16 (docs/trust.md): trust also needs each project server's approved definition —
 * `"approved": {"/abs/dir": {"<server>": {"hash", "entry", "file", "at"}}}`. A trusted folder
 * without an `approved` record (written before issue 16) migrates: the core records its current
 * definitions as approved on the next discovery (they were trusted as a whole already).
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { CoreError } from '../facade/errors.js';
import { DATA_FILES } from '../data/paths.js';
import { readDataJson, readDataText, withDataFileLock, writeDataFile } from '../data/data-files.js';
import { backupFile } from './file-backups.js';
import { LineIndex } from '../files/jsonc-document.js';
import type { ApprovalEntry } from '../trust/approval-entry.js';

/** One approved project definition (issue 16): its hash, its normalised entry (secrets hashed), the file, when (epoch ms). */
export interface ApprovedDefinition {
  hash: string;
  entry: ApprovalEntry;
  file: string;
  at: number;
}

/** The trusted project folders of one data folder. */
export class TrustStore {
  private readonly file: string;
  private writing: Promise<void> = Promise.resolve();

  /** `dataDir`: Switchboard's data folder; the store lives in `<dataDir>/trust.json`. */
  constructor(private readonly dataDir: string) {
    this.file = join(dataDir, DATA_FILES.trust);
  }

  /** Path of `trust.json`. */
  get path(): string {
    return this.file;
  }

  /**
   * The trusted folders (resolved, deduplicated), read from the file on every call so a `trust`
   * by another process (the CLI) is seen at once. A missing or malformed file (bad JSON, wrong
   * shape) counts as nothing trusted; non-string items are ignored. Never throws.
   */
  list(): string[] {
    let parsed: unknown;
    try {
      parsed = readDataJson(this.file);
    } catch {
      return [];
    }
    const trusted = (parsed as { trusted?: unknown } | null)?.trusted;
    if (!Array.isArray(trusted)) return [];
    return [...new Set(trusted.filter((d): d is string => typeof d === 'string' && d !== '').map((d) => resolve(d)))];
  }

  /**
   * What is wrong with `trust.json`, or undefined when it is missing or sound: a file that does not
   * parse (line, column) or has the wrong shape reads as "nothing trusted", and that must not be
   * silent (found by an attack pass): the message names the file. Never throws.
   */
  problem(): string | undefined {
    let raw: string;
    try {
      raw = readDataText(this.file);
    } catch {
      return undefined;
    }
    try {
      this.parseForWrite(raw.replace(/^\uFEFF/, ''));
      return undefined;
    } catch (err) {
      return `${(err as Error).message.replace(/; fix or remove it first, it was not changed$/, '')}: no project folder counts as trusted until it is fixed or removed`;
    }
  }

  /**
   * Whether `dir` (compared after `path.resolve`) is trusted: listed, and still the same folder
   * (device, inode and birth time as when it was trusted). Exact folder only, not its parents. Never throws.
   */
  isTrusted(dir: string): boolean {
    const abs = resolve(dir);
    if (!this.list().includes(abs)) return false;
    const now = folderIdentity(abs);
    return now !== undefined && this.identities()[abs] === now;
  }

  /** The recorded identities (`path → "<dev>:<ino>"`); empty when missing or malformed. */
  private identities(): Record<string, string> {
    try {
      const parsed = readDataJson(this.file) as { identities?: unknown };
      const ids = parsed?.identities;
      if (!ids || typeof ids !== 'object' || Array.isArray(ids)) return {};
      return Object.fromEntries(Object.entries(ids).filter((e): e is [string, string] => typeof e[1] === 'string'));
    } catch {
      return {};
    }
  }

  /**
   * Trust `dir` (stored resolved): re-reads the file, adds the folder, keeps the previous version
   * in `<dataDir>/backups/`, writes atomically (keeping other top-level keys). Idempotent. Calls in
   * one process are serialised. docs/operator-verbs.md: a file that fails to parse (or is not `{"trusted": [...]}`)
   * is never rewritten: rejects with `CoreError('INVALID_CONFIG')` naming the file, line and
   * column. Rejects with `CoreError('NOT_FOUND')` when `dir` is not an existing folder (its
   * identity is what is trusted), and with the fs error when the file cannot be written.
   */
  trust(dir: string, approvals?: Record<string, ApprovedDefinition>): Promise<void> {
    return this.update(async (doc, abs) => {
      const identity = folderIdentity(abs);
      if (identity === undefined) throw new CoreError('NOT_FOUND', `${abs} is not a folder; only an existing folder can be trusted`);
      const current = this.list();
      const ids = this.identities();
      const same = current.includes(abs) && ids[abs] === identity;
      if (same && approvals === undefined) return false;
      doc.trusted = current.includes(abs) ? current : [...current, abs];
      doc.identities = { ...ids, [abs]: identity };
      // A folder trusted anew (or again after it was replaced) approves exactly what it has now.
      if (approvals !== undefined) doc.approved = { ...this.allApprovals(), [abs]: approvals };
      return true;
    }, dir);
  }

  /**
   * The approved definitions of `dir` by server name (issue 16), or undefined when the folder has
   * no record yet (an entry from before issue 16, or never trusted). Never throws.
   */
  approvals(dir: string): Record<string, ApprovedDefinition> | undefined {
    return this.allApprovals()[resolve(dir)];
  }

  /**
   * Record `approvals` for `dir` (merged into its record; `replace` drops the others). Same file
   * rules as `trust`; rejects with `CoreError('UNTRUSTED')` when the folder is not trusted.
   */
  approve(dir: string, approvals: Record<string, ApprovedDefinition>, replace = false): Promise<void> {
    return this.update(async (doc, abs) => {
      if (!this.isTrusted(abs)) throw new CoreError('UNTRUSTED', `${abs} is not trusted; trust the folder first (switchboard trust)`);
      const all = this.allApprovals();
      doc.approved = { ...all, [abs]: { ...(replace ? {} : all[abs] ?? {}), ...approvals } };
      return true;
    }, dir);
  }

  private allApprovals(): Record<string, Record<string, ApprovedDefinition>> {
    try {
      const parsed = readDataJson(this.file) as { approved?: unknown };
      const all = parsed?.approved;
      if (!all || typeof all !== 'object' || Array.isArray(all)) return {};
      return all as Record<string, Record<string, ApprovedDefinition>>;
    } catch {
      return {};
    }
  }

  /** Read-modify-write under the lock; `mutate` returns false when nothing needs writing. */
  private update(mutate: (doc: Record<string, unknown>, abs: string) => Promise<boolean>, dir: string): Promise<void> {
    const run = this.writing.then(() =>
      withDataFileLock(this.file, async () => {
        let raw: string | undefined;
        try {
          raw = readDataText(this.file);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
        const doc = raw === undefined ? {} : this.parseForWrite(raw.replace(/^\uFEFF/, ''));
        if (!(await mutate(doc, resolve(dir)))) return;
        if (raw !== undefined) await backupFile(this.dataDir, this.file);
        await writeDataFile(this.file, `${JSON.stringify(doc, null, 2)}\n`);
      }),
    );
    this.writing = run.catch(() => undefined);
    return run;
  }

  /** The file's object, or a thrown INVALID_CONFIG when it does not parse or has the wrong shape. */
  private parseForWrite(text: string): Record<string, unknown> {
    if (text.trim() === '') return {};
    const errors: ParseError[] = [];
    const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
    const refuse = (why: string): never => {
      throw new CoreError('INVALID_CONFIG', `${this.file} ${why}; fix or remove it first, it was not changed`);
    };
    if (errors.length > 0) {
      const pos = new LineIndex(text).at(errors[0]!.offset);
      refuse(`does not parse (${printParseErrorCode(errors[0]!.error)} at line ${pos.line}, column ${pos.column})`);
    }
    const parsed: unknown = JSON.parse(text);
    if (!root || !parsed || typeof parsed !== 'object' || Array.isArray(parsed)) refuse('must contain a JSON object');
    const trusted = (parsed as { trusted?: unknown }).trusted;
    if (trusted !== undefined && !Array.isArray(trusted)) refuse('must have "trusted" as a list of folders');
    return parsed as Record<string, unknown>;
  }
}

/**
 * A folder's identity, `"<dev>:<ino>:<birth time ns>"` (undefined when `dir` is not an existing
 * folder). The birth time matters: a folder deleted and made again often gets the same inode back
 * at once; where the file system has no birth time it reads 0 and device + inode remain.
 */
export function folderIdentity(dir: string): string | undefined {
  try {
    const st = statSync(dir, { bigint: true });
    return st.isDirectory() ? `${st.dev}:${st.ino}:${st.birthtimeNs}` : undefined;
  } catch {
    return undefined;
  }
}
