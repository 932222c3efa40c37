/**
 * Agent-visible tool names (SPEC §4), exactly as the seed system computes them. Pure.
 */

/**
 * Sanitise one name part: lower-case; every run of characters outside `[a-z_]` becomes one `_`
 * (digits too); runs of `_` collapse; leading/trailing `_` are trimmed; empty → `fallback`.
 */
export function sanitizeNamePart(raw: string, fallback: string): string {
  const out = raw
    .toLowerCase()
    .replace(/[^a-z_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
  return out === '' ? fallback : out;
}

/**
 * `mcp_<server>_<tool>` (SPEC §4). A tool name that starts with `<server>_` (after sanitising)
 * loses that prefix once. Examples: (`my-server`, `Read-File`) → `mcp_my_server_read_file`;
 * (`GitHub`, `github_search`) → `mcp_github_search`; (`gpt4`, `v2.run`) → `mcp_gpt_v_run`.
 */
export function agentToolName(serverName: string, toolName: string): string {
  const server = sanitizeNamePart(serverName, 'server');
  let tool = sanitizeNamePart(toolName, 'tool');
  const prefix = `${server}_`;
  if (tool.startsWith(prefix) && tool.length > prefix.length) tool = tool.slice(prefix.length);
  return `mcp_${server}_${tool}`;
}

/** A tool to be named: raw server and tool names, in priority order when passed as a list. */
export interface RawToolRef {
  server: string;
  tool: string;
}

/** The outcome of naming one tool: its final name and, on collision, whom it collided with. */
export interface NamedTool<T extends RawToolRef> {
  ref: T;
  /** The base name before any suffix. */
  baseName: string;
  /** The final, unique name (`baseName`, or `baseName_2`, `_3`…). */
  agentName: string;
  /** Every other raw `(server, tool)` that computed the same base name; empty when unique. */
  collidesWith: RawToolRef[];
}

/**
 * Name a list of tools given in priority order (SPEC §4): the first keeps the base name, later
 * ones get `_2`, `_3`… (skipping suffixes already taken); every tool involved lists the others.
 */
export function assignAgentToolNames<T extends RawToolRef>(tools: readonly T[]): NamedTool<T>[] {
  const groups = new Map<string, T[]>();
  for (const ref of tools) {
    const base = agentToolName(ref.server, ref.tool);
    const group = groups.get(base);
    if (group) group.push(ref);
    else groups.set(base, [ref]);
  }
  const taken = new Set(groups.keys());
  const seen = new Map<string, number>();
  return tools.map((ref) => {
    const baseName = agentToolName(ref.server, ref.tool);
    const group = groups.get(baseName)!;
    const index = seen.get(baseName) ?? 0;
    seen.set(baseName, index + 1);
    let agentName = baseName;
    if (index > 0) {
      let n = index + 1;
      while (taken.has(`${baseName}_${n}`)) n++;
      agentName = `${baseName}_${n}`;
      taken.add(agentName);
    }
    const collidesWith = group
      .filter((other) => other !== ref)
      .map((other) => ({ server: other.server, tool: other.tool }));
    return { ref, baseName, agentName, collidesWith };
  });
}
