/**
 * The tray's attention state (issue 13): unread notifications and confirmations waiting, computed
 * from the channels summary and the pending firings. Pure, so it is unit-tested without Electron;
 * `tray.ts` renders it (icon with a badge, menu lines that open the window there).
 */
import type { ChannelSummary, TriggerFiring } from '../../src-shared/api/channels.js';
import { TRAY_ICON_FILES, type TrayLevel } from './tray-state.js';

/** One menu line that opens the Notifications view (at a confirmation when `confirmation` is set). */
export interface TrayAttentionItem {
  label: string;
  server?: string;
  confirmation?: string;
}

/** What the tray adds for notifications. */
export interface TrayAttention {
  /** Show the badge: something is unread or waits for the person. */
  attention: boolean;
  unread: number;
  pending: number;
  /** `3 unread · 1 waiting for you` (empty when nothing). */
  note: string;
  /** Unread per server, most first, at most `maxItems`. */
  unreadItems: TrayAttentionItem[];
  /** Confirmations waiting, oldest first, at most `maxItems`. */
  pendingItems: TrayAttentionItem[];
  /** Lines left out of either list. */
  hidden: number;
}

const MAX_LABEL = 60;
const cut = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_LABEL ? `${flat.slice(0, MAX_LABEL - 1)}…` : flat;
};

/**
 * Summarise channels for the tray. `summary` absent (not loaded yet) counts as nothing unread.
 * Only firings with outcome `pending` count as waiting.
 */
export function summarizeAttention(summary: Pick<ChannelSummary, 'unread' | 'unreadByServer'> | undefined, pending: readonly TriggerFiring[], maxItems = 5): TrayAttention {
  const unread = summary?.unread ?? 0;
  const waiting = pending.filter((f) => f.outcome === 'pending');
  const servers = Object.entries(summary?.unreadByServer ?? {})
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const unreadItems = servers.slice(0, maxItems).map(([server, n]) => ({ server, label: `● ${server} — ${n} unread` }));
  const pendingItems = waiting.slice(0, maxItems).map((f) => ({ confirmation: f.id, label: `Confirm ${f.rule}: ${cut(f.prompt)}` }));
  const parts: string[] = [];
  if (unread > 0) parts.push(`${unread} unread`);
  if (waiting.length > 0) parts.push(`${waiting.length} waiting for you`);
  return {
    attention: unread > 0 || waiting.length > 0,
    unread,
    pending: waiting.length,
    note: parts.join(' · '),
    unreadItems,
    pendingItems,
    hidden: servers.length - unreadItems.length + (waiting.length - pendingItems.length),
  };
}

/** The tray image for a level, with the attention badge when something is unread or waiting. */
export function trayIconFile(level: TrayLevel, attention: boolean): string {
  return attention ? TRAY_ICON_FILES[level].replace(/\.png$/, '-attention.png') : TRAY_ICON_FILES[level];
}

/** The tooltip: the servers line, then the attention note. */
export function trayTooltip(serversLine: string, attention: TrayAttention): string {
  return attention.note ? `${serversLine} · ${attention.note}` : serversLine;
}
