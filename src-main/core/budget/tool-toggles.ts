/**
 * Per-tool on/off (docs/context-budget.md § Per-tool toggles): written to the host's own allow/deny
 * list through the config writer (only the changed keys, comments and order kept, a backup first),
 * Zed's agent profile `tools` map, or — for hosts whose file has no per-tool list — kept in
 * Switchboard's state.json, where its bridge and library leave the tool out (the manager's
 * `heldTools`).
 */
import { getNodeValue } from 'jsonc-parser';
import { HOST_LABELS, type HostId, type ServerDefinition } from '../../../src-shared/config/server.js';
import type { ToggleTarget } from '../../../src-shared/api/budget.js';
import { editConfigFile } from '../config/config-file-edit.js';
import { rawEntry, updateServerInFile, type EntryLocation } from '../config/config-writer.js';
import { nodeAt, type ConfigDocument } from '../files/jsonc-document.js';
import { readConfigText } from '../files/read-config-text.js';
import { parseAnyText } from '../files/structured-document.js';
import type { DiscoveryContext } from '../config/types.js';
import { StateStore } from '../data/state-store.js';

/** The per-tool list keys of a host's file (docs/host-formats.md, "disabledTools / tool filter" row). */
export interface ToolListKeys {
  /** The allow-list key, when the host has one (it wins over the deny list, except Gemini's). */
  allow?: string;
  deny: string;
}

/** Hosts whose server entry has a per-tool list, with its keys as the host spells them. */
export const TOOL_LIST_KEYS: Partial<Record<HostId, ToolListKeys>> = {
  switchboard: { allow: 'enabledTools', deny: 'disabledTools' },
  chatcli: { allow: 'enabledTools', deny: 'disabledTools' },
  codex: { allow: 'enabled_tools', deny: 'disabled_tools' },
  gemini: { allow: 'includeTools', deny: 'excludeTools' },
  windsurf: { deny: 'disabledTools' },
  roo: { deny: 'disabledTools' },
};

/** The keys text of a file target: `enabled_tools / disabled_tools`, Zed's profile path. */
export function toggleKeysText(host: HostId): string | undefined {
  if (host === 'zed') return 'agent.profiles.<profile>.context_servers.<server>.tools';
  const k = TOOL_LIST_KEYS[host];
  return k ? [k.allow, k.deny].filter(Boolean).join(' / ') : undefined;
}

/**
 * Where a per-tool toggle of `def` goes from the bridge view: its host's per-tool list in its file,
 * or undefined (Switchboard only) — Zed's switches live in its agent profile, which the bridge does
 * not read, so from the bridge a Zed server's tool is switched in Switchboard only (Zed's own view
 * writes the profile).
 */
export function fileToggleTarget(def: ServerDefinition): ToggleTarget | undefined {
  if (!TOOL_LIST_KEYS[def.source.host]) return undefined;
  return { kind: 'file', host: def.source.host, file: def.source.file, keys: toggleKeysText(def.source.host)! };
}

/** A canonical entry's tool lists. */
export interface ToolLists {
  enabledTools?: string[];
  disabledTools?: string[];
}

/**
 * The lists after switching `tool` on or off. Off: out of an allow-list where there is one (it
 * wins), else into the deny list. On: out of the deny list (the key goes when empty), and into an
 * allow-list that exists. Pure; `undefined` lists stay absent.
 */
export function nextToolLists(cur: ToolLists, tool: string, on: boolean, hasAllow: boolean): ToolLists {
  const allow = hasAllow ? cur.enabledTools : undefined;
  let enabledTools = cur.enabledTools;
  let disabledTools = cur.disabledTools;
  if (on) {
    if (disabledTools?.includes(tool)) {
      const rest = disabledTools.filter((t) => t !== tool);
      disabledTools = rest.length > 0 ? rest : undefined;
    }
    if (allow && !allow.includes(tool)) enabledTools = [...allow, tool];
  } else if (allow) {
    if (allow.includes(tool)) enabledTools = allow.filter((t) => t !== tool);
  } else if (!disabledTools?.includes(tool)) disabledTools = [...(disabledTools ?? []), tool];
  return { ...(enabledTools ? { enabledTools } : {}), ...(disabledTools ? { disabledTools } : {}) };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Switch `tool` of `name` on or off in its host's own list in `loc.file` (a host of
 * `TOOL_LIST_KEYS`). Only the list keys change; `unchanged` when the file already says so.
 * Throws NOT_FOUND / INVALID_CONFIG like the writer.
 */
export async function setToolInHostList(loc: EntryLocation, name: string, tool: string | readonly string[], on: boolean, ctx: DiscoveryContext): Promise<{ unchanged: boolean; notes: string[] }> {
  const keys = TOOL_LIST_KEYS[loc.host];
  if (!keys) throw new Error(`${loc.host} has no per-tool list`);
  const { server } = rawEntry(await readConfigText(loc.file), loc, name, ctx);
  const cur: ToolLists = { enabledTools: server.enabledTools, disabledTools: server.disabledTools };
  // Several tools (a whole server's "all off / all on", issue 32): one write for all of them.
  const next = (typeof tool === 'string' ? [tool] : tool).reduce((lists, t) => nextToolLists(lists, t, on, keys.allow !== undefined), cur);
  const patch: Record<string, string[] | null> = {};
  if (!same(cur.enabledTools, next.enabledTools)) patch.enabledTools = next.enabledTools ?? null;
  if (!same(cur.disabledTools, next.disabledTools)) patch.disabledTools = next.disabledTools ?? null;
  if (Object.keys(patch).length === 0) return { unchanged: true, notes: [] };
  const out = await updateServerInFile(loc, name, patch, ctx);
  return { unchanged: false, notes: out.notes };
}

/** Zed: the profile the agent uses (`agent.default_profile`, else Zed's default `write`). */
function zedProfile(doc: ConfigDocument | undefined): string {
  const node = doc ? nodeAt(doc, ['agent', 'default_profile']) : undefined;
  const v = node ? getNodeValue(node) : undefined;
  return typeof v === 'string' && v !== '' ? v : 'write';
}

/**
 * Zed's agent profile switches for `server`'s tools: the profile, its `tools` map for the server
 * (`true`/`false` per tool) and whether tools not named are on (`enable_all_context_servers`,
 * default true). Reads `file` (JSONC); an unreadable file reads as no switches.
 */
export function zedToolSwitches(text: string, file: string, server: string): { profile: string; tools: Record<string, boolean>; othersOn: boolean } {
  let doc: ConfigDocument | undefined;
  try {
    doc = parseAnyText(file, text, 'json');
  } catch {
    doc = undefined;
  }
  const profile = zedProfile(doc);
  const base = ['agent', 'profiles', profile];
  const all = doc ? nodeAt(doc, [...base, 'enable_all_context_servers']) : undefined;
  const map = doc ? nodeAt(doc, [...base, 'context_servers', server, 'tools']) : undefined;
  const value = map ? (getNodeValue(map) as unknown) : undefined;
  const tools: Record<string, boolean> = {};
  if (value && typeof value === 'object' && !Array.isArray(value)) for (const [k, v] of Object.entries(value)) if (typeof v === 'boolean') tools[k] = v;
  return { profile, tools, othersOn: !all || getNodeValue(all) !== false };
}

/**
 * Zed: set `agent.profiles.<profile>.context_servers.<server>.tools.<tool>` to `on` in `file`
 * (missing objects are created; Zed merges a user profile over its built-in one of that name).
 */
export async function setZedTool(file: string, server: string, tool: string, on: boolean, ctx: DiscoveryContext): Promise<{ unchanged: boolean; notes: string[] }> {
  return editConfigFile<{ unchanged: boolean; notes: string[] }>(file, 'json', ctx, (text, editor) => {
    const sw = zedToolSwitches(text, file, server);
    const isOn = sw.tools[tool] ?? sw.othersOn;
    if (isOn === on) return { text, result: { unchanged: true, notes: [] } };
    const next = editor.setKey(text, ['agent', 'profiles', sw.profile, 'context_servers', server, 'tools'], tool, on);
    return { text: next, result: { unchanged: false, notes: [`written to Zed's agent profile "${sw.profile}"`] } };
  });
}

/** state.json key of tools switched off in Switchboard only: `[{server, file, tool}]`. */
export const SWITCHBOARD_TOOLS_OFF_KEY = 'switchboardToolsOff';
interface ToolOff {
  server: string;
  file: string;
  tool: string;
  /** Off for this host's gateway door only (issue 30, docs/gateway.md); absent: off for Switchboard's bridge and library. */
  host?: HostId;
}

/**
 * Tools switched off in Switchboard only (hosts whose file has no per-tool list), per server
 * definition (server name + the file it lives in). Read once, then kept in memory and written on
 * change (state.json, shared with the data folder's other processes at write time).
 */
export class SwitchboardToolToggles {
  private readonly store: StateStore;
  private off: ToolOff[];

  constructor(dataDir: string) {
    this.store = new StateStore(dataDir);
    this.off = this.read();
  }

  private read(): ToolOff[] {
    const v = this.store.get<unknown>(SWITCHBOARD_TOOLS_OFF_KEY);
    return Array.isArray(v)
      ? v.filter((x): x is ToolOff => !!x && typeof x.server === 'string' && typeof x.file === 'string' && typeof x.tool === 'string' && (x.host === undefined || typeof x.host === 'string'))
      : [];
  }

  /**
   * Tools of `server` (defined in `file`) off in Switchboard only: for Switchboard's bridge and
   * library (`host` absent), or for `host`'s gateway door (issue 30; the bridge's own are not included).
   */
  held(server: string, file: string | undefined, host?: HostId): Set<string> {
    return new Set(this.off.filter((o) => o.server === server && o.file === file && o.host === host).map((o) => o.tool));
  }

  /** Switch `tool` on or off, for the bridge (`host` absent) or for `host`'s gateway door; `unchanged` when it already was. */
  async set(server: string, file: string, tool: string, on: boolean, host?: HostId): Promise<{ unchanged: boolean }> {
    const was = this.held(server, file, host).has(tool);
    if (was === !on) return { unchanged: true };
    const match = (o: ToolOff): boolean => o.server === server && o.file === file && o.tool === tool && o.host === host;
    const next = await this.store.update<ToolOff[]>(SWITCHBOARD_TOOLS_OFF_KEY, (cur) => {
      const kept = (Array.isArray(cur) ? cur : []).filter((o) => !match(o));
      const out = on ? kept : [...kept, { server, file, tool, ...(host ? { host } : {}) }];
      return out.length > 0 ? out : undefined;
    });
    this.off = next ?? [];
    return { unchanged: false };
  }

  /** Switch each of `tools` on or off in one write (a whole server, issue 32); `changed`: how many were not already so. */
  async setMany(server: string, file: string, tools: readonly string[], on: boolean, host?: HostId): Promise<{ changed: number }> {
    const held = this.held(server, file, host);
    const changing = new Set(tools.filter((t) => held.has(t) === on));
    if (changing.size === 0) return { changed: 0 };
    const match = (o: ToolOff): boolean => o.server === server && o.file === file && o.host === host && changing.has(o.tool);
    const next = await this.store.update<ToolOff[]>(SWITCHBOARD_TOOLS_OFF_KEY, (cur) => {
      const kept = (Array.isArray(cur) ? cur : []).filter((o) => !match(o));
      const out = on ? kept : [...kept, ...[...changing].map((tool) => ({ server, file, tool, ...(host ? { host } : {}) }))];
      return out.length > 0 ? out : undefined;
    });
    this.off = next ?? [];
    return { changed: changing.size };
  }

  /** Re-read state.json (another process may have written it). */
  reload(): void {
    this.off = this.read();
  }

  /** Every toggle as one text: equal texts, same toggles (the gateway's build cache compares them). */
  text(): string {
    return JSON.stringify(this.off);
  }
}

/** The note of a toggle kept in Switchboard for `host`'s gateway door (a host whose file has no per-tool list), switching off or (`on`) back on. */
export function gatewayOnlyNote(host: HostId, on = false): string {
  const label = HOST_LABELS[host];
  if (on) return `${label}'s file has no per-tool list: switched back on in Switchboard for ${label} (its gateway door, switchboard gateway --host ${host}, lists the tool again)`;
  return `${label}'s file has no per-tool list: kept in Switchboard for ${label} (its gateway door, switchboard gateway --host ${host}, leaves the tool out; ${label} itself still sends it from servers it starts on its own)`;
}

/**
 * The note of a Switchboard-only toggle (the bridge's) of a server from `host`'s file. `connected`:
 * that file is one `switchboard connect` rewrote (issue 31) — the host then reaches the server only
 * through a gateway door, and every door leaves a tool the bridge switched off out (gateway-view.ts
 * `toolHeld`), so the host does not send it either.
 */
export function switchboardOnlyNote(host: HostId, connected = false): string {
  const label = HOST_LABELS[host];
  if (connected) return `${label}'s file holds gateway entries (switchboard connect ${host}): kept in Switchboard only (its bridge, library and gateway doors leave the tool out, so ${label} does not get it either)`;
  return `${label}'s file has no per-tool list: kept in Switchboard only (its bridge and library leave the tool out; ${label} itself still sends it)`;
}
