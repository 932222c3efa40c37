/**
 * Agent-visible tool names (docs/tool-bridge.md): `mcp_<server>_<tool>` as the seed system builds them, except
 * that Switchboard's bridge keeps digits (issue 30 item 3: the seed's rule, which drops them, made a server's
 * `mail_op_4999` into `…_mail_op_625` once 5,000 such tools collided); the seed's digit-dropping rule stays
 * available as the `xcsh` naming. Plus the 64-character limit of the LLM APIs (issue 14 item 6): a name longer
 * than 64 is shortened to its first 55 characters + `_` + 8 hex characters of an FNV-1a hash of the full name. Pure.
 */
import fnv1a from '@sindresorhus/fnv1a';

/** The longest agent-visible name the LLM APIs accept (OpenAI and Gemini function names: 64). */
export const AGENT_NAME_MAX = 64;
/** How many colliding raw tools a tool lists by name; `collisionCount` has the total. */
export const COLLISION_SAMPLE = 5;

/**
 * Which character rule names are built with: `switchboard` (the default) keeps `[a-z0-9_]`; `xcsh` keeps
 * only `[a-z_]`, dropping digits, as the seed system (xcsh) does and as Switchboard did before issue 30.
 */
export type AgentNaming = 'switchboard' | 'xcsh';

/** The characters each naming keeps; every run of others becomes one `_`. */
const OUTSIDE: Record<AgentNaming, RegExp> = { switchboard: /[^a-z0-9_]+/g, xcsh: /[^a-z_]+/g };

/**
 * Sanitise one name part: lower-case; every run of characters outside `[a-z0-9_]` (`xcsh`: outside `[a-z_]`,
 * digits too) becomes one `_`; runs of `_` collapse; leading/trailing `_` are trimmed; empty → `fallback`.
 */
export function sanitizeNamePart(raw: string, fallback: string, naming: AgentNaming = 'switchboard'): string {
  const out = raw
    .toLowerCase()
    .replace(OUTSIDE[naming], '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
  return out === '' ? fallback : out;
}

/** Whether two server names give the same agent-visible tool names (`GitHub` / `github`, `my-gh` / `my_gh`). */
export function sameAgentServer(a: string, b: string): boolean {
  return sanitizeNamePart(a, 'server') === sanitizeNamePart(b, 'server');
}

/**
 * `mcp_<server>_<tool>` (docs/tool-bridge.md). A tool name that starts with `<server>_` (after sanitising)
 * loses that prefix once. Examples: (`my-server`, `Read-File`) → `mcp_my_server_read_file`;
 * (`GitHub`, `github_search`) → `mcp_github_search`; (`gpt4`, `v2.run`) → `mcp_gpt4_v2_run`
 * (`xcsh`: `mcp_gpt_v_run`).
 */
export function agentToolName(serverName: string, toolName: string, naming: AgentNaming = 'switchboard'): string {
  const server = sanitizeNamePart(serverName, 'server', naming);
  let tool = sanitizeNamePart(toolName, 'tool', naming);
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
  /** The docs/tool-bridge.md name with its collision suffix (`baseName`, or `baseName_2`, `_3`…), before shortening. */
  fullName: string;
  /** The final, unique name: `fullName`, or its shortened form when `fullName` passes 64 characters. */
  agentName: string;
  /** Whether `agentName` was shortened (`fullName` is longer than `AGENT_NAME_MAX`). */
  shortened: boolean;
  /** Up to `COLLISION_SAMPLE` other raw `(server, tool)`s that computed the same base name, first by priority; empty when unique. */
  collidesWith: RawToolRef[];
  /** How many other raw tools computed the same base name (0 when unique). */
  collisionCount: number;
}

/** 8 lower-case hex characters of the 32-bit FNV-1a hash of `text`'s UTF-8 bytes. */
export function nameHash(text: string): string {
  return fnv1a(text, { size: 32 }).toString(16).padStart(8, '0');
}

/**
 * The shortened form of a name longer than `max` (default `AGENT_NAME_MAX`; issue 14 item 6): its
 * first `max - 9` characters + `_` + `nameHash(full)` = `max` characters. `attempt` > 0 (a shortened
 * name that was already taken) hashes `full` + `#<attempt>` instead, so the outcome stays
 * deterministic. The gateway passes a smaller `max` to leave room for a host's own prefix (issue 30).
 */
export function shortenAgentName(full: string, attempt = 0, max = AGENT_NAME_MAX): string {
  const keep = max - 9;
  return `${full.slice(0, keep)}_${nameHash(attempt === 0 ? full : `${full}#${attempt}`)}`;
}

/**
 * Name a list of tools given in priority order (docs/tool-bridge.md as amended by issue 14 item 6): the first
 * of a base name keeps it, later ones get `_2`, `_3`…; a name longer than 64 characters is then
 * shortened (`shortenAgentName`) and checked again against every name given so far. Each tool
 * involved in a collision lists up to `COLLISION_SAMPLE` others and counts them all.
 *
 * `naming` picks the character rule (`xcsh`: digits dropped, the names Switchboard gave before issue 30).
 *
 * Linear in the number of tools (under `xcsh`, a server with 5,000 tools whose names differ only in digits all
 * share one base name): no tool lists every other one, and suffixes advance from a per-base cursor.
 */
export function assignAgentToolNames<T extends RawToolRef>(tools: readonly T[], naming: AgentNaming = 'switchboard'): NamedTool<T>[] {
  const bases = tools.map((ref) => agentToolName(ref.server, ref.tool, naming));
  const groups = new Map<string, number[]>();
  bases.forEach((base, i) => {
    const group = groups.get(base);
    if (group) group.push(i);
    else groups.set(base, [i]);
  });
  // Each base name is reserved for the first tool that computes it (docs/tool-bridge.md: first by priority keeps it).
  const used = new Set([...groups.keys()].filter((b) => b.length <= AGENT_NAME_MAX));
  const cursor = new Map<string, number>();
  const unique = (full: string): string => {
    for (let attempt = 0; ; attempt++) {
      const candidate = shortenAgentName(full, attempt);
      if (!used.has(candidate)) return candidate;
    }
  };
  return tools.map((ref, i) => {
    const baseName = bases[i]!;
    const group = groups.get(baseName)!;
    let fullName = baseName;
    let agentName = baseName;
    if (group[0] !== i) {
      // Suffixes only ever move forward per base: a suffixed name can clash only with a shortened one.
      let n = cursor.get(baseName) ?? 2;
      for (;; n++) {
        fullName = `${baseName}_${n}`;
        if (fullName.length > AGENT_NAME_MAX || !used.has(fullName)) break;
      }
      cursor.set(baseName, n + 1);
      agentName = fullName;
    }
    const shortened = fullName.length > AGENT_NAME_MAX;
    if (shortened) agentName = unique(fullName);
    used.add(agentName);
    const others = group.length > 1 ? group.slice(0, COLLISION_SAMPLE + 1).filter((j) => j !== i).slice(0, COLLISION_SAMPLE) : [];
    const collidesWith = others.map((j) => ({ server: tools[j]!.server, tool: tools[j]!.tool }));
    return { ref, baseName, fullName, agentName, shortened, collidesWith, collisionCount: group.length - 1 };
  });
}
