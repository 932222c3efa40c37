/**
 * The gateway's tool names (issue 30 item 3, docs/gateway.md § Names): the aggregated door names a
 * tool `<server>_<tool>` (the server part from the config key), the single-server door its raw
 * name; every character outside `[A-Za-z0-9_-]` becomes `_`. The name the host finally shows —
 * its own prefix for the gateway's entry `switchboard` plus ours, computed with the host's scheme
 * (src-shared/config/host-tool-names.ts; Claude Code's `mcp__<entry>__<tool>` where the host's
 * scheme is not known) — must fit `^[A-Za-z0-9_-]{1,64}$`: a longer name is shortened with
 * `shortenAgentName` (its start + `_` + an FNV-1a hash of the whole). Equal names get visible
 * suffixes `_2`, `_3`… in the order given (the first keeps the name) and are reported; no tool is
 * ever dropped. Pure; linear in the number of tools.
 */
import type { HostId } from '../../../src-shared/config/server.js';
import type { GatewayCollision } from '../../../src-shared/api/gateway.js';
import { NAME_SCHEMES, namesUnderScheme, type NameSchemeId } from '../../../src-shared/config/host-tool-names.js';
import { AGENT_NAME_MAX, shortenAgentName } from '../../../src-shared/config/tool-names.js';

/** The entry name a host gives the gateway in its file (`"switchboard": { "command": "switchboard", … }`). */
export const GATEWAY_ENTRY = 'switchboard';

/** What a host accepts as a tool name (the LLM APIs' function-name rule). */
export const HOST_SAFE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** A raw name made host-safe: each character outside `[A-Za-z0-9_-]` becomes `_` (empty → `_`). */
export function hostSafe(raw: string): string {
  const out = raw.replace(/[^A-Za-z0-9_-]/g, '_');
  return out === '' ? '_' : out;
}

/** The scheme that says how `host` shows a tool of an entry: its own when known, else Claude Code's. */
export function gatewayScheme(host: HostId): Exclude<NameSchemeId, 'switchboard'> {
  const own = NAME_SCHEMES.find((s) => s.id === host && s.id !== 'switchboard');
  return own ? (own.id as Exclude<NameSchemeId, 'switchboard'>) : 'claude-code';
}

/**
 * The name `host` shows for the gateway's tool `name`: its prefix for the entry `entry` (default the
 * aggregated `switchboard` entry; a server's own name for the same-name entries `connect --each` writes) + `name`.
 */
export function hostShownName(host: HostId, name: string, entry: string = GATEWAY_ENTRY): string {
  return namesUnderScheme(gatewayScheme(host), [{ server: entry, name }])[0]?.name ?? name;
}

/** The longest name of ours whose shown form under `host` still fits `HOST_SAFE_NAME`. */
export function nameRoom(host: HostId): number {
  const prefix = hostShownName(host, 'x').length - 1;
  let room = AGENT_NAME_MAX - Math.max(0, prefix);
  // A host that rewrites long names (Gemini's "..." past 63) lowers the room until the shown name fits.
  while (room > 16 && !HOST_SAFE_NAME.test(hostShownName(host, 'a'.repeat(room)))) room--;
  return room;
}

/** One tool to name, in the order the names are given out. */
export interface ToolRef {
  server: string;
  tool: string;
}

/** The names of `tools` (same order) and the groups that shared a name before their suffixes. */
export interface GatewayNaming {
  names: string[];
  collisions: GatewayCollision[];
}

/**
 * Name `tools` (already in their deterministic order) for `host`'s door: `<server>_<tool>`, or the
 * raw tool name alone when `single` (the single-server door). Each name fits `nameRoom(host)`.
 */
export function gatewayNames(host: HostId, tools: readonly ToolRef[], single: boolean): GatewayNaming {
  const room = nameRoom(host);
  const fit = (name: string): string => (name.length <= room ? name : shortenAgentName(name, 0, room));
  const bases = tools.map((t) => fit(single ? hostSafe(t.tool) : `${hostSafe(t.server)}_${hostSafe(t.tool)}`));
  const groups = new Map<string, number[]>();
  bases.forEach((b, i) => {
    const group = groups.get(b);
    if (group) group.push(i);
    else groups.set(b, [i]);
  });
  const used = new Set<string>();
  // Suffixes only move forward per name (5,000 tools of one name stay linear).
  const next = new Map<string, number>();
  const names = bases.map((base) => {
    if (!used.has(base)) {
      used.add(base);
      return base;
    }
    for (let n = next.get(base) ?? 2; ; n++) {
      const candidate = fit(`${base}_${n}`);
      if (used.has(candidate)) continue;
      next.set(base, n + 1);
      used.add(candidate);
      return candidate;
    }
  });
  const collisions: GatewayCollision[] = [];
  for (const [name, members] of groups) {
    if (members.length < 2) continue;
    collisions.push({ name, tools: members.map((i) => ({ server: tools[i]?.server ?? '', tool: tools[i]?.tool ?? '' })) });
  }
  return { names, collisions };
}
