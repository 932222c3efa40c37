/**
 * Whether calling a tool may change or destroy something (issue 26 item 4), by the MCP rule for
 * `ToolAnnotations` (spec 2025-06-18 and later, "Tool annotations"): `readOnlyHint` defaults to
 * false and `destructiveHint` to true, so a tool is destructive unless it says `readOnlyHint: true`
 * or `destructiveHint: false`. An unannotated tool is destructive. The one rule for every door that
 * asks before a call: saved checks (`--yes`), the window's Call and replay.
 */

/** `annotations` as a tool lists them (untrusted; absent = none). */
export type ToolAnnotationsLike = Record<string, unknown> | undefined;

/** True unless `annotations` has `readOnlyHint: true` or `destructiveHint: false`. Pure. */
export function isDestructiveTool(annotations: ToolAnnotationsLike): boolean {
  return annotations?.readOnlyHint !== true && annotations?.destructiveHint !== false;
}

/** Why a tool counts as destructive, in words for a confirmation: annotated so, or not annotated at all. */
export function destructiveReason(annotations: ToolAnnotationsLike): string {
  return annotations?.destructiveHint === true
    ? 'its server marks it as destructive (destructiveHint)'
    : 'its server does not mark it read-only (readOnlyHint) or non-destructive (destructiveHint: false), and MCP counts such a tool as destructive';
}
