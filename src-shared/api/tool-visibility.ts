/**
 * MCP Apps tool visibility (extension `io.modelcontextprotocol/ui`, spec 2026-01-26, *Resource
 * Discovery › Visibility*): a tool's `_meta.ui.visibility` is an array of `"model"` (the agent may
 * see and call it) and `"app"` (an MCP App of the same server may call it); absent means both. A
 * host MUST NOT put a tool whose visibility lacks `"model"` in the agent's tool list. Pure.
 */
import { z } from 'zod';

/** Who may see and call a tool: `model` (the agent), `app` (an MCP App of its own server). */
export const ToolVisibilitySchema = z.array(z.enum(['model', 'app']));
export type ToolVisibility = z.infer<typeof ToolVisibilitySchema>;

/** The visibility a tool has when its server declares none. */
export const DEFAULT_TOOL_VISIBILITY: ToolVisibility = ['model', 'app'];

/**
 * The visibility a tool's server declares in `_meta.ui.visibility`, or undefined when it declares
 * none (`_meta`, `ui` or `visibility` absent, or `visibility` not an array: the default applies).
 * Server text is untrusted: entries other than `"model"` and `"app"` are dropped, duplicates kept
 * once, in the order given — so `["app", "bogus"]` is `["app"]` and `[]` stays `[]` (seen by no one).
 */
export function declaredVisibility(tool: { _meta?: unknown }): ToolVisibility | undefined {
  const meta = tool._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const ui = (meta as { ui?: unknown }).ui;
  if (typeof ui !== 'object' || ui === null) return undefined;
  const visibility = (ui as { visibility?: unknown }).visibility;
  if (!Array.isArray(visibility)) return undefined;
  const out: ToolVisibility = [];
  for (const v of visibility) if ((v === 'model' || v === 'app') && !out.includes(v)) out.push(v);
  return out;
}

/** Whether the agent may see and call a tool of this visibility (absent: the default, yes). */
export function modelVisible(visibility: ToolVisibility | undefined): boolean {
  return (visibility ?? DEFAULT_TOOL_VISIBILITY).includes('model');
}
