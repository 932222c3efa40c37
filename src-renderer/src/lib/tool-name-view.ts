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

/** The schemes warned about: `inUse`'s (the hosts the person has servers in), every one when absent. */
const warnedSchemes = (inUse?: ReadonlySet<NameSchemeId>) => (inUse ? NAME_SCHEMES.filter((s) => inUse.has(s.id)) : NAME_SCHEMES);

/**
 * The schemes (of `inUse`, the hosts with servers; all when absent) under which more than
 * `SUMMARY_THRESHOLD` of `tools` (one server's) collide. A host the person does not use is never
 * summarised: ChatCLI names tools without their server, so two servers with an `echo` clash there,
 * which only matters to someone who runs ChatCLI (new-user trial).
 */
export function collisionSummaries(tools: readonly ToolInfo[], names: Map<string, ToolNames>, inUse?: ReadonlySet<NameSchemeId>): CollisionSummary[] {
  const schemes = warnedSchemes(inUse);
  const counts = new Map<NameSchemeId, number>(schemes.map((s) => [s.id, 0]));
  for (const t of tools) {
    const row = names.get(toolKey(t.server, t.name));
    if (!row) continue;
    for (const s of schemes) if (row[s.id].collisions > 0) counts.set(s.id, (counts.get(s.id) ?? 0) + 1);
  }
  const cleanUnder = schemes.filter((s) => counts.get(s.id) === 0).map((s) => s.label);
  return schemes.flatMap((s) => {
    const count = counts.get(s.id) ?? 0;
    return count > SUMMARY_THRESHOLD ? [{ scheme: s.id, label: s.label, pattern: s.pattern, count, cleanUnder }] : [];
  });
}

/** Labels of the schemes a row's badge names: those (of `inUse`, all when absent) where it collides, minus the summarised ones. */
export function clashLabels(row: ToolNames | undefined, summarised: ReadonlySet<NameSchemeId>, inUse?: ReadonlySet<NameSchemeId>): string[] {
  if (!row) return [];
  return warnedSchemes(inUse).filter((s) => row[s.id].collisions > 0 && !summarised.has(s.id)).map((s) => s.label);
}

/**
 * The naming schemes of the hosts the person uses: Switchboard's own (its gateway and bridge name
 * tools so) and every host a discovered definition comes from, shadowed ones included.
 */
export function schemesInUse(hosts: Iterable<string>): Set<NameSchemeId> {
  const wanted = new Set<string>(['switchboard', ...hosts]);
  return new Set(NAME_SCHEMES.filter((s) => wanted.has(s.id)).map((s) => s.id));
}
