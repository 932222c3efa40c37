/**
 * Warnings for damaged lines of our line-per-record files (`channels.jsonl`, `trigger-state.jsonl`;
 * docs/channels.md): each names its file and line, and they stay few whatever the damage.
 */
import type { ConfigWarning } from '../../../src-shared/config/server.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

/** Damaged lines named one by one; the rest are counted in one more warning. */
export const MAX_LINE_WARNINGS = 3;

/**
 * Warnings for the damaged lines `bad` (1-based, ascending) of `file`, each saying `what` happened
 * to it: the first `MAX_LINE_WARNINGS` with their line, then one counting the rest (a file of
 * garbage gives four warnings, not thousands). Pure.
 */
export function lineWarnings(file: string, bad: readonly number[], what: string): ConfigWarning[] {
  const out: ConfigWarning[] = bad.slice(0, MAX_LINE_WARNINGS).map((line) => ({ file, line, message: what, ...warningCode('damaged-lines') }));
  const more = bad.length - MAX_LINE_WARNINGS;
  if (more > 0) out.push({ file, ...warningCode('damaged-lines'), message: `${more} more damaged line${more === 1 ? '' : 's'} skipped (${bad.length} in all, from line ${bad[MAX_LINE_WARNINGS]})` });
  return out;
}

/** One warning as a line of text: `file:line: message` (`file: message` without a line). */
export function warningText(w: ConfigWarning): string {
  return `${w.file}${w.line !== undefined ? `:${w.line}` : ''}: ${w.message}`;
}
