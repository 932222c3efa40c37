/**
 * What the command palette offers (issue 37 item 3), built from what the renderer's store already
 * holds — the servers snapshot and every server's tools — and nothing fetched for it: the views of
 * the sidebar, each server (its page, its tabs, the verbs its status allows by the same rule as its
 * buttons, `serverVerbs`; "Sign in" when it waits for one), each tool, and each host's "Connect to
 * the gateway" (its card in the Gateway view). Resources and prompts are fetched by their tabs, not
 * held in the store, so the palette offers each server's Resources and Prompts tab. Pure.
 */
import type { ServerState, ToolInfo } from '../../../src-shared/api/status.js';
import { serverVerbs } from '../../../src-shared/api/server-verbs.js';
import { HOST_LABELS, type HostId } from '../../../src-shared/config/server.js';
import type { PaletteEntry } from './palette-rank.js';

/** The main area's views (app.tsx). */
export type PaletteView = 'servers' | 'notifications' | 'checks' | 'budget' | 'trace' | 'gateway' | 'agents' | 'registry' | 'settings';
/** A server page's tabs the palette opens (server-detail.tsx's tab values). */
export type PaletteTab = 'tools' | 'resources' | 'prompts' | 'history' | 'logs' | 'trace' | 'definition';
/** The running-state verbs (server-controls.tsx's buttons). */
export type PaletteVerb = 'start' | 'stop' | 'restart' | 'test';

/** Where a pick goes, or what it does. */
export type PaletteTarget =
  | { kind: 'view'; view: PaletteView }
  | { kind: 'server'; server: string }
  | { kind: 'tab'; server: string; tab: PaletteTab }
  | { kind: 'tool'; server: string; tool: string }
  | { kind: 'verb'; server: string; verb: PaletteVerb }
  | { kind: 'sign-in'; server: string }
  | { kind: 'gateway'; host: HostId }
  /** Issue 37 item 5: show the first-run welcome again (config/first-run-panel.tsx). */
  | { kind: 'welcome' };

/** One palette row and its target. */
export interface PaletteItem extends PaletteEntry {
  target: PaletteTarget;
}

const VIEWS: [PaletteView, string, string][] = [
  ['servers', 'Servers', 'the selected server'],
  ['agents', 'Agents', 'calls made by agents through the gateway'],
  ['gateway', 'Gateway', 'what each host sees through the gateway'],
  ['trace', 'Trace', 'messages of all servers'],
  ['budget', 'Budget', 'context budget per host'],
  ['checks', 'Checks', 'saved checks'],
  ['notifications', 'Notifications', 'what servers sent'],
  ['registry', 'Registry', 'find and install servers'],
  ['settings', 'Settings', 'identity providers'],
];
const TABS: [PaletteTab, string][] = [
  ['tools', 'Tools'],
  ['resources', 'Resources'],
  ['prompts', 'Prompts'],
  ['history', 'History'],
  ['logs', 'Logs'],
  ['trace', 'Trace'],
  ['definition', 'Definition'],
];
const VERBS: [PaletteVerb, string][] = [
  ['start', 'Start'],
  ['stop', 'Stop'],
  ['restart', 'Restart'],
  ['test', 'Test'],
];

/** Every palette item for `servers` and their `tools` (by raw server name), in a fixed order: views, servers, tools, hosts. */
export function paletteItems(servers: readonly ServerState[], tools: Readonly<Record<string, readonly ToolInfo[]>>): PaletteItem[] {
  const items: PaletteItem[] = VIEWS.map(([view, label, description]) => ({ id: `view:${view}`, label, description, keywords: 'view', target: { kind: 'view', view } }));
  items.push({ id: 'welcome', label: 'Show the welcome again', description: 'what was found, the trust prompt, the demo server', keywords: 'first run help', target: { kind: 'welcome' } });
  for (const s of servers) {
    const server = s.server.name;
    items.push({ id: `server:${server}`, label: server, description: `server · ${s.status}`, keywords: 'server', target: { kind: 'server', server } });
    for (const [tab, label] of TABS) items.push({ id: `tab:${server}/${tab}`, label: `${server} — ${label}`, description: `${label} tab of ${server}`, target: { kind: 'tab', server, tab } });
    const verbs = serverVerbs(s.status);
    for (const [verb, label] of VERBS) {
      if (verbs[verb]) items.push({ id: `verb:${server}/${verb}`, label: `${label} ${server}`, description: 'action', target: { kind: 'verb', server, verb } });
    }
    if (s.status === 'needs-auth') items.push({ id: `sign-in:${server}`, label: `Sign in to ${server}`, description: 'action', target: { kind: 'sign-in', server } });
  }
  for (const s of servers) {
    for (const t of tools[s.server.name] ?? []) {
      items.push({ id: `tool:${t.server}/${t.name}`, label: `${t.name} — ${t.server}`, description: t.description?.split('\n')[0], keywords: 'tool', target: { kind: 'tool', server: t.server, tool: t.name } });
    }
  }
  const hosts = new Set<HostId>();
  for (const s of servers) if (s.server.source.host !== 'switchboard') hosts.add(s.server.source.host);
  for (const host of hosts) {
    items.push({ id: `gateway:${host}`, label: `Connect ${HOST_LABELS[host]} to the gateway`, description: 'its card in the Gateway view', keywords: 'host', target: { kind: 'gateway', host } });
  }
  return items;
}
