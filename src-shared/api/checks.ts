/**
 * Saved calls and their assertions (issue 15 item 7; docs/checks.md): the collection file
 * `.switchboard/calls.json` kept next to a project, and what running it reports. Pure zod (no
 * `node:`): the core validates the file with these schemas, the faces render the results.
 */
import { z } from 'zod';
import { FailureSchema } from './outcome.js';
import { RedactionsSchema } from './redactions.js';

/** Where a project keeps its collection, relative to the project folder. */
export const COLLECTION_RELATIVE_PATH = '.switchboard/calls.json';

/** The result's value (`structuredContent` when the tool returned one, else its text) deep-equals `value`. */
export const EqualsAssertionSchema = z
  .object({ kind: z.literal('equals'), value: z.unknown() })
  .strict()
  .refine((a) => a.value !== undefined, { message: '"equals" needs a "value"', path: ['value'] });

/**
 * The values a JSONPath (`$.content[0].text`) selects in the result (`{content, structuredContent,
 * isError}`) equal `equals` or contain `contains` (substring of a string, element of an array,
 * sub-object of an object). Exactly one of `equals` and `contains`.
 */
export const PathAssertionSchema = z
  .object({ kind: z.literal('path'), path: z.string().min(1).startsWith('$', 'a JSONPath starts with "$"'), equals: z.unknown().optional(), contains: z.unknown().optional() })
  .strict()
  .refine((a) => (a.equals !== undefined) !== (a.contains !== undefined), { message: 'give exactly one of "equals" and "contains"' });

/** `structuredContent` matches the tool's `outputSchema` (as the server declares it now). */
export const OutputSchemaAssertionSchema = z.object({ kind: z.literal('outputSchema') }).strict();

/** The result's `isError` is `value`. */
export const IsErrorAssertionSchema = z.object({ kind: z.literal('isError'), value: z.boolean() }).strict();

/** The call took less than `ms` milliseconds (wall time of the `tools/call` round trip). */
export const UnderMsAssertionSchema = z.object({ kind: z.literal('underMs'), ms: z.number().positive() }).strict();

/** One expectation of a saved call. */
export const AssertionSchema = z.discriminatedUnion('kind', [
  EqualsAssertionSchema,
  PathAssertionSchema,
  OutputSchemaAssertionSchema,
  IsErrorAssertionSchema,
  UnderMsAssertionSchema,
]);
export type Assertion = z.infer<typeof AssertionSchema>;

/** The assertion kinds, in the order the UI offers them. */
export const ASSERTION_KINDS = ['isError', 'equals', 'path', 'outputSchema', 'underMs'] as const;
export type AssertionKind = (typeof ASSERTION_KINDS)[number];

/** A saved call: which tool of which server, with what arguments, and what must hold. */
export const SavedCallSchema = z
  .object({
    /** Unique within the collection; how a run names it. */
    name: z.string().trim().min(1).max(200),
    /** Raw server name, as Switchboard lists it. */
    server: z.string().min(1),
    /** Raw MCP tool name. */
    tool: z.string().min(1),
    arguments: z.record(z.string(), z.unknown()).default({}),
    expect: z.array(AssertionSchema).default([]),
  })
  .strict();
export type SavedCall = z.infer<typeof SavedCallSchema>;
export type SavedCallInput = z.input<typeof SavedCallSchema>;

/** The whole file: `{"calls": [...]}`; names are unique. */
export const CollectionSchema = z
  .object({ $schema: z.string().optional(), calls: z.array(SavedCallSchema) })
  .strict()
  .superRefine((c, ctx) => {
    const seen = new Set<string>();
    c.calls.forEach((call, i) => {
      if (seen.has(call.name)) ctx.addIssue({ code: 'custom', path: ['calls', i, 'name'], message: `"${call.name}" is already the name of an earlier call` });
      seen.add(call.name);
    });
  });
export type Collection = z.infer<typeof CollectionSchema>;

/** A collection as read: where it is, whether its folder is trusted, its calls. */
export const CollectionStateSchema = z.object({
  /** Absolute path of the file. */
  file: z.string(),
  /** The folder whose trust the collection needs (the project folder holding `.switchboard/`). */
  folder: z.string(),
  trusted: z.boolean(),
  /** False when the file does not exist yet (then `calls` is empty). */
  exists: z.boolean(),
  calls: z.array(SavedCallSchema),
});
export type CollectionState = z.infer<typeof CollectionStateSchema>;

/** How one assertion fared. `diff` (unified, expected vs actual) when a compared value differed. */
export const AssertionOutcomeSchema = z.object({
  assertion: AssertionSchema,
  passed: z.boolean(),
  /** One line: what was checked and, when it failed, what was found. */
  message: z.string(),
  diff: z.string().optional(),
});
export type AssertionOutcome = z.infer<typeof AssertionOutcomeSchema>;

/**
 * How one saved call fared: `passed` (every assertion held), `failed` (one did not), `error` (it
 * could not run: unknown server or tool, not connected, or the call failed — its typed `failure`), `needsConfirmation` (the
 * tool is destructive (src-shared/tool-safety.ts) and the run did not confirm it: nothing was called).
 */
export const CheckOutcomeSchema = z.object({
  name: z.string(),
  server: z.string(),
  tool: z.string(),
  status: z.enum(['passed', 'failed', 'error', 'needsConfirmation']),
  durationMs: z.number().optional(),
  /** For `error` and `needsConfirmation`: why. */
  message: z.string().optional(),
  /** For `error` when the call itself failed (the result's typed `failure`, src-shared/api/outcome.ts): what decided the status. */
  failure: FailureSchema.optional(),
  assertions: z.array(AssertionOutcomeSchema),
});
export type CheckOutcome = z.infer<typeof CheckOutcomeSchema>;

/**
 * The value an `equals` assertion compares: `structuredContent` when the tool returned one, else
 * the result's flattened text (as Switchboard shows it: `Error: …` for an `isError` result).
 */
export function resultValue(result: { structuredContent?: unknown; text: string }): unknown {
  return result.structuredContent !== undefined ? result.structuredContent : result.text;
}

/** What `checks:run` reports. */
export const CheckRunSchema = z.object({
  file: z.string(),
  results: z.array(CheckOutcomeSchema),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** Could not run (`error`) or waited for a confirmation (`needsConfirmation`). */
  notRun: z.number().int().nonnegative(),
  /** Values from the configuration masked in these results (docs/security.md "Redaction"); absent when none. */
  redactions: RedactionsSchema,
});
export type CheckRun = z.infer<typeof CheckRunSchema>;
