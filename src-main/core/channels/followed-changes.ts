/**
 * List changes Switchboard follows itself (issue 32, docs/channels.md § What counts as unread):
 * `notifications/tools/list_changed` (the connection re-lists the tools), `resources/list_changed`
 * and `prompts/list_changed` (the inspector re-lists them) with no content of their own. They are
 * stored and shown like every notification, but they are not unread: a server that registers its
 * tools while it starts sends them by the dozen, and nothing is left for a person to read.
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
