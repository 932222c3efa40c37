/**
 * What the Tools tab shows about names (issue 14 item 6): each tool's name under every host's
 * scheme, which schemes make it collide (badges say whose), and — so a server whose 5,000 tools
 * differ only in digits does not paint 5,000 badges — one summary per server and scheme where many
 * of its tools collide, that scheme's badge then left off the rows. Pure; linear in the tools.
 */
import type { ToolInfo } from '../../../src-shared/api/status.js';
import { NAME_SCHEMES, toolNamesUnderSchemes, type NameSchemeId, type SchemeName } from '../../../src-shared/config/host-tool-names.js';

/** More colliding tools than this in one server under one scheme: one summary instead of badges. */
export const SUMMARY_THRESHOLD = 10;

/** A tool's names under every scheme. */
export type ToolNames = Record<NameSchemeId, SchemeName>;

/** Key of a tool in `namesOfTools`' map. */
export const toolKey = (server: string, tool: string): string => `${server}\u0000${tool}`;

/** Every tool's names under every scheme, keyed by `toolKey` (tools of all servers: collisions cross servers). */
export function namesOfTools(all: readonly ToolInfo[]): Map<string, ToolNames> {
  const rows = toolNamesUnderSchemes(all.map((t) => ({ server: t.server, name: t.name, agentName: t.agentName, collisionCount: t.collisionCount, collidesWith: t.collidesWith, fullAgentName: t.fullAgentName })));
  return new Map(all.map((t, i) => [toolKey(t.server, t.name), rows[i]!]));
}

/** One scheme under which many of a server's tools collide. */
export interface CollisionSummary {
  scheme: NameSchemeId;
  label: string;
  pattern: string;
  /** How many of this server's tools collide under the scheme. */
  count: number;
  /** Labels of the schemes under which none of this server's tools collide. */
  cleanUnder: string[];
}

/** The schemes under which more than `SUMMARY_THRESHOLD` of `tools` (one server's) collide. */
export function collisionSummaries(tools: readonly ToolInfo[], names: Map<string, ToolNames>): CollisionSummary[] {
  const counts = new Map<NameSchemeId, number>(NAME_SCHEMES.map((s) => [s.id, 0]));
  for (const t of tools) {
    const row = names.get(toolKey(t.server, t.name));
    if (!row) continue;
    for (const s of NAME_SCHEMES) if (row[s.id].collisions > 0) counts.set(s.id, counts.get(s.id)! + 1);
  }
  const cleanUnder = NAME_SCHEMES.filter((s) => counts.get(s.id) === 0).map((s) => s.label);
  return NAME_SCHEMES.filter((s) => counts.get(s.id)! > SUMMARY_THRESHOLD).map((s) => ({ scheme: s.id, label: s.label, pattern: s.pattern, count: counts.get(s.id)!, cleanUnder }));
}

/** Labels of the schemes a row's badge names: those where it collides, minus the summarised ones. */
export function clashLabels(row: ToolNames | undefined, summarised: ReadonlySet<NameSchemeId>): string[] {
  if (!row) return [];
  return NAME_SCHEMES.filter((s) => row[s.id].collisions > 0 && !summarised.has(s.id)).map((s) => s.label);
}
