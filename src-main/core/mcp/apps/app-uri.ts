/**
 * Where a tool's MCP App lives (MCP Apps 2026-01-26, *Resource Discovery*; docs/mcp-apps.md): read with
 * the SDK's host side (`getToolUiResourceUri` of `@modelcontextprotocol/ext-apps/app-bridge`), which
 * prefers `_meta.ui.resourceUri` over the deprecated flat `_meta["ui/resourceUri"]`. Pure.
 */
import type { Tool } from '@modelcontextprotocol/client';
import { getToolUiResourceUri, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/app-bridge';

/** What a tool declares about its app: the `ui://` URI, and whether only the deprecated flat key gave it. */
export interface DeclaredApp {
  uri: string;
  /** True when `_meta.ui.resourceUri` is absent and `_meta["ui/resourceUri"]` gave the URI (warn in the server's log). */
  deprecated: boolean;
}

/**
 * The app a tool declares, or undefined when none. A declared URI that does not start with `ui://`
 * (the SDK throws on it) counts as none: server text is untrusted, and a listing never fails for it.
 */
export function declaredApp(tool: Partial<Tool>): DeclaredApp | undefined {
  let uri: string | undefined;
  try {
    uri = getToolUiResourceUri(tool);
  } catch {
    return undefined;
  }
  if (uri === undefined) return undefined;
  const ui = (tool._meta as { ui?: { resourceUri?: unknown } } | undefined)?.ui;
  const nested = typeof ui === 'object' && ui !== null && ui.resourceUri === uri;
  const flat = (tool._meta as Record<string, unknown> | undefined)?.[RESOURCE_URI_META_KEY] === uri;
  return { uri, deprecated: !nested && flat };
}
