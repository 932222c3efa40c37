/**
 * A trigger rule's `where` (issue 34 item 4; docs/channels.md) in one line, for the Rules view and
 * `switchboard triggers`. Apart from trigger-rules.ts so the window does not load the regex engine.
 */

/** `where $.level = "error", $.host.name = "db-1"`; undefined without a `where`. Pure. */
export function whereSummary(where: Record<string, unknown> | undefined): string | undefined {
  if (where === undefined) return undefined;
  return `where ${Object.entries(where).map(([path, value]) => `${path} = ${JSON.stringify(value)}`).join(', ')}`;
}
