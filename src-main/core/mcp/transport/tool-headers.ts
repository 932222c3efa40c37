/**
 * Tool-declared HTTP headers on 2026-07-28 Streamable HTTP (issue 12 item 4, docs/protocol-eras.md).
 *
 * The rules are the MCP SDK's: its `listTools()` leaves out a tool whose `x-mcp-header` declarations
 * are invalid (a MUST of the spec) and its `callTool()` mirrors the declared arguments into
 * `Mcp-Param-{Name}` headers. The SDK only says which tool it left out, and why, on `console.warn`;
 * `withExclusions` catches those lines for the one listing that caused them (AsyncLocalStorage
 * follows the listing's awaits, so two servers listing at once never see each other's) and keeps
 * them off stderr, where a CLI's output would be garbled by them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Tool } from '@modelcontextprotocol/client';

/** A tool the SDK left out of a list, and the SDK's reason. */
export interface ExcludedTool {
  name: string;
  reason: string;
}

/** The SDK's line for a tool it left out of `tools/list` (SDK 2.4.0 client, `_excludeInvalidXMcpHeaderTools`). */
const EXCLUDED_LINE = /^\[mcp-sdk\] excluding tool '([\s\S]*)' from tools\/list: invalid x-mcp-header declaration — ([\s\S]*)$/;

const listing = new AsyncLocalStorage<ExcludedTool[]>();
let installed = false;

/** Route the SDK's exclusion lines to the listing in progress (installed once; other lines pass through). */
function installWarnHook(): void {
  if (installed) return;
  installed = true;
  const original = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    const sink = listing.getStore();
    const m = sink && typeof args[0] === 'string' && args.length === 1 ? EXCLUDED_LINE.exec(args[0]) : null;
    if (sink && m) {
      sink.push({ name: m[1]!, reason: m[2]! });
      return;
    }
    original(...args);
  };
}

/**
 * Run `list` (an SDK `listTools()` call) and collect the tools the SDK left out of it for an invalid
 * `x-mcp-header` declaration, with its reason. Resolves `{ value, excluded }`; `list`'s error is
 * thrown as it comes.
 */
export async function withExclusions<T>(list: () => Promise<T>): Promise<{ value: T; excluded: ExcludedTool[] }> {
  installWarnHook();
  const excluded: ExcludedTool[] = [];
  const value = await listing.run(excluded, list);
  return { value, excluded };
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
