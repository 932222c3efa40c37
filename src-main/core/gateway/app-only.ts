/**
 * The gateway's MCP Apps filter (issue 30 item 2, docs/gateway.md § Filters): a tool whose
 * `_meta.ui.visibility` lacks `"model"` is for an MCP App of its own server only (MCP Apps
 * 2026-01-26, *Visibility*: a host MUST NOT include it in the agent's tool list). The gateway's
 * doors serve agents, never apps, so such a tool is held back from every door and a call to it is
 * refused. Pure.
 */
import type { Tool } from '@modelcontextprotocol/client';
import { declaredVisibility, modelVisible } from '../../../src-shared/api/tool-visibility.js';
import type { ErrorCode } from '../../../src-shared/api/envelope.js';

/**
 * The refusal of an app-only tool for the host labelled `label`, or undefined when the agent may
 * have it. Code `NOT_FOUND` (the door's -32602, as for a name outside the list: the tool is not the
 * agent's at all); the words follow `Tool "<name>" is `.
 */
export function appOnlyRefusal(tool: Tool, label: string): { code: ErrorCode; message: string } | undefined {
  const visibility = declaredVisibility(tool);
  if (modelVisible(visibility)) return undefined;
  return {
    code: 'NOT_FOUND',
    message: `app-only: its server marks it for MCP Apps only (_meta.ui.visibility ${JSON.stringify(visibility)}), so Switchboard's gateway never gives it to ${label}'s agent`,
  };
}
