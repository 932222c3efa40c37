/**
 * Which `tools/call` an MCP App may make through the host (ext-apps spec 2026-01-26, *Visibility*;
 * docs/mcp-apps.md § The bridge): only a tool of the app's OWN server, and only one whose
 * `visibility` includes `"app"` (absent = both). Pure; the caller passes the server's tool list.
 */
import type { ToolInfo } from '../../../src-shared/api/status.js';

/** JSON-RPC error code of a refused app call (-32602, Invalid params: the tool name is not allowed). */
export const APP_CALL_REFUSED = -32602;

/** `{ok: true}`, or the refusal's message (shown to the app as a JSON-RPC error). */
export function appMayCall(tools: readonly ToolInfo[], server: string, name: unknown): { ok: true } | { ok: false; message: string } {
  if (typeof name !== 'string' || name === '') return { ok: false, message: 'tools/call needs a tool name' };
  const tool = tools.find((t) => t.server === server && t.name === name);
  if (!tool) return { ok: false, message: `Tool "${name}" is not a tool of server "${server}": an app may call only its own server's tools` };
  if (tool.visibility && !tool.visibility.includes('app')) {
    return { ok: false, message: `Tool "${name}" of "${server}" is not visible to apps (_meta.ui.visibility ${JSON.stringify(tool.visibility)})` };
  }
  return { ok: true };
}

/** The error the bridge sends back for a refused call (the SDK answers a thrown `code` as the JSON-RPC error code). */
export class AppCallRefused extends Error {
  readonly code = APP_CALL_REFUSED;
}
