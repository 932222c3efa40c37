/**
 * `checks:*` methods (issue 15 item 7; docs/checks.md): saved calls with assertions, kept in a
 * collection file next to the project. The CLI verb `check` is a thin client of `checks:run`.
 */
import { z } from 'zod';
import { CheckRunSchema, CollectionStateSchema, SavedCallSchema } from '../checks.js';

/**
 * A collection file: absolute, or relative to the project folder; a `.json` name. Absent: the
 * project's `.switchboard/calls.json`.
 */
const File = z.string().min(1).max(4096).optional();

export const checkMethods = {
  /** The collection's saved calls, its folder and whether that folder is trusted (a bad file: INVALID_CONFIG with file:line). */
  'checks:list': { input: z.object({ file: File }).strict(), output: CollectionStateSchema },
  /**
   * Save a call into the project's `.switchboard/calls.json` (created when missing; comments kept).
   * A taken name is CONFLICT unless `replace`; a bad file is INVALID_CONFIG and is not rewritten.
   */
  'checks:save': { input: z.object({ call: SavedCallSchema, replace: z.boolean().optional() }).strict(), output: CollectionStateSchema },
  /**
   * Run the collection's calls (all, or those named), one after another, and judge them. Refused
   * (UNTRUSTED) while the collection's folder is not trusted; destructive tools (src-shared/tool-safety.ts: unannotated ones too) run
   * only with `confirmDestructive` (else `needsConfirmation`, nothing sent).
   */
  'checks:run': {
    input: z.object({ file: File, names: z.array(z.string().min(1)).optional(), confirmDestructive: z.boolean().optional() }).strict(),
    output: CheckRunSchema,
  },
} as const;
