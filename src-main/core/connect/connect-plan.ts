/**
 * What `connect <host>` would write (issue 31 item 1, docs/gateway.md § Connecting a host): which of
 * the host's files change, which entries become gateway entries, and the new text of each file.
 * Pure but for reading the host's files; `connect-host.ts` applies the plan.
 *
 * - `each` (default): every server entry of the host is replaced, in place, by a gateway entry of
 *   the same name fronting that one server (`switchboard gateway --host <id> --server <name>`), so the
 *   host's tool names and permission rules (`mcp__github__*`) keep working.
 * - `one`: the host's entries are removed and one `switchboard` entry serves them all.
 * - A project file (shared with others through the repository) is not rewritten unless
 *   `inProjectFile`: Claude Code's project servers are fronted by same-name entries in its local
 *   scope (`~/.claude.json` `projects[<dir>].mcpServers`, which wins over `.mcp.json`); another
 *   host's project file is left alone, with a note.
 */
import { getNodeValue } from 'jsonc-parser';
import type { GatewayLaunch } from '../../../src-shared/api/gateway-doors.js';
import { HOST_LABELS, type HostId, type MCPServer, type ServerDefinition } from '../../../src-shared/config/server.js';
import { FILE_NOT_READ_CODES } from '../../../src-shared/config/warning-codes.js';
import { CoreError } from '../facade/errors.js';
import { containerPath } from '../config/config-writer.js';
import type { ConnectedEntry } from '../config/connected-hosts.js';
import { isGatewayValue, listLength, locateEntry } from '../config/connected-view.js';
import { editorFor } from '../config/format-editors.js';
import { isSwitchboardGatewayEntry } from '../config/gateway-entry.js';
import { HOST_SHAPES } from '../config/host-shapes.js';
import type { DiscoveryContext, DiscoveryResult, EntryLocation } from '../config/types.js';
import { parseAnyText, type ConfigFormat } from '../files/structured-document.js';
import { gatewayDoors } from '../gateway/gateway-doors.js';

/** The name of the one aggregated entry of `one` mode. */
export const ONE_ENTRY_NAME = 'switchboard';

/** Options of a connect. */
export interface ConnectChoice {
  host: HostId;
  mode: 'each' | 'one';
  inProjectFile: boolean;
  /** How the gateway entry runs: stdio (node + the CLI, or `switchboard` when unknown) or an HTTP door entry. */
  door: { kind: 'stdio'; launch: GatewayLaunch | undefined } | { kind: 'http'; url: (server?: string) => string; authorization: string };
}

/** One file's part of a plan. */
export interface FilePlan {
  loc: EntryLocation;
  format: ConfigFormat;
  entries: ConnectedEntry[];
  /** Each moved entry with its own location (one file may hold several scopes: Claude Code's user and local). */
  moved: { name: string; loc: EntryLocation }[];
  /** The new text for a text as read (BOM-less); the gateway entries it writes come back in `gateway`. */
  edit(text: string): { text: string; gateway: { name: string; container: string[] }[] };
}

/** A plan: files to write, and notes (project files left alone, an entry that needs `switchboard` on PATH). */
export interface ConnectPlan {
  files: FilePlan[];
  notes: string[];
}

/** The host's gateway entry (canonical) for `server` (undefined: the aggregated one). */
function gatewayServer(choice: ConnectChoice, name: string, server: string | undefined): MCPServer {
  if (choice.door.kind === 'http') {
    return { name, transport: 'http', url: choice.door.url(server), headers: { Authorization: choice.door.authorization }, enabled: true };
  }
  const doors = gatewayDoors(choice.host, server, choice.door.launch, undefined);
  const launch = doors.stdioAbsolute ?? doors.stdio;
  return { name, transport: 'stdio', command: launch.command, args: launch.args, enabled: true };
}

/** The host entry (in its own shape) for a gateway server, with `name` inside for list files. */
function hostEntry(host: HostId, file: string, server: MCPServer): Record<string, unknown> {
  const shape = HOST_SHAPES[host];
  const { entry } = shape.toHost(server);
  return shape.list(file) ? { name: server.name, ...entry } : entry;
}

/** Refuse when one of the host's files could not be read (nothing is written): `<file>:<line>: <message>`. */
function assertReadable(result: DiscoveryResult, host: HostId): void {
  const mine = new Set(result.files.filter((f) => f.host === host).map((f) => f.path));
  const bad = result.warnings.find((w) => mine.has(w.file) && (FILE_NOT_READ_CODES.has(w.code) || w.code === 'root-not-object' || w.code === 'collection-wrong-type'));
  if (bad) {
    const at = bad.line !== undefined ? `${bad.file}:${bad.line}` : bad.file;
    throw new CoreError('INVALID_CONFIG', `${HOST_LABELS[host]}'s file cannot be read, so nothing was written: ${at}: ${bad.message}`);
  }
}

/** String path (containers never hold list indexes). */
const strings = (path: (string | number)[]): string[] => path.map(String);

/** The current text's container of `loc` (Claude Code local: the project's key as the file spells it). */
function containerOf(text: string, loc: EntryLocation, format: ConfigFormat, ctx: DiscoveryContext): string[] {
  const doc = text.trim() === '' ? undefined : parseAnyText(loc.file, text, format);
  return strings(containerPath(doc, loc, ctx));
}

/**
 * Plan the connect of `choice.host` from a discovery `result` of `ctx`. Throws BAD_REQUEST (no server
 * to connect), INVALID_CONFIG (a host file that cannot be read: file and line).
 */
export function planConnect(result: DiscoveryResult, ctx: DiscoveryContext, choice: ConnectChoice, texts: ReadonlyMap<string, string>): ConnectPlan {
  const { host } = choice;
  const label = HOST_LABELS[host];
  assertReadable(result, host);
  const defs = (result.definitions ?? result.servers).filter((d) => d.source.host === host && !isSwitchboardGatewayEntry(d));
  const notes: string[] = [];
  const groups = new Map<string, { loc: EntryLocation; items: { def: ServerDefinition; moved: boolean; loc: EntryLocation }[] }>();
  const add = (target: EntryLocation, def: ServerDefinition, moved: boolean): void => {
    const group = groups.get(target.file) ?? { loc: target, items: [] };
    groups.set(target.file, group);
    group.items.push({ def, moved, loc: target });
  };
  const leftAlone = new Map<string, string[]>();
  for (const def of defs) {
    const loc: EntryLocation = { host, file: def.source.file, scope: def.source.scope };
    if (loc.scope !== 'project' || choice.inProjectFile) add(loc, def, true);
    else {
      const userFile = result.files.find((f) => f.host === host && f.scope === 'user')?.path;
      if (host === 'claude-code' && userFile !== undefined && choice.mode === 'each') add({ host, file: userFile, scope: 'local' }, def, false);
      else leftAlone.set(loc.file, [...(leftAlone.get(loc.file) ?? []), def.name]);
    }
  }
  for (const [file, names] of leftAlone) {
    notes.push(`${file} is a project file others may share: left alone (connect --in-project-file rewrites it); ${label} still runs ${names.map((n) => `"${n}"`).join(', ')} itself`);
  }
  if (groups.size === 0) {
    throw new CoreError('BAD_REQUEST', `${label} has no server to connect: its files for ${ctx.projectDir} hold none${leftAlone.size > 0 ? ' outside project files (use --in-project-file)' : ''} (see: switchboard servers --host ${host})`);
  }
  if (choice.door.kind === 'stdio' && !choice.door.launch) notes.push(`The entries run "switchboard" by name: it must be on ${label}'s PATH (npm link, or a global install)`);
  const files: FilePlan[] = [];
  for (const { loc, items } of groups.values()) {
    const format = HOST_SHAPES[host].format(loc.file);
    const text = texts.get(loc.file) ?? '';
    // A name both fronted (project) and replaced (local) is the local one's: Claude Code reads local first.
    const movedNames = new Set(items.filter((i) => i.moved).map((i) => `${i.loc.scope}\0${i.def.name}`));
    const kept = items.filter((i) => i.moved || !movedNames.has(`local\0${i.def.name}`));
    const entries = kept.map((i) => ({ name: i.def.name, container: containerOf(text, i.loc, format, ctx), moved: i.moved }));
    const moved = kept.filter((i) => i.moved).map((i) => ({ name: i.def.name, loc: i.loc }));
    files.push({ loc, format, entries, moved, edit: (current) => editFile(current, loc.file, format, choice, entries) });
  }
  return { files, notes };
}

/** The edit of one file (see the module comment). Throws BAD_REQUEST when an entry to replace is not there any more. */
function editFile(text: string, file: string, format: ConfigFormat, choice: ConnectChoice, entries: ConnectedEntry[]): { text: string; gateway: { name: string; container: string[] }[] } {
  const editor = editorFor(format);
  const list = HOST_SHAPES[choice.host].list(file);
  let out = text;
  const gateway: { name: string; container: string[] }[] = [];
  const missing = (name: string): CoreError => new CoreError('CONFLICT', `Server "${name}" is no longer in ${file}; nothing was written (try again)`);
  if (choice.mode === 'each') {
    for (const e of entries) {
      const entry = hostEntry(choice.host, file, gatewayServer(choice, e.name, e.name));
      gateway.push({ name: e.name, container: e.container });
      if (!e.moved) {
        out = editor.addEntry(out, e.container, e.name, entry);
        continue;
      }
      const found = locateEntry(out, file, format, e.container, e.name);
      if (!found) throw missing(e.name);
      const old = getNodeValue(found.node) as Record<string, unknown>;
      for (const key of Object.keys(old)) if (!(key in entry)) out = editor.setKey(out, found.path, key, undefined);
      for (const [key, value] of Object.entries(entry)) if (!(list && key === 'name')) out = editor.setKey(out, found.path, key, value);
    }
    return { text: out, gateway };
  }
  const containers = [...new Map(entries.map((e) => [e.container.join('\0'), e.container])).values()];
  // The aggregated entry goes in first: a list emptied of its last entry is no list to add to (YAML).
  for (const container of containers) {
    const there = locateEntry(out, file, format, container, ONE_ENTRY_NAME);
    if (there && !isGatewayValue(getNodeValue(there.node))) throw new CoreError('BAD_REQUEST', `${file} already has a server named "${ONE_ENTRY_NAME}" that is not Switchboard's gateway; rename it first (or connect --each)`);
    if (there) continue;
    const length = list ? (listLength(out, file, format, container) ?? 0) : undefined;
    out = editor.addEntry(out, container, length ?? ONE_ENTRY_NAME, hostEntry(choice.host, file, gatewayServer(choice, ONE_ENTRY_NAME, undefined)));
    gateway.push({ name: ONE_ENTRY_NAME, container });
  }
  for (const e of entries) {
    const found = locateEntry(out, file, format, e.container, e.name);
    if (!found) throw missing(e.name);
    out = editor.removeEntry(out, found.path);
  }
  return { text: out, gateway };
}
