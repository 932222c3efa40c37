/**
 * Config warnings sorted by what they mean to a person (SPEC §2: warnings are never fatal, tied to
 * a file and position): a file that could not be read at all, an entry that was skipped, or a
 * note about something read anyway (comments in strict JSON, a Switchboard-only disable). Uses
 * the warning's `severity` when main sends one; otherwise the message's own words. Pure.
 */
import type { ConfigWarning } from '../../../src-shared/config/server.js';

/** `file`: the file could not be read; `entry`: one entry was skipped; `note`: read anyway. */
export type WarningKind = 'file' | 'entry' | 'note';

const FILE_ERROR = /^(Malformed (JSON|JSONC|TOML|YAML)|Cannot read config file|Reading \S+ config failed)/i;
const NOTE = /read it anyway|in Switchboard only|was read|ignored|may refuse/i;

/** The kind of one warning. */
export function warningKind(w: ConfigWarning): WarningKind {
  const severity = (w as { severity?: unknown }).severity;
  if (severity === 'note' || severity === 'info') return 'note';
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
  notes: ConfigWarning[];
}

/** Sort warnings into errors (file unreadable, entry skipped) and notes. */
export function sortWarnings(warnings: readonly ConfigWarning[]): SortedWarnings {
  const files: ConfigWarning[] = [];
  const errors: ConfigWarning[] = [];
  const notes: ConfigWarning[] = [];
  const seen = new Set<string>();
  for (const w of warnings) {
    const kind = warningKind(w);
    if (kind === 'note') {
      notes.push(w);
      continue;
    }
    errors.push(w);
    if (kind === 'file' && !seen.has(w.file)) {
      seen.add(w.file);
      files.push(w);
    }
  }
  return { files, errors, notes };
}
