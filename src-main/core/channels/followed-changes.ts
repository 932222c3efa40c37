/**
 * List changes Switchboard follows itself (issue 32, docs/channels.md § What counts as unread):
 * `notifications/tools/list_changed` (the connection re-lists the tools), `resources/list_changed`
 * and `prompts/list_changed` (the inspector re-lists them) with no content of their own. They are
 * stored and shown like every notification, but they are not unread: a server that registers its
 * tools while it starts sends them by the dozen, and nothing is left for a person to read.
 *
 * Routine log lines are not unread either: a `notifications/message` (channel `message` or
 * `message/<logger>`) at level `debug`, `info` or `notice` (MCP spec, server/utilities/logging; the
 * RFC 5424 levels) is what a server says while it works — server-everything logs "Roots updated"
 * on every start — and it is read in the server's Logs tab. `warning` and above, or a line with no
 * level, still count.
 */
import type { ChannelEntry } from '../../../src-shared/api/channels.js';

/** Channels (method without `notifications/`) whose change the app follows by listing again. */
export const FOLLOWED_LIST_CHANNELS: ReadonlySet<string> = new Set(['tools/list_changed', 'resources/list_changed', 'prompts/list_changed']);

/** Whether `entry` is a list change the app follows itself: a followed channel whose payload is empty (absent, or an object with nothing but `_meta`). */
export function followedByApp(entry: Pick<ChannelEntry, 'channel' | 'payload'>): boolean {
  if (!FOLLOWED_LIST_CHANNELS.has(entry.channel)) return false;
  const p = entry.payload;
  if (p === undefined || p === null) return true;
  return typeof p === 'object' && !Array.isArray(p) && Object.keys(p).every((k) => k === '_meta');
}

/** Log levels below `warning` (MCP logging, RFC 5424 severities): kept and listed, never unread. */
const ROUTINE_LOG_LEVELS: ReadonlySet<string> = new Set(['debug', 'info', 'notice']);

/** Whether `entry` is a routine log line: a `message` / `message/<logger>` entry whose `level` is below `warning`. */
export function routineLog(entry: Pick<ChannelEntry, 'channel' | 'payload'>): boolean {
  if (entry.channel !== 'message' && !entry.channel.startsWith('message/')) return false;
  const p = entry.payload;
  if (p === null || typeof p !== 'object' || Array.isArray(p)) return false;
  const level = (p as { level?: unknown }).level;
  return typeof level === 'string' && ROUTINE_LOG_LEVELS.has(level);
}

/** Whether `entry` can never be unread: a list change the app follows, or a routine log line. */
export function neverUnread(entry: Pick<ChannelEntry, 'channel' | 'payload'>): boolean {
  return followedByApp(entry) || routineLog(entry);
}
