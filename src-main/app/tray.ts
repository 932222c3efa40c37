/**
 * The tray icon (docs/faces-and-ownership.md): overall status colour, `N of M servers connected`, and a menu with
 * Show window, each server with its status, and Quit. With issue 13 it also carries notifications:
 * a badge on the icon while something is unread or waits for a confirmation, the unread count per
 * server and the confirmations waiting, each opening the window there. Just another subscriber of
 * the core (ARCHITECTURE rule 5): it reads `servers:list`, `channels:summary` and `triggers:list`
 * once, then follows `servers:changed`, `channels:changed` and `triggers:changed`. Issue 31: the
 * agents' requests through the gateway (`agents:activity`'s counts, read again every 15 s).
 */
import { join } from 'node:path';
import { Menu, nativeImage, Tray, type MenuItemConstructorOptions, type NativeImage } from 'electron';
import type { ChannelSummary, TriggerFiring, TriggersState } from '../../src-shared/api/channels.js';
import type { ServersSnapshot } from '../../src-shared/api/status.js';
import type { SwitchboardCore } from '../core/index.js';
import { summarizeAttention, trayIconFile, type TrayAttention } from './tray-attention.js';
import { trayStatusTooltip } from './tray-text.js';
import { summarizeTray, type TrayState } from './tray-state.js';
import type { AgentActivityEvent, AgentCounts } from '../../src-shared/api/agents.js';
import { agentsLine, TRAY_AGENTS_REFRESH_MS } from './tray-agents.js';
import { confirmItems, followConfirms } from './tray-guard.js';
import type { PendingServerRequest, ServerRequestResolved } from '../../src-shared/api/inspector.js';

/** Options of `setupTray`. */
export interface TrayOptions {
  /** Folder holding `tray-<level>[-attention].png` (+ `@2x`). */
  resourcesDir: string;
  /** Bring the main window forward (creating it if needed). */
  showWindow: () => void;
  /** Bring the window forward at the Notifications view (at a waiting confirmation). */
  openNotifications: (confirmation?: string) => void;
  /** Quit the app (the app's quit path disposes the core first). */
  quit: () => void;
}

/**
 * Create the tray and keep it in sync with the core. Returns a function that unsubscribes and
 * destroys the tray. A failing initial fetch leaves that part empty until its first event arrives.
 */
export function setupTray(core: Pick<SwitchboardCore, 'handlers' | 'subscribe'>, options: TrayOptions): () => void {
  const images = new Map<string, NativeImage>();
  const image = (file: string): NativeImage => {
    let img = images.get(file);
    if (!img) {
      img = nativeImage.createFromPath(join(options.resourcesDir, file));
      images.set(file, img);
    }
    return img;
  };
  const tray = new Tray(image(trayIconFile('grey', false)));
  let shownIcon = trayIconFile('grey', false);
  let snapshot: ServersSnapshot | undefined;
  let summary: ChannelSummary | undefined;
  let pending: TriggerFiring[] = [];
  // Issue 31 item 2: agents' requests through the gateway, counted by the core.
  let agents: AgentCounts | undefined;
  // Issue 31 item 3: gateway calls waiting for a confirmation (tray-guard.ts).
  let confirms: PendingServerRequest[] = [];
  const received = new Set<string>();

  const render = () => {
    if (tray.isDestroyed()) return;
    const state = summarizeTray(snapshot);
    const attention = summarizeAttention(summary, pending);
    const icon = trayIconFile(state.level, attention.attention || confirms.length > 0);
    if (icon !== shownIcon) tray.setImage(image(icon));
    shownIcon = icon;
    // Issue 37 item 4: the icon's colour in words first (tray-text.ts).
    tray.setToolTip(trayStatusTooltip(state, attention, agents, confirms.length));
    const guard = confirmItems(confirms).map((i): MenuItemConstructorOptions => ({ label: i.label, click: () => void core.handlers['requests:answer']({ id: i.id, answer: i.answer }) }));
    tray.setContextMenu(Menu.buildFromTemplate(menuTemplate(state, attention, options, agentsLine(agents), guard)));
  };

  render();
  const unsubscribe = core.subscribe(
    (event, payload) => {
      if (event === 'servers:changed') snapshot = payload as ServersSnapshot;
      else if (event === 'channels:changed') summary = payload as ChannelSummary;
      else if (event === 'triggers:changed') pending = (payload as TriggersState).pending;
      else if (event === 'agents:activity') agents = (payload as AgentActivityEvent).counts;
      else if (event === 'requests:pending' || event === 'requests:resolved') confirms = followConfirms(confirms, event, payload as PendingServerRequest | ServerRequestResolved);
      else return;
      received.add(event);
      render();
    },
    // Only these: the core redacts an event for each subscriber that wants it (issue 27 item 7).
    (event) => event === 'servers:changed' || event === 'channels:changed' || event === 'triggers:changed' || event === 'agents:activity' || event === 'requests:pending' || event === 'requests:resolved',
  );
  // A value fetched before a newer event arrived must not overwrite it.
  const fetchOnce = <T>(event: string, fetch: () => Promise<{ ok: true; data: T } | { ok: false }>, apply: (data: T) => void) =>
    fetch()
      .then((r) => {
        if (r.ok && !received.has(event)) {
          apply(r.data);
          render();
        }
      })
      .catch(() => undefined);
  void fetchOnce('servers:changed', () => core.handlers['servers:list']({}), (d) => (snapshot = d));
  void fetchOnce('channels:changed', () => core.handlers['channels:summary']({}), (d) => (summary = d));
  void fetchOnce('triggers:changed', () => core.handlers['triggers:list']({}), (d) => (pending = d.pending));
  tray.on('click', () => options.showWindow());
  // The last minute's count ages without events: read it again now and then (a cheap, bounded read).
  const readAgents = () =>
    core.handlers['agents:recent']({ limit: 0 })
      .then((r) => {
        if (r.ok) {
          agents = r.data.counts;
          render();
        }
      })
      .catch(() => undefined);
  void readAgents();
  const agentsTimer = setInterval(() => void readAgents(), TRAY_AGENTS_REFRESH_MS);
  agentsTimer.unref();

  return () => {
    clearInterval(agentsTimer);
    unsubscribe();
    if (!tray.isDestroyed()) tray.destroy();
  };
}

function menuTemplate(state: TrayState, attention: TrayAttention, options: TrayOptions, agents: string, guard: MenuItemConstructorOptions[] = []): MenuItemConstructorOptions[] {
  const servers: MenuItemConstructorOptions[] =
    state.items.length === 0
      ? [{ label: 'No servers configured', enabled: false }]
      : state.items.map((item) => ({ label: item.label, click: () => options.showWindow() }));
  if (state.hidden > 0) servers.push({ label: `…and ${state.hidden} more`, click: () => options.showWindow() });
  const notifications: MenuItemConstructorOptions[] = [
    { label: attention.note ? `Notifications — ${attention.note}` : 'Notifications', click: () => options.openNotifications() },
    ...attention.pendingItems.map((i) => ({ label: i.label, click: () => options.openNotifications(i.confirmation) })),
    ...attention.unreadItems.map((i) => ({ label: i.label, click: () => options.openNotifications() })),
  ];
  if (attention.hidden > 0) notifications.push({ label: `…and ${attention.hidden} more`, click: () => options.openNotifications() });
  return [
    { label: 'Show window', click: () => options.showWindow() },
    { type: 'separator' },
    { label: state.tooltip, enabled: false },
    ...(agents ? [{ label: agents, click: () => options.showWindow() }] : []),
    ...servers,
    { type: 'separator' },
    ...notifications,
    ...(guard.length > 0 ? [{ type: 'separator' as const }, ...guard] : []),
    { type: 'separator' },
    { label: 'Quit', click: () => options.quit() },
  ];
}
