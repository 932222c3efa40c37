/**
 * What the tray shows, computed from a servers snapshot (ARCHITECTURE rule 5: the tray is just
 * another subscriber). Pure, so the rules are unit-tested without Electron.
 */
import type { ServerStatusName, ServersSnapshot } from '../../src-shared/api/status.js';

/** Overall tray colour: all wanted servers connected / some not / nothing to run. */
export type TrayLevel = 'green' | 'amber' | 'grey';

/** File names of the tray images per level in `resources/` (Electron picks up `name@2x.png` by itself). */
export const TRAY_ICON_FILES: Record<TrayLevel, string> = {
  green: 'tray-green.png',
  amber: 'tray-amber.png',
  grey: 'tray-grey.png',
};

/** One server line of the tray menu. */
export interface TrayServerItem {
  name: string;
  status: ServerStatusName;
  /** Menu label, e.g. `● everything — connected`. */
  label: string;
}

/** The tray's whole state. */
export interface TrayState {
  level: TrayLevel;
  /** `N of M servers connected` (M counts every listed server). */
  tooltip: string;
  /** At most `maxItems` servers, in snapshot order. */
  items: TrayServerItem[];
  /** How many servers did not fit in the menu (0 when all are listed). */
  hidden: number;
}

/** Statuses a person chose (or has yet to choose): not expected to be connected. */
const DELIBERATELY_OFF: ReadonlySet<ServerStatusName> = new Set(['disabled', 'stopped', 'untrusted']);

const STATUS_MARK: Record<ServerStatusName, string> = {
  connected: '●',
  connecting: '◐',
  backoff: '◐',
  disconnected: '○',
  error: '✕',
  'needs-auth': '⚿',
  disabled: '–',
  stopped: '–',
  untrusted: '?',
  // Issue 16: a definition changed since it was approved; amber until the person reviews it.
  changed: '!',
};

/**
 * Summarise a snapshot for the tray. Level: `grey` when no server is meant to run (none listed,
 * or all disabled / stopped / untrusted); `green` when every server meant to run is `connected`;
 * otherwise `amber` (some are failing, reconnecting, waiting for sign-in or still connecting).
 * `maxItems` (default 20) caps the server lines so a long list keeps the menu usable.
 */
export function summarizeTray(snapshot: Pick<ServersSnapshot, 'servers'> | undefined, maxItems = 20): TrayState {
  const servers = snapshot?.servers ?? [];
  const connected = servers.filter((s) => s.status === 'connected').length;
  const wanted = servers.filter((s) => !DELIBERATELY_OFF.has(s.status));
  const level: TrayLevel =
    wanted.length === 0 ? 'grey' : wanted.every((s) => s.status === 'connected') ? 'green' : 'amber';
  const items = servers.slice(0, Math.max(0, maxItems)).map((s) => ({
    name: s.server.name,
    status: s.status,
    label: `${STATUS_MARK[s.status]} ${s.server.name} — ${s.status}`,
  }));
  return {
    level,
    tooltip: `${connected} of ${servers.length} servers connected`,
    items,
    hidden: servers.length - items.length,
  };
}
