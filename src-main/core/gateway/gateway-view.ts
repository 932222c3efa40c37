/**
 * One host's list through the gateway (issue 30 item 2, docs/gateway.md § Filters): the servers the
 * host's own files enable for the project (its per-host view), each mapped by name to the server
 * Switchboard runs (as the context budget does), minus servers not connected, untrusted, `changed`
 * or disabled (listed with their state and why — never blocking the others), minus tools off in
 * the host's own per-tool list, tools switched off for the host in Switchboard, tools held by a
 * pin in `block` mode and MCP Apps tools whose visibility lacks `model` (app-only). Names are given out over every listed tool before the filters, so switching
 * one tool off never renames another; the gate (`gatewayLookup`) says why a name is not served.
 * Pure.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { ErrorCode } from '../../../src-shared/api/envelope.js';
import type { GatewayList, GatewayServer, GatewayServerState, GatewayTool } from '../../../src-shared/api/gateway.js';
import type { ServerStatusName } from '../../../src-shared/api/status.js';
import { HOST_LABELS, type HostId, type ServerDefinition } from '../../../src-shared/config/server.js';
import { onByHostList } from '../budget/budget-view.js';
import { isSwitchboardGatewayEntry } from '../config/gateway-entry.js';
import type { HostView } from '../config/host-view.js';
import { appOnlyRefusal } from './app-only.js';
import { gatewayNames, hostSafe, hostShownName } from './gateway-names.js';
import { readOnlyHeld } from './guard-rules.js';

/** What one host's list is made from. */
export interface GatewayInputs {
  host: HostId;
  /** The project folder the host's view was read for. */
  project: string;
  /** The single-server door's server (its tools under their raw names made host-safe). */
  server?: string;
  /** The host's own view for `project` (`loadHostView`). */
  view: HostView;
  /** The state of the server Switchboard runs under `server`, or undefined when it runs none of that name. */
  state(server: string): { status: ServerStatusName; lastError?: string } | undefined;
  /** The tools that server listed (raw). */
  listed(server: string): readonly Tool[];
  /** Tools held back by a pin in `block` mode. */
  heldByPin(server: string): ReadonlySet<string>;
  /** Tools switched off for this host in Switchboard, for the definition in `file`. */
  switchboardOff(server: string, file: string): ReadonlySet<string>;
  /** Zed only: its agent profile's tool switches of `server` in `file` (as the budget view reads them); default none. */
  zedSwitches?(file: string, server: string): { tools: Record<string, boolean>; othersOn: boolean };
  /** Tools switched off in Switchboard's bridge view (held back from every Switchboard face, so from the gateway too). */
  bridgeOff(server: string): ReadonlySet<string>;
  /** The project folder the owner serves, when it is not `project` (a server it runs none of then gets the next step in its reason). */
  ownerProject?: string;
  /** The servers Switchboard runs (to say "not in <host>'s servers" for one of them). */
  managed: readonly string[];
  /** Why the host's entry may not use the process Switchboard runs under its name (gateway-instance.ts), or undefined when it may. */
  unshared?(def: ServerDefinition): string | undefined;
  /** The name of the separate instance serving the host's entry (gateway-instances.ts), or undefined: the server of its name. */
  instance?(def: ServerDefinition): string | undefined;
  /** Issue 31: the host's guard rails say read-only — only tools annotated `readOnlyHint: true` pass (guard-rules.ts). */
  readOnly?: boolean;
  /**
   * Issue 31: the host is connected with `switchboard connect <host> --each` — each server has a
   * same-name entry (a single-server door), so `shown` is the host's prefix for that entry + the
   * tool's name at that door (`mcp__memory__read_graph`), not the aggregated entry's. Only `shown` changes.
   */
  entryPerServer?: boolean;
}

/** Why a name is not served: a contract error code and the words. */
export interface GatewayRefusal {
  code: ErrorCode;
  message: string;
}

/** Every name given out, served or not, and each unlisted server's refusal. */
export interface GatewayGate {
  served: ReadonlyMap<string, { server: string; tool: string }>;
  /** Names held back, with why and what they stand for. */
  held: ReadonlyMap<string, GatewayRefusal & { server: string; tool: string }>;
  /** Servers of the host's view that give no tools now, by host-safe server part. */
  unlisted: ReadonlyArray<{ part: string; server: string; refusal: GatewayRefusal }>;
  /** Servers Switchboard runs that the host's view does not hold, by host-safe server part. */
  foreign: ReadonlyArray<{ part: string; server: string }>;
  /** The process serving a server of the host when it is a separate instance: server → instance name. */
  instances?: ReadonlyMap<string, string>;
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Why Switchboard runs no server `name`, with the next step: when the door's project is not the one
 * the owner serves (the owner runs only its own folder's project servers), open that folder in
 * Switchboard, or point the door at the owner's folder (issue 30 item 3, a trial finding).
 */
function notRunReason(name: string, project: string, ownerProject: string | undefined): string {
  if (ownerProject === undefined || ownerProject === project) return `Switchboard runs no server "${name}" (it runs the servers of its own project folder)`;
  return `Switchboard serves ${ownerProject}, not ${project}, and runs no server "${name}": open ${project} in Switchboard (switchboard serve --project ${project}, or the app in that folder), or start the gateway with --project ${ownerProject} if that is the host's project`;
}

/** The state of one host entry and why it gives no tools. */
function serverState(inputs: GatewayInputs, def: ServerDefinition): { state: GatewayServerState; reason?: string; code?: ErrorCode } {
  const label = HOST_LABELS[inputs.host];
  if (def.enabled === false) return { state: 'disabled', reason: `disabled in ${label}'s file ${def.source.file}`, code: 'DISABLED' };
  const own = inputs.instance?.(def);
  const st = inputs.state(own ?? def.name);
  // Asked for by another request a moment ago: the manager has not taken it up yet.
  if (!st && own !== undefined) return { state: 'not-ready', reason: `server not ready: its own instance for ${label} (${own}) is starting`, code: 'NOT_CONNECTED' };
  if (!st) return { state: 'not-ready', reason: notRunReason(def.name, inputs.project, inputs.ownerProject), code: 'NOT_CONNECTED' };
  // Issue 30 item 6: another definition or other roots never share the running process.
  const apart = inputs.unshared?.(def);
  if (apart !== undefined) return { state: 'not-ready', reason: `not shared with ${label}: ${apart}`, code: 'NOT_CONNECTED' };
  const why = st.lastError ? `: ${st.lastError}` : '';
  switch (st.status) {
    case 'connected':
      return { state: 'listed' };
    case 'untrusted':
      return { state: 'untrusted', reason: `server not trusted${why}; see: switchboard trust`, code: 'UNTRUSTED' };
    case 'changed':
      return { state: 'changed', reason: `server changed since it was approved${why}; see: switchboard trust`, code: 'UNTRUSTED' };
    case 'disabled':
      return { state: 'disabled', reason: 'disabled in Switchboard', code: 'DISABLED' };
    case 'needs-auth':
      // The sign-in belongs to the owner: one sign-in serves every host's door (docs/gateway.md § Sharing).
      return { state: 'not-ready', reason: `needs sign-in: run switchboard reauth ${def.name} (one sign-in in Switchboard serves every host)`, code: 'NOT_CONNECTED' };
    default:
      return { state: 'not-ready', reason: `server not ready (${st.status})${why}`, code: 'NOT_CONNECTED' };
  }
}

/** Why `tool` of `def` is held back for this host, or undefined when it is served. */
function toolHeld(inputs: GatewayInputs, def: ServerDefinition, raw: Tool): GatewayRefusal | undefined {
  const label = HOST_LABELS[inputs.host];
  const tool = raw.name;
  // MCP Apps: a tool whose visibility lacks "model" is never the agent's (app-only.ts).
  const appOnly = appOnlyRefusal(raw, label);
  if (appOnly) return appOnly;
  if (!onByHostList(inputs.host, def, tool)) return { code: 'DISABLED', message: `switched off for ${label} in its own file ${def.source.file}` };
  const zed = inputs.host === 'zed' ? inputs.zedSwitches?.(def.source.file, def.name) : undefined;
  if (zed && !(zed.tools[tool] ?? zed.othersOn)) return { code: 'DISABLED', message: `switched off for Zed in its agent profile in ${def.source.file}` };
  if (inputs.switchboardOff(def.name, def.source.file).has(tool)) {
    return { code: 'DISABLED', message: `switched off for ${label} in Switchboard; switch it on with: switchboard budget on ${def.name} ${tool} --host ${inputs.host}` };
  }
  if (inputs.bridgeOff(def.name).has(tool)) {
    return { code: 'DISABLED', message: `switched off in Switchboard for every face; switch it on with: switchboard budget on ${def.name} ${tool}` };
  }
  if (inputs.heldByPin(def.name).has(tool)) {
    return { code: 'DISABLED', message: `held by a pin in block mode (it changed since it was pinned); see: switchboard pins ${def.name}` };
  }
  const readOnly = readOnlyHeld({ readOnly: inputs.readOnly === true }, inputs.host, raw.annotations as Record<string, unknown> | undefined);
  if (readOnly) return { code: 'DISABLED', message: readOnly };
  return undefined;
}

/** Server → separate instance name, for the host's servers a separate instance serves. */
function instancesOf(inputs: GatewayInputs, defs: readonly ServerDefinition[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const d of defs) {
    const i = inputs.instance?.(d);
    if (i !== undefined) out.set(d.name, i);
  }
  return out;
}

/** The name the host shows for row `i` (named `name` at this door): under the aggregated entry, or (`entryPerServer`) under its server's own entry. */
function shownNames(inputs: GatewayInputs, rows: readonly { def: ServerDefinition; tool: Tool }[], names: readonly string[]): (i: number, name: string) => string {
  if (!inputs.entryPerServer || inputs.server !== undefined) return (_i, name) => hostShownName(inputs.host, name);
  // Each server's single-server door names its tools on its own (gatewayNames with `single`).
  const single = new Map<string, string[]>();
  for (const server of new Set(rows.map((r) => r.def.name))) {
    const mine = rows.filter((r) => r.def.name === server);
    single.set(server, gatewayNames(inputs.host, mine.map((r) => ({ server, tool: r.tool.name })), true).names);
  }
  const seen = new Map<string, number>();
  const at = rows.map((r) => {
    const k = seen.get(r.def.name) ?? 0;
    seen.set(r.def.name, k + 1);
    return single.get(r.def.name)?.[k];
  });
  return (i, name) => hostShownName(inputs.host, at[i] ?? names[i] ?? name, rows[i]?.def.name);
}

/** The host's list for the project, and the gate that answers for every name. */
export function buildGatewayList(inputs: GatewayInputs): { list: GatewayList; gate: GatewayGate } {
  const defs = inputs.view.entries
    // The host's entry for this very door is not one of its servers (issue 30: it would list itself).
    .filter((e) => e.loaded && !e.overriddenBy && !isSwitchboardGatewayEntry(e.definition) && (inputs.server === undefined || e.definition.name === inputs.server))
    .map((e) => e.definition)
    .sort((a, b) => byCodeUnits(a.name, b.name));
  const states = new Map(defs.map((d) => [d.name, serverState(inputs, d)]));
  const rows: { def: ServerDefinition; tool: Tool }[] = [];
  for (const def of defs) {
    if (states.get(def.name)?.state !== 'listed') continue;
    const tools = [...inputs.listed(inputs.instance?.(def) ?? def.name)].sort((a, b) => byCodeUnits(a.name, b.name));
    for (const tool of tools) rows.push({ def, tool });
  }
  const naming = gatewayNames(inputs.host, rows.map((r) => ({ server: r.def.name, tool: r.tool.name })), inputs.server !== undefined);
  const shownOf = shownNames(inputs, rows, naming.names);
  const served = new Map<string, { server: string; tool: string }>();
  const held = new Map<string, GatewayRefusal & { server: string; tool: string }>();
  const tools: GatewayTool[] = [];
  const counts = new Map<string, number>();
  rows.forEach(({ def, tool }, i) => {
    const name = naming.names[i] ?? hostSafe(tool.name);
    const refusal = toolHeld(inputs, def, tool);
    if (refusal) {
      held.set(name, { ...refusal, server: def.name, tool: tool.name });
      return;
    }
    served.set(name, { server: def.name, tool: tool.name });
    counts.set(def.name, (counts.get(def.name) ?? 0) + 1);
    tools.push({
      name,
      server: def.name,
      tool: tool.name,
      ...(tool.title !== undefined ? { title: tool.title } : {}),
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      inputSchema: tool.inputSchema as Record<string, unknown>,
      ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema as Record<string, unknown> } : {}),
      ...(tool.annotations !== undefined ? { annotations: tool.annotations as Record<string, unknown> } : {}),
      shown: shownOf(i, name),
    });
  });
  const servers: GatewayServer[] = defs.map((def) => {
    const st = states.get(def.name);
    return { server: def.name, state: st?.state ?? 'not-ready', ...(st?.reason ? { reason: st.reason } : {}), tools: counts.get(def.name) ?? 0 };
  });
  const unlisted = defs.flatMap((def) => {
    const st = states.get(def.name);
    return st?.reason && st.code ? [{ part: hostSafe(def.name), server: def.name, refusal: { code: st.code, message: `server "${def.name}": ${st.reason}` } }] : [];
  });
  const mine = new Set(inputs.view.entries.filter((e) => e.loaded && !e.overriddenBy).map((e) => e.definition.name));
  const foreign = inputs.managed.filter((s) => !mine.has(s)).map((server) => ({ part: hostSafe(server), server }));
  return {
    list: { host: inputs.host, project: inputs.project, ...(inputs.server !== undefined ? { server: inputs.server } : {}), tools, servers, collisions: naming.collisions },
    gate: { served, held, unlisted, foreign, instances: instancesOf(inputs, defs) },
  };
}

/** A name folded for the "differs only in case or Unicode form" check (never used to match). */
const folded = (name: string): string => name.normalize('NFKC').toLowerCase();

/**
 * The gate of `gateway:call` (issue 30 item 4): the served tool `name` stands for, or why it is
 * refused — held back (off, pin), its server not listed (not ready, untrusted, changed, disabled),
 * a server outside the host's own, a name that differs from one given out only in case or Unicode
 * form (never matched to it), or unknown. `single`: the single-server door (names carry no server part).
 * `noun`: what the name is of (prompts pass the same gate with their own words).
 */
export function gatewayLookup(gate: GatewayGate, host: HostId, name: string, single: boolean, noun: 'tool' | 'prompt' = 'tool'): { server: string; tool: string } | GatewayRefusal {
  const label = HOST_LABELS[host];
  const Noun = noun === 'tool' ? 'Tool' : 'Prompt';
  const hit = gate.served.get(name);
  if (hit) return hit;
  const off = gate.held.get(name);
  if (off) return { code: off.code, message: `${Noun} "${name}" is ${off.message}` };
  const f = folded(name);
  const near = [...gate.served.keys(), ...gate.held.keys()].find((n) => folded(n) === f);
  if (near !== undefined) return { code: 'NOT_FOUND', message: `Unknown ${noun} "${name}" for ${label}: it differs only in case or Unicode form from "${near}", and names are matched exactly` };
  const starts = (part: string): boolean => single || name.startsWith(`${part}_`);
  const down = gate.unlisted.find((u) => starts(u.part));
  if (down) return { code: down.refusal.code, message: `${Noun} "${name}": ${down.refusal.message}` };
  const other = single ? undefined : gate.foreign.find((g) => starts(g.part));
  if (other) return { code: 'NOT_FOUND', message: `${Noun} "${name}": server "${other.server}" is not in ${label}'s servers` };
  return { code: 'NOT_FOUND', message: `Unknown ${noun} "${name}" for ${label}: no ${noun} of that name in its list through Switchboard's gateway` };
}
