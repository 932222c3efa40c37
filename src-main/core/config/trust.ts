/**
 * Workspace trust (SPEC §2): project folders the user trusted, once, remembered in
 * `<dataDir>/trust.json` as `{"trusted": ["/abs/dir", …]}`. Until a folder is trusted its
 * project-level servers are listed as `untrusted`: nothing spawned, nothing resolved.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DATA_FILES } from '../paths.js';
import { writeFileAtomic } from './atomic-write.js';

/** The trusted project folders of one data folder. */
export class TrustStore {
  private readonly file: string;
  private writing: Promise<void> = Promise.resolve();

  /** `dataDir`: Switchboard's data folder; the store lives in `<dataDir>/trust.json`. */
  constructor(dataDir: string) {
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
      parsed = JSON.parse(readFileSync(this.file, 'utf8').replace(/^\uFEFF/, ''));
    } catch {
      return [];
    }
    const trusted = (parsed as { trusted?: unknown } | null)?.trusted;
    if (!Array.isArray(trusted)) return [];
    return [...new Set(trusted.filter((d): d is string => typeof d === 'string' && d !== '').map((d) => resolve(d)))];
  }

  /** Whether `dir` (compared after `path.resolve`) is trusted. Exact folder only, not its parents. */
  isTrusted(dir: string): boolean {
    return this.list().includes(resolve(dir));
  }

  /**
   * Trust `dir` (stored resolved): re-reads the file, adds the folder, writes atomically (keeping
   * other top-level keys of a well-formed file). Idempotent. Calls in one process are serialised.
   * Rejects with the fs error when the file cannot be written.
   */
  trust(dir: string): Promise<void> {
    const run = this.writing.then(() => this.add(resolve(dir)));
    this.writing = run.catch(() => undefined);
    return run;
  }

  private async add(dir: string): Promise<void> {
    let doc: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.file, 'utf8').replace(/^\uFEFF/, ''));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) doc = parsed as Record<string, unknown>;
    } catch {
      // missing or malformed: start over (a malformed file trusted nothing anyway)
    }
    const current = this.list();
    if (current.includes(dir)) return;
    doc.trusted = [...current, dir];
    await writeFileAtomic(this.file, `${JSON.stringify(doc, null, 2)}\n`);
  }
}
