/**
 * Tools off for agents but still a person's to call (issue 32, docs/tool-bridge.md § Off for
 * agents): a tool the definition's own `enabledTools`/`disabledTools` leave out, or one switched
 * off in Switchboard (the context budget), is not given to agents — the bridge, the library and the
 * gateway leave it out — but the window is not an agent: its Tools tab lists it, marked, and a
 * person may call it there (`tools:call` with `person`). A pin in block mode is not "off": the tool
 * changed since it was pinned, so nobody calls it until the change is accepted.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { ToolInfo } from '../../../../src-shared/api/status.js';
import { buildToolInfos } from './tool-bridge.js';

/** Why a tool is off for agents, when Switchboard's own switch is not the reason. */
export const OFF_BY_LIST = "its definition's enabledTools/disabledTools leave it out";

/**
 * `server`'s tools that are listed but not in `exposed` (its agent-visible tools) and not
 * `blocked`, as `ToolInfo`s marked `offForAgents` with `reason(tool)`. Their `agentName` is the
 * name the tool would get alone (`mcp_<server>_<tool>`): it has none while off. Pure.
 */
export function offForAgentsInfos(server: string, listed: readonly Tool[], exposed: readonly ToolInfo[], blocked: ReadonlySet<string>, reason: (tool: string) => string): ToolInfo[] {
  const shown = new Set(exposed.map((t) => t.name));
  const off = listed.filter((t) => !shown.has(t.name) && !blocked.has(t.name));
  if (off.length === 0) return [];
  return buildToolInfos([{ server, tools: off }]).map((info) => ({ ...info, offForAgents: reason(info.name) }));
}

/** `exposed` and `off` of one server in the server's own listing order (`listed`). Pure. */
export function inListingOrder(listed: readonly Tool[], exposed: readonly ToolInfo[], off: readonly ToolInfo[]): ToolInfo[] {
  if (off.length === 0) return [...exposed];
  const at = new Map(listed.map((t, i) => [t.name, i]));
  return [...exposed, ...off].sort((a, b) => (at.get(a.name) ?? 0) - (at.get(b.name) ?? 0));
}
