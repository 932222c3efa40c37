/**
 * Config warnings sorted by what they mean to a person (docs/config-discovery.md: warnings are never fatal, tied to
 * a file and position): a file that could not be read at all, an entry that was skipped, an entry
 * that loaded but will not work as written (an unresolved placeholder, issue 14 item 8), or a note
 * about something read anyway (comments in strict JSON, a Switchboard-only disable). Decided by the
 * warning's `severity` and `code` (src-shared/config/warning-codes.ts), never by its words (issue 29
 * item 3). Pure.
 */
import type { ConfigWarning } from '../../../src-shared/config/server.js';
import { FILE_NOT_READ_CODES } from '../../../src-shared/config/warning-codes.js';

/** `file`: the file could not be read; `entry`: one entry was skipped; `warning`: loaded, will not work as written; `note`: read anyway. */
export type WarningKind = 'file' | 'entry' | 'warning' | 'note';

/** The group of one warning: its severity, and for an error whether its code means the whole file. */
export function warningKind(w: Pick<ConfigWarning, 'severity' | 'code'>): WarningKind {
  if (w.severity === 'note') return 'note';
  if (w.severity === 'warning') return 'warning';
  return FILE_NOT_READ_CODES.has(w.code) ? 'file' : 'entry';
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
