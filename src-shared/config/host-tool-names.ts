/**
 * The names a tool gets under each host's own naming scheme (issue 14 item 6): the same raw
 * `(server, tool)` is `mcp_everything_echo` to Switchboard's bridge, `mcp__everything__echo` to
 * Claude Code, `mcp_everything_echo` to VS Code… Each rule, with the source it was read from, is in
 * `docs/tool-names.md`; this file implements them. Pure; linear in the number of tools.
 *
 * A collision under a host's scheme is counted among the tools given (the tools Switchboard lists):
 * whether that host loads both servers depends on its own files (the per-host view).
 */
import { AGENT_NAME_MAX, agentToolName } from './tool-names.js';

/** The hosts whose scheme is known (Switchboard's own bridge first). */
export type NameSchemeId = 'switchboard' | 'claude-code' | 'codex' | 'vscode' | 'gemini' | 'roo' | 'xcsh' | 'chatcli';

/** One host's naming scheme. */
export interface NameScheme {
  id: NameSchemeId;
  /** Whose scheme, for badges: `Claude Code`. */
  label: string;
  /** The shape, for people: `mcp__<server>__<tool>`. */
  pattern: string;
}

/** A raw tool to name (server and tool as the server and the config file spell them). */
export interface RawTool {
  server: string;
  name: string;
  /** Switchboard's own agent-visible name (`ToolInfo.agentName`), used for the `switchboard` scheme. */
  agentName?: string;
}

/** A tool's name under one scheme, and how many other tools given get the same name there. */
export interface SchemeName {
  name: string;
  /** Other tools (among those given) with the same name under this scheme. */
  collisions: number;
  /** Something the host does that the name alone does not show (a hash suffix it adds, a cut). */
  note?: string;
}

/** Every known scheme, Switchboard's bridge first (docs/tool-names.md has the sources). */
export const NAME_SCHEMES: readonly NameScheme[] = [
  { id: 'switchboard', label: 'Switchboard', pattern: 'mcp_<server>_<tool>' },
  { id: 'claude-code', label: 'Claude Code', pattern: 'mcp__<server>__<tool>' },
  { id: 'codex', label: 'Codex', pattern: 'mcp__<server>__<tool>' },
  { id: 'vscode', label: 'VS Code', pattern: 'mcp_<server>_<tool>' },
  { id: 'gemini', label: 'Gemini CLI', pattern: 'mcp_<server>_<tool>' },
  { id: 'roo', label: 'Roo Code', pattern: 'mcp--<server>--<tool>' },
  { id: 'xcsh', label: 'xcsh', pattern: 'mcp_<server>_<tool>, digits dropped' },
  { id: 'chatcli', label: 'ChatCLI', pattern: 'mcp_<tool>' },
];

const LIMIT_NOTE = `longer than ${AGENT_NAME_MAX} characters`;

/** Claude Code: `mcp__<server>__<tool>`, characters outside `[A-Za-z0-9_-]` in the server name become `_`. */
function claudeCode(t: RawTool): Omit<SchemeName, 'collisions'> {
  const name = `mcp__${t.server.replace(/[^A-Za-z0-9_-]/g, '_')}__${t.name}`;
  return name.length > AGENT_NAME_MAX ? { name, note: `${LIMIT_NOTE}: an API with a 64-character limit refuses it` } : { name };
}

/** Codex: `mcp__<server>__<tool>` with every character outside `[A-Za-z0-9_]` made `_`; past 64 it keeps 24 and appends a SHA-1. */
function codex(t: RawTool): Omit<SchemeName, 'collisions'> {
  const name = `mcp__${t.server}__${t.name}`.replace(/[^A-Za-z0-9_]/g, '_') || '_';
  return name.length > AGENT_NAME_MAX ? { name, note: `${LIMIT_NOTE}: Codex keeps the first 24 and appends a SHA-1 of the raw name` } : { name };
}

/** Gemini CLI: `mcp_<server>_<tool>`, outside `[A-Za-z0-9_.:-]` → `_`, past 63 the middle becomes `...`. */
function gemini(t: RawTool): Omit<SchemeName, 'collisions'> {
  let name = `mcp_${t.server}_${t.name}`.replace(/[^a-zA-Z0-9_\-.:]/g, '_');
  if (/^[^a-zA-Z_]/.test(name)) name = `_${name}`;
  if (name.length > AGENT_NAME_MAX - 1) return { name: `${name.slice(0, 30)}...${name.slice(-30)}`, note: 'shortened by Gemini CLI (middle replaced by "...")' };
  return { name };
}

/** Roo Code's `sanitizeMcpName`: spaces → `_`, drop outside `[A-Za-z0-9_-]`, `--` → `-`, must start with a letter or `_`. */
function rooPart(raw: string): string {
  if (!raw) return '_';
  let s = raw.replace(/\s+/g, '_').replace(/[^a-zA-Z0-9_-]/g, '').replace(/--+/g, '-');
  if (s.length > 0 && !/^[a-zA-Z_]/.test(s)) s = `_${s}`;
  return s || '_unnamed';
}

/** Roo Code: `mcp--<server>--<tool>`, cut at 64. */
function roo(t: RawTool): Omit<SchemeName, 'collisions'> {
  const full = `mcp--${rooPart(t.server)}--${rooPart(t.name)}`;
  return full.length > AGENT_NAME_MAX ? { name: full.slice(0, AGENT_NAME_MAX), note: 'cut at 64 characters by Roo Code' } : { name: full };
}

/**
 * VS Code: a per-server prefix `mcp_<label>_` (label lower-cased, runs outside `[a-z0-9_.-]` → `_`,
 * at most 13 characters; a second server with the same prefix gets `…2_`, `…3_`), then the tool
 * name, `.` → `_`, the whole cut at 64. Servers are numbered in the order given.
 */
function vscodeNames(tools: readonly RawTool[]): Array<Omit<SchemeName, 'collisions'>> {
  const prefixOf = new Map<string, string>();
  const seen = new Set<string>();
  for (const t of tools) {
    if (prefixOf.has(t.server)) continue;
    const base = `mcp_${t.server.toLowerCase().replace(/[^a-z0-9_.-]+/g, '_').slice(0, 13)}`;
    let prefix = `${base}_`;
    for (let i = 2; seen.has(prefix); i++) prefix = `${base}${i}_`;
    seen.add(prefix);
    prefixOf.set(t.server, prefix);
  }
  return tools.map((t) => {
    const full = `${prefixOf.get(t.server)}${t.name}`.replaceAll('.', '_');
    return full.length > AGENT_NAME_MAX ? { name: full.slice(0, AGENT_NAME_MAX), note: 'cut at 64 characters by VS Code' } : { name: full };
  });
}

/** xcsh: its seed's `mcp_<server>_<tool>` (outside `[a-z_]` → `_`, digits too), no suffix, no shortening: a clash is last-write-wins there. */
function xcsh(t: RawTool): Omit<SchemeName, 'collisions'> {
  return { name: agentToolName(t.server, t.name, 'xcsh') };
}

/** ChatCLI: `mcp_` + the tool name as the server sent it, no server part (its docs: `read_file` → `mcp_read_file`). */
function chatcli(t: RawTool): Omit<SchemeName, 'collisions'> {
  return { name: `mcp_${t.name}` };
}

/** What a host does with two tools of one name, said on each of them (hosts that keep only one). */
const CLASH_NOTES: Partial<Record<NameSchemeId, string>> = {
  xcsh: 'xcsh registers tools last-write-wins: only one of these reaches its agent',
  chatcli: 'ChatCLI names tools without their server: only one of these reaches its agent',
};

/** `withCollisions`, plus the host's clash note on every tool that shares its name. */
function withClashNote(id: NameSchemeId, names: Array<Omit<SchemeName, 'collisions'>>): SchemeName[] {
  const note = CLASH_NOTES[id];
  return withCollisions(names).map((n) => (note && n.collisions > 0 && !n.note ? { ...n, note } : n));
}

/** Count, for each name, how many of `names` share it (linear). */
function withCollisions(names: Array<Omit<SchemeName, 'collisions'>>): SchemeName[] {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n.name, (counts.get(n.name) ?? 0) + 1);
  return names.map((n) => ({ ...n, collisions: counts.get(n.name)! - 1 }));
}

/**
 * The names of `tools` under another host's scheme `id`, in the order given (servers' prefixes are
 * numbered in that order where the host numbers them), each with how many other tools given share
 * it. Switchboard's own names come from `ToolInfo` (`toolNamesUnderSchemes`).
 */
export function namesUnderScheme(id: Exclude<NameSchemeId, 'switchboard'>, tools: readonly RawTool[]): SchemeName[] {
  switch (id) {
    case 'claude-code':
      return withCollisions(tools.map(claudeCode));
    case 'codex':
      return withCollisions(tools.map(codex));
    case 'gemini':
      return withCollisions(tools.map(gemini));
    case 'roo':
      return withCollisions(tools.map(roo));
    case 'vscode':
      return withCollisions(vscodeNames(tools));
    case 'xcsh':
      return withClashNote(id, tools.map(xcsh));
    case 'chatcli':
      return withClashNote(id, tools.map(chatcli));
  }
}

/** A tool as the faces have it (`ToolInfo`'s naming fields). */
export interface NamedRawTool extends RawTool {
  agentName: string;
  /** Other raw tools with the same docs/tool-bridge.md base name (`ToolInfo.collisionCount`). */
  collisionCount?: number;
  collidesWith?: unknown[];
  fullAgentName?: string;
}

/**
 * Every tool's name under every known scheme: `result[i][scheme]`. Linear in tools × schemes.
 * Switchboard's entry is the tool's `agentName`; its `collisions` are the docs/tool-bridge.md base-name
 * collisions the `_2`, `_3`… suffixes resolved, and a shortened name notes its full form.
 */
export function toolNamesUnderSchemes(tools: readonly NamedRawTool[]): Array<Record<NameSchemeId, SchemeName>> {
  const others = NAME_SCHEMES.filter((s) => s.id !== 'switchboard').map((s) => [s.id, namesUnderScheme(s.id as Exclude<NameSchemeId, 'switchboard'>, tools)] as const);
  return tools.map((t, i) => {
    const own: SchemeName = { name: t.agentName, collisions: t.collisionCount ?? t.collidesWith?.length ?? 0 };
    if (t.fullAgentName) own.note = `shortened from ${t.fullAgentName}`;
    const row = { switchboard: own } as Record<NameSchemeId, SchemeName>;
    for (const [id, names] of others) row[id] = names[i]!;
    return row;
  });
}
