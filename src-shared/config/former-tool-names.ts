/**
 * The one-release fallback for agent-visible names from before issue 30 (docs/tool-bridge.md § Names before
 * digits were kept): Switchboard's bridge used to drop digits (`mcp_db2_query` was `mcp_db_query`, the 42nd
 * of 5,000 `tool0001`… was `mcp_many_tool_42`). An agent or script that still uses such a name reaches the
 * same tool, and is told its name now. Nothing Switchboard stores is keyed by an agent-visible name
 * (history, pins, toggles, trust and rules use raw server and tool names), so only these lookups need it.
 * Pure; linear in the number of tools, and only when the name is not a current one.
 */
import { assignAgentToolNames } from './tool-names.js';

/** A tool as the lookups have it (`ToolInfo`'s naming fields), in the priority order its names were assigned in. */
export interface AgentNamedTool {
  server: string;
  /** Raw MCP tool name. */
  name: string;
  agentName: string;
}

/** A tool found by an agent-visible name; `note` when the name given was its former one. */
export interface AgentNameMatch<T> {
  tool: T;
  /** `"<old>" is the name before digits were kept; the tool is now "<new>"`: said once per lookup on stderr and in `--json`. */
  note?: string;
}

/** The note of a lookup by a former name. */
export function formerNameNote(former: string, now: string): string {
  return `"${former}" is the name before digits were kept; the tool is now "${now}"`;
}

/**
 * Find the tool an agent-visible `name` designates among `tools` (every tool, in the priority order the
 * names were assigned in: `manager.listTools()`, `tools:list`): its current name first; else the name the
 * same list gave it before issue 30 (`assignAgentToolNames(…, 'xcsh')`), with a note. Undefined when neither.
 * A former name that is some other tool's current name designates that tool: current names win.
 */
export function findByAgentName<T extends AgentNamedTool>(all: readonly T[], name: string): AgentNameMatch<T> | undefined {
  // An MCP Apps app-only tool has no agent-visible name (`''`, docs/mcp-apps.md): no name, current or former, finds it.
  const tools = all.filter((t) => t.agentName !== '');
  const current = tools.find((t) => t.agentName === name);
  if (current) return { tool: current };
  const former = assignAgentToolNames(tools.map((t) => ({ server: t.server, tool: t.name, t })), 'xcsh').find((n) => n.agentName === name);
  return former ? { tool: former.ref.t, note: formerNameNote(name, former.ref.t.agentName) } : undefined;
}
