/**
 * The mark a result carries when values were masked in it (issue 26 item 2; docs/security.md
 * "Redaction"): a result handed on — a tool call, a resource, a prompt, a saved check's run — masks
 * only the values the configuration itself supplied, and says how many it masked. Absent when none.
 */
import { z } from 'zod';

/** How many values from the configuration were replaced by `[redacted]` in this result (≥ 1; absent when none). */
export const RedactionsSchema = z.number().int().positive().optional();

/** The note a face shows beside a result with `redactions` (the window's result view, `switchboard call` on stderr). */
export function redactionNote(redactions: number): string {
  return redactions === 1 ? '1 value from your configuration was masked ([redacted]).' : `${redactions} values from your configuration were masked ([redacted]).`;
}
