/**
 * Config warnings sorted by what they mean to a person (docs/config-discovery.md: warnings are never fatal, tied to
 * a file and position): a file that could not be read at all, an entry that was skipped, an entry
 * that loaded but will not work as written (an unresolved placeholder, issue 14 item 8), or a note
 * about something read anyway (comments in strict JSON, a Switchboard-only disable). Uses the
 * warning's `severity` when main sends one; otherwise the message's own words. Pure.
 */
import type { ConfigWarning } from '../../../src-shared/config/server.js';

/** `file`: the file could not be read; `entry`: one entry was skipped; `warning`: loaded, will not work as written; `note`: read anyway. */
export type WarningKind = 'file' | 'entry' | 'warning' | 'note';

const FILE_ERROR = /^(Malformed (JSON|JSONC|TOML|YAML)|Cannot read config file|Reading \S+ config failed)/i;
const NOTE = /read it anyway|in Switchboard only|was read|ignored|may refuse/i;

/** The kind of one warning. */
export function warningKind(w: ConfigWarning): WarningKind {
  const severity = (w as { severity?: unknown }).severity;
  if (severity === 'note' || severity === 'info') return 'note';
  if (severity === 'warning') return 'warning';
  if (FILE_ERROR.test(w.message)) return 'file';
  if (NOTE.test(w.message) && !/skipp/i.test(w.message)) return 'note';
  if (severity === 'error' && w.server === undefined) return 'file';
  return 'entry';
}

/** Warnings grouped by kind, in their original order. */
export interface SortedWarnings {
  /** Files that could not be read, one warning each (first per file). */
  files: ConfigWarning[];
  /** Every error: file-level and skipped entries. */
  errors: ConfigWarning[];
  /** Entries that loaded but will not work as written (unresolved placeholders). */
  warnings: ConfigWarning[];
  notes: ConfigWarning[];
}

/** Sort warnings into errors (file unreadable, entry skipped), warnings (loaded, will not work) and notes. */
export function sortWarnings(warnings: readonly ConfigWarning[]): SortedWarnings {
  const files: ConfigWarning[] = [];
  const errors: ConfigWarning[] = [];
  const notes: ConfigWarning[] = [];
  const loadedBroken: ConfigWarning[] = [];
  const seen = new Set<string>();
  for (const w of warnings) {
    const kind = warningKind(w);
    if (kind === 'note' || kind === 'warning') {
      (kind === 'note' ? notes : loadedBroken).push(w);
      continue;
    }
    errors.push(w);
    if (kind === 'file' && !seen.has(w.file)) {
      seen.add(w.file);
      files.push(w);
    }
  }
  return { files, errors, warnings: loadedBroken, notes };
}

/** A server's own loaded-but-broken warnings (unresolved placeholders), for its row in the sidebar. */
export function serverWarnings(warnings: readonly ConfigWarning[], server: string, file: string): ConfigWarning[] {
  return warnings.filter((w) => w.server === server && w.file === file && warningKind(w) === 'warning');
}

/** A warning's message without its leading `Server "name": ` (where the server is shown beside it). */
export function messageWithoutServer(w: ConfigWarning): string {
  return w.server !== undefined && w.message.startsWith(`Server "${w.server}": `) ? w.message.slice(`Server "${w.server}": `.length) : w.message;
}
