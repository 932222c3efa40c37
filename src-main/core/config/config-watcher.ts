/**
 * Live reload (issue #3 §6): watch every config source file — through its parent folder, or the
 * nearest existing ancestor when the file (or its folder) does not exist yet — and report when one
 * really changed. A change is a difference in the file's signature (exists, size, mtime, inode),
 * so editor temp files, atomic renames and our own backups in other folders do not count twice.
 * A file modified less than `RACY_MS` before its signature was taken also gets a content hash
 * (git's "racily clean" rule): a second write within the file system's timestamp granularity
 * (a jiffy on Linux, 1–2 s elsewhere) with the same size changes no stat field, only the bytes.
 * Events within `debounceMs` are coalesced into one report (a burst from one save is one reload).
 * A changed file that now holds exactly what the core itself wrote there last (`ownWrites`,
 * own-writes.ts: compared by content hash) is not reported: its writer already rediscovered.
 */
import { watch, readFileSync, statSync, type FSWatcher } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { contentSignature, type OwnWrites } from '../files/own-writes.js';

/** Options of `ConfigWatcher`. */
export interface ConfigWatcherOptions {
  /** Called with the files whose signature changed (absolute paths). Errors are swallowed. */
  onChange(files: string[]): void | Promise<void>;
  /** Coalescing window (ms). Default 150. */
  debounceMs?: number;
  /** The core's own writes: a change to exactly what it wrote is not reported (issue 29 item 4). Default: none. */
  ownWrites?: OwnWrites;
}

/** How recent (ms) a file's mtime may be for a same-size rewrite to leave it unchanged: then its bytes are hashed too. */
export const RACY_MS = 3_000;

/** What the watcher compares: the stat fields, and the content hash of a recently modified file. */
interface Signature {
  stat: string;
  hash?: string;
  /** Modified less than `RACY_MS` before this signature was taken. */
  racy?: boolean;
}

function hashOf(path: string): string | undefined {
  try {
    return contentSignature(readFileSync(path));
  } catch {
    return undefined;
  }
}

/** The signature of `path` now; `hashed`: hash the content even when its mtime is old (it was racy before). */
function signature(path: string, hashed = false): Signature {
  try {
    const s = statSync(path);
    const stat = `${s.isDirectory() ? 'd' : 'f'}:${s.size}:${s.mtimeMs}:${s.ino}`;
    const racy = s.isFile() && Date.now() - s.mtimeMs < RACY_MS;
    return racy || (hashed && s.isFile()) ? { stat, hash: hashOf(path), racy } : { stat };
  } catch {
    return { stat: 'missing' };
  }
}

const same = (a: Signature, b: Signature): boolean => a.stat === b.stat && (a.hash === undefined || b.hash === undefined || a.hash === b.hash);

function nearestExisting(dir: string): string | undefined {
  let cur = dir;
  for (;;) {
    try {
      if (statSync(cur).isDirectory()) return cur;
    } catch {
      // keep climbing
    }
    const up = dirname(cur);
    if (up === cur) return undefined;
    cur = up;
  }
}

/**
 * Watches a set of files. `setFiles()` replaces the set (after each discovery); `close()` stops
 * every watcher. Never throws from a watcher callback.
 */
export class ConfigWatcher {
  private files = new Map<string, Signature>();
  private readonly watchers = new Map<string, FSWatcher>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly debounceMs: number;

  constructor(private readonly options: ConfigWatcherOptions) {
    this.debounceMs = options.debounceMs ?? 150;
  }

  /** The files watched now. */
  get watched(): string[] {
    return [...this.files.keys()];
  }

  /** The folders watched now (parents, or nearest existing ancestors). */
  get folders(): string[] {
    return [...this.watchers.keys()];
  }

  /** Watch exactly `paths` (plus folders, e.g. a drop-in folder). Signatures are taken now. */
  setFiles(paths: readonly string[]): void {
    if (this.closed) return;
    const next = new Map<string, Signature>();
    for (const p of paths) {
      const abs = resolve(p);
      next.set(abs, this.files.get(abs) ?? signature(abs));
    }
    this.files = next;
    this.rearm();
  }

  /** Watch the folders the files need now; returns whether a new folder is watched. */
  private rearm(): boolean {
    let added = false;
    const wanted = new Set<string>();
    for (const file of this.files.keys()) {
      const dir = nearestExisting(dirname(file));
      if (dir) wanted.add(dir);
    }
    for (const [dir, w] of this.watchers) {
      if (!wanted.has(dir)) {
        w.close();
        this.watchers.delete(dir);
      }
    }
    for (const dir of wanted) {
      if (this.watchers.has(dir)) continue;
      try {
        const w = watch(dir, { persistent: false }, () => this.poke());
        w.on('error', () => {
          w.close();
          this.watchers.delete(dir);
          this.poke();
        });
        this.watchers.set(dir, w);
        added = true;
      } catch {
        // a folder we cannot watch: its files are still checked on any other event
      }
    }
    return added;
  }

  private poke(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.check();
    }, this.debounceMs);
  }

  /** Compare signatures now; report changed files (if any) and re-arm (folders may have appeared). */
  async check(): Promise<string[]> {
    if (this.closed) return [];
    const changed: string[] = [];
    for (const [file, before] of this.files) {
      const now = signature(file, before.hash !== undefined);
      if (!same(now, before)) {
        this.files.set(file, now);
        if (!this.options.ownWrites?.claim(file)) changed.push(file);
      } else if (before.hash !== undefined && !now.racy) {
        // No longer racy: any later write moves the mtime past this one, so the stat fields suffice.
        this.files.set(file, { stat: now.stat });
      }
    }
    // A folder that just appeared may have received its file before we watched it: look again.
    if (this.rearm()) this.poke();
    if (changed.length > 0) {
      try {
        await this.options.onChange(changed);
      } catch {
        // the reload reports its own problems (warnings); the watcher keeps watching
      }
    }
    return changed;
  }

  /** Stop watching. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }
}
