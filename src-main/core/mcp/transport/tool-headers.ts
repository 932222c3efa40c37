/**
 * Tool-declared HTTP headers on 2026-07-28 Streamable HTTP (issue 12 item 4, docs/protocol-eras.md).
 *
 * The rules are the MCP SDK's: its `listTools()` leaves out a tool whose `x-mcp-header` declarations
 * are invalid (a MUST of the spec) and its `callTool()` mirrors the declared arguments into
 * `Mcp-Param-{Name}` headers. The SDK only says which tool it left out, and why, on `console.warn`,
 * from the one synchronous step that filters a list result. `catchExclusions` runs that step (the
 * client wraps it, client-factory.ts) and keeps the lines it writes, by result, for `exclusionsOf`;
 * they stay off stderr, where a CLI's output would be garbled by them. Synchronous, so two servers
 * listing at once never see each other's, and no AsyncLocalStorage is needed (issue 32 item 1: one
 * running context makes every promise of the process pay an init hook on Node 20); nor a hook on
 * `console.warn` installed once, which anything replacing `console.warn` later would bypass.
 */
import type { Tool } from '@modelcontextprotocol/client';

/** A tool the SDK left out of a list, and the SDK's reason. */
export interface ExcludedTool {
  name: string;
  reason: string;
}

/** The SDK's line for a tool it left out of `tools/list` (SDK 2.4.0 client, `_excludeInvalidXMcpHeaderTools`). */
const EXCLUDED_LINE = /^\[mcp-sdk\] excluding tool '([\s\S]*)' from tools\/list: invalid x-mcp-header declaration — ([\s\S]*)$/;

/** The tools left out of each list result the SDK filtered (its `tools/list` result object). */
const excludedFrom = new WeakMap<object, ExcludedTool[]>();

/**
 * Run `filter` — the SDK's synchronous step that leaves invalid tools out of `result` — and keep
 * the tools it left out, with the SDK's reasons, for `exclusionsOf(result)`. While it runs (and only
 * then: it is synchronous) `console.warn` keeps the SDK's exclusion lines and passes any other line
 * to the `console.warn` of that moment. Returns what `filter` returns; throws what it throws.
 */
export function catchExclusions<T>(result: object, filter: () => T): T {
  const caught: ExcludedTool[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    const m = typeof args[0] === 'string' && args.length === 1 ? EXCLUDED_LINE.exec(args[0]) : null;
    if (m) caught.push({ name: m[1] ?? '', reason: m[2] ?? '' });
    else warn.apply(console, args);
  };
  try {
    return filter();
  } finally {
    console.warn = warn;
    excludedFrom.set(result, caught);
  }
}

/** The tools the SDK left out of `result` (a `tools/list` result it filtered), else none. */
export function exclusionsOf(result: object): ExcludedTool[] {
  return excludedFrom.get(result) ?? [];
}

/**
 * Whether a tool's input schema declares any `x-mcp-header` (those calls go through the SDK's
 * `callTool`, which mirrors them). Asked on every call: remembered per schema object (a listing's
 * tools are kept as listed, so the schema's JSON is searched once per listing, not per call).
 */
export function declaresHeaders(tool: Pick<Tool, 'inputSchema'> | undefined): boolean {
  if (tool === undefined) return false;
  const schema: object = tool.inputSchema ?? {};
  let known = headerDeclarations.get(schema);
  if (known === undefined) headerDeclarations.set(schema, (known = JSON.stringify(schema).includes('"x-mcp-header"')));
  return known;
}

const headerDeclarations = new WeakMap<object, boolean>();
