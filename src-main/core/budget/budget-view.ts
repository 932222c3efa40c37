/**
 * The context budget's views (docs/context-budget.md): for Switchboard's bridge and for each host,
 * the servers its agent loads, their tools under the names that agent sees, each tool's token cost
 * and whether it is on — biggest first — with totals that count only tools that are on. Tools come
 * from the server Switchboard runs under each name (a host's own definition of that name is assumed
 * to list the same tools). Pure apart from the counter's memo.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { Budget, BudgetHostId, BudgetHostSummary, BudgetServer, BudgetTool, ToggleTarget } from '../../../src-shared/api/budget.js';
import { HOST_LABELS, type HostId, type ServerDefinition } from '../../../src-shared/config/server.js';
import { NAME_SCHEMES, namesUnderScheme, type NameSchemeId } from '../../../src-shared/config/host-tool-names.js';
import type { HostView } from '../config/host-view.js';
import type { DiscoveryResult } from '../config/types.js';
import { buildToolInfos, isToolExposed } from '../mcp/tools/tool-bridge.js';
import { declaredVisibility, modelVisible } from '../../../src-shared/api/tool-visibility.js';
import type { ToolCostCounter } from './tool-cost.js';
import { skillCost, type SkillSummaryText } from './skill-cost.js';
import { TOKENIZER_INFO } from './tokenizer.js';
import { budgetWarnings } from './budget-limits.js';
import { gatewayLink } from './gateway-link.js';
import { fileToggleTarget, gatewayOnlyNote, switchboardOnlyNote, TOOL_LIST_KEYS, toggleKeysText } from './tool-toggles.js';

/** What the views are made from. */
export interface BudgetInputs {
  discovery: DiscoveryResult;
  /** Every host's own view (`allHostViews`). */
  hostViews: readonly HostView[];
  /** The tools the server Switchboard runs under `server` listed, or undefined when it is not connected. */
  listed(server: string): Tool[] | undefined;
  /** Tools held back by tool pins' block mode (issue 16 item 2). */
  heldByPin(server: string): ReadonlySet<string>;
  /** Tools off in Switchboard only, for the definition in `file`: for the bridge (`host` absent), or for `host`'s gateway door (issue 30). */
  switchboardOff(server: string, file: string, host?: HostId): ReadonlySet<string>;
  /** Zed's agent profile switches of `server` in `file`. */
  zedSwitches(file: string, server: string): { tools: Record<string, boolean>; othersOn: boolean };
  counter: ToolCostCounter;
  /**
   * Whether `switchboard connect` put `host` behind the gateway (issue 31 item 1; its file then reads
   * as before the connect), or — with `file` — wrote that file of it: switches of a connected file
   * are kept in Switchboard (the file holds gateway entries). Default: never.
   */
  connected?(host: HostId, file?: string): boolean;
  /**
   * Issue 35 item 3: the skills `server` lists (`skills/list`: name and description), or undefined
   * when it offers none or is not connected. Default: none. Their tokens count in the server's and
   * the view's `tokens` (skill-cost.ts).
   */
  skills?(server: string): readonly SkillSummaryText[] | undefined;
}

const BRIDGE_LABEL = "Switchboard's bridge";

/** The servers a host's agent loads: loaded by the host, not overridden, not disabled. */
function hostDefinitions(view: HostView): ServerDefinition[] {
  return view.entries.filter((e) => e.loaded && !e.overriddenBy && e.definition.enabled !== false).map((e) => e.definition);
}

interface Row {
  server: string;
  tool: Tool;
  name: string;
  description?: string;
  inputSchema: unknown;
  on: boolean;
  offBy?: BudgetTool['offBy'];
}

/** Whether a tool is on under a host's own list semantics (Gemini: exclude wins; others: the allow-list wins; a host without a per-tool list: on). The gateway applies it too (docs/gateway.md). */
export function onByHostList(host: HostId, def: ServerDefinition, tool: string): boolean {
  if (host === 'gemini') return (!def.enabledTools || def.enabledTools.includes(tool)) && !(def.disabledTools ?? []).includes(tool);
  const keys = TOOL_LIST_KEYS[host];
  if (!keys) return true;
  return isToolExposed(tool, { enabledTools: keys.allow ? def.enabledTools : undefined, disabledTools: def.disabledTools });
}

function assemble(inputs: BudgetInputs, host: BudgetHostId, label: string, naming: string, defs: { def: ServerDefinition; toggle: ToggleTarget }[], rows: Row[]): Omit<Budget, 'hosts' | 'tokenizer'> {
  const tools: BudgetTool[] = rows.map((r) => ({
    server: r.server,
    tool: r.tool.name,
    name: r.name,
    tokens: inputs.counter.costOf({ name: r.name, description: r.description, inputSchema: r.inputSchema, outputSchema: r.tool.outputSchema }),
    on: r.on,
    ...(r.offBy ? { offBy: r.offBy } : {}),
  }));
  tools.sort((a, b) => b.tokens.total - a.tokens.total || a.server.localeCompare(b.server) || a.tool.localeCompare(b.tool));
  const servers: BudgetServer[] = defs.map(({ def, toggle }) => {
    const mine = tools.filter((t) => t.server === def.name);
    const on = mine.filter((t) => t.on);
    const listedSkills = inputs.skills?.(def.name);
    const skills = listedSkills ? skillCost(inputs.counter, listedSkills) : undefined;
    return {
      server: def.name,
      listed: inputs.listed(def.name) !== undefined,
      tools: mine.length,
      onTools: on.length,
      tokens: on.reduce((n, t) => n + t.tokens.total, 0) + (skills?.tokens ?? 0),
      offTokens: mine.filter((t) => !t.on).reduce((n, t) => n + t.tokens.total, 0),
      ...(skills ? { skills: skills.skills, skillTokens: skills.tokens } : {}),
      toggle,
    };
  });
  servers.sort((a, b) => b.tokens - a.tokens || a.server.localeCompare(b.server));
  const onTools = tools.filter((t) => t.on);
  const skillTokens = servers.reduce((n, s) => n + (s.skillTokens ?? 0), 0);
  const totals = {
    tools: onTools.length,
    tokens: onTools.reduce((n, t) => n + t.tokens.total, 0) + skillTokens,
    offTools: tools.length - onTools.length,
    offTokens: tools.filter((t) => !t.on).reduce((n, t) => n + t.tokens.total, 0),
    skills: servers.reduce((n, s) => n + (s.skills ?? 0), 0),
    skillTokens,
  };
  return { host, label, naming, totals, servers, tools, warnings: budgetWarnings(host, label, totals) };
}

/** Switchboard's bridge: every server it runs, named and described as docs/tool-bridge.md says, with every filter applied. */
function bridgeView(inputs: BudgetInputs): Omit<Budget, 'hosts' | 'tokenizer'> {
  const defs = inputs.discovery.servers.filter((d) => d.enabled !== false);
  const connected = defs.filter((d) => inputs.listed(d.name) !== undefined);
  const infos = buildToolInfos(connected.map((d) => ({ server: d.name, tools: inputs.listed(d.name)! })));
  const byKey = new Map(infos.map((i) => [`${i.server}\0${i.name}`, i]));
  const rows: Row[] = [];
  for (const def of connected) {
    const pin = inputs.heldByPin(def.name);
    const sb = inputs.switchboardOff(def.name, def.source.file);
    for (const tool of inputs.listed(def.name)!) {
      // MCP Apps app-only tools never reach an agent's context (docs/mcp-apps.md): not counted.
      if (!modelVisible(declaredVisibility(tool))) continue;
      const info = byKey.get(`${def.name}\0${tool.name}`);
      const offBy = !isToolExposed(tool.name, def) ? 'host-list' : sb.has(tool.name) ? 'switchboard' : pin.has(tool.name) ? 'pin' : undefined;
      rows.push({ server: def.name, tool, name: info?.agentName ?? tool.name, description: info?.agentDescription, inputSchema: info?.inputSchema ?? tool.inputSchema, on: !offBy, ...(offBy ? { offBy } : {}) });
    }
  }
  // Issue 31: a file `connect` rewrote holds gateway entries: the handler keeps its switches in Switchboard, so the view says so.
  const targets = defs.map((def) => {
    const connectedFile = inputs.connected?.(def.source.host, def.source.file) ?? false;
    return { def, toggle: (connectedFile ? undefined : fileToggleTarget(def)) ?? { kind: 'switchboard' as const, note: switchboardOnlyNote(def.source.host, connectedFile) } };
  });
  return assemble(inputs, 'bridge', BRIDGE_LABEL, 'mcp_<server>_<tool> (docs/tool-bridge.md), descriptions prefixed [MCP:<server>]', targets, rows);
}

/** One host's own view: the servers its files load, its naming scheme, its own per-tool lists. */
function hostBudgetView(inputs: BudgetInputs, view: HostView): Omit<Budget, 'hosts' | 'tokenizer'> {
  const host = view.host;
  const defs = hostDefinitions(view);
  const scheme = NAME_SCHEMES.find((s) => s.id === host && s.id !== 'switchboard');
  const raw: { def: ServerDefinition; tool: Tool }[] = [];
  // Switchboard's gateway never serves MCP Apps app-only tools (docs/mcp-apps.md): its view does not count them.
  const counted = (tool: Tool) => host !== 'switchboard' || modelVisible(declaredVisibility(tool));
  for (const def of defs) for (const tool of inputs.listed(def.name) ?? []) if (counted(tool)) raw.push({ def, tool });
  const names = scheme
    ? namesUnderScheme(scheme.id as Exclude<NameSchemeId, 'switchboard'>, raw.map((r) => ({ server: r.def.name, name: r.tool.name }))).map((n) => n.name)
    : host === 'switchboard'
      ? buildToolInfos(defs.map((d) => ({ server: d.name, tools: (inputs.listed(d.name) ?? []).filter(counted) }))).map((i) => i.agentName)
      : raw.map((r) => r.tool.name);
  const hostKeys = toggleKeysText(host);
  // Issue 31: a file `connect` rewrote holds gateway entries: its switches are kept in Switchboard, as for a host without a list.
  const keysOf = (def: ServerDefinition) => (hostKeys && !inputs.connected?.(host, def.source.file) ? hostKeys : undefined);
  const rows: Row[] = raw.map(({ def, tool }, i) => {
    let on = true;
    if (host === 'zed') {
      const sw = inputs.zedSwitches(def.source.file, def.name);
      on = sw.tools[tool.name] ?? sw.othersOn;
    } else on = onByHostList(host, def, tool.name);
    // Issue 30: a host without a per-tool list has its toggles kept in Switchboard (its gateway door applies them).
    const sbOff = on && !keysOf(def) && inputs.switchboardOff(def.name, def.source.file, host).has(tool.name);
    const offBy = !on ? ('host-list' as const) : sbOff ? ('switchboard' as const) : undefined;
    return { server: def.name, tool, name: names[i] ?? tool.name, description: tool.description, inputSchema: tool.inputSchema, on: !offBy, ...(offBy ? { offBy } : {}) };
  });
  const targets = defs.map((def) => {
    const keys = keysOf(def);
    return { def, toggle: keys ? { kind: 'file' as const, host, file: def.source.file, keys } : { kind: 'switchboard' as const, note: gatewayOnlyNote(host) } };
  });
  const naming = scheme ? scheme.pattern : host === 'switchboard' ? 'mcp_<server>_<tool> (docs/tool-bridge.md)' : `${HOST_LABELS[host]}'s naming is not documented: counted with the raw tool name`;
  const built = assemble(inputs, host, HOST_LABELS[host], naming, targets, rows);
  // Issue 32: switches kept in Switchboard act through the host's gateway door: say whether it has one.
  return (hostKeys && !inputs.connected?.(host)) || host === 'switchboard' ? built : { ...built, gateway: gatewayLink(host, view.entries.filter((e) => e.loaded && !e.overriddenBy).map((e) => e.definition), inputs.connected?.(host) ?? false) };
}

/**
 * The budget as `budget:get` returns it: every host's totals (the bridge first, then each host
 * that loads a server) and `host`'s servers and tools, biggest first. Throws nothing; a host that
 * loads nothing has an empty view.
 */
export function buildBudget(inputs: BudgetInputs, host: BudgetHostId = 'bridge'): Budget {
  const views = new Map<BudgetHostId, Omit<Budget, 'hosts' | 'tokenizer'>>();
  views.set('bridge', bridgeView(inputs));
  for (const v of inputs.hostViews) if (hostDefinitions(v).length > 0 || v.host === host) views.set(v.host, hostBudgetView(inputs, v));
  const hosts: BudgetHostSummary[] = [...views.values()].map((v) => ({ id: v.host, label: v.label, servers: v.servers.length, tools: v.totals.tools, tokens: v.totals.tokens }));
  const chosen = views.get(host) ?? { host, label: host === 'bridge' ? BRIDGE_LABEL : HOST_LABELS[host], naming: '', totals: { tools: 0, tokens: 0, offTools: 0, offTokens: 0, skills: 0, skillTokens: 0 }, servers: [], tools: [], warnings: [] };
  return { tokenizer: TOKENIZER_INFO, hosts, ...chosen };
}
