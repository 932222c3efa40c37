/**
 * From a JSON-RPC notification a server sent to the entry we store (docs/channels.md, issue 13): its
 * channel (`channelOf`), the server's `channels` allow-list, and a bounded payload.
 */
import { channelAllowed, channelOf, type ChannelAllowList } from '../../../src-shared/channels/channel-names.js';
import type { NewChannelEntry } from './channel-store.js';

/** Longest payload kept as JSON (characters); a larger one is kept as the start of its text. */
export const MAX_PAYLOAD_CHARS = 64 * 1024;

/** A server notification as it came off the wire (already redacted). */
export interface ServerNotification {
  method: string;
  params?: unknown;
}

/**
 * The entry for `message` from `server`, or `undefined` when it is not a channel entry (progress,
 * not a notification) or the server's `allowList` (its `channels` field; absent = every channel)
 * does not let its channel through. A payload over `MAX_PAYLOAD_CHARS` becomes `{text}` (its JSON
 * cut) with `truncated: true`. `json`, when given, receives the kept payload's JSON text (measured
 * here anyway; the store writes it as is instead of serialising the payload again).
 */
export function toChannelEntry(server: string, message: ServerNotification, allowList: ChannelAllowList | undefined, json?: { payload?: string }): NewChannelEntry | undefined {
  if (typeof message.method !== 'string') return undefined;
  // Issue 34: an Events push stream's messages become entries through their subscription (ext-events).
  if (message.method.startsWith('notifications/events/')) return undefined;
  const channel = channelOf(message.method, message.params);
  if (channel === undefined || !channelAllowed(allowList, channel)) return undefined;
  const payload = message.params ?? {};
  let text: string;
  let isJson = false;
  try {
    const serialised = JSON.stringify(payload) as string | undefined;
    isJson = serialised !== undefined;
    text = serialised ?? '{}';
  } catch {
    text = String(payload);
  }
  if (text.length > MAX_PAYLOAD_CHARS) {
    return { server, channel, method: message.method, payload: { text: `${text.slice(0, MAX_PAYLOAD_CHARS)} …[${text.length - MAX_PAYLOAD_CHARS} more characters]` }, truncated: true };
  }
  if (json && isJson) json.payload = text;
  return { server, channel, method: message.method, payload };
}
