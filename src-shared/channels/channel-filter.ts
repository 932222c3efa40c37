/**
 * The filters of the notification list (issue 13), one definition for the core's queries and the
 * renderer's live list: server (exact), channel pattern (`channelMatches`), text (case-insensitive,
 * in the server, channel or content). Pure.
 */
import { channelMatches, contentText } from './channel-names.js';

/** The filter fields. */
export interface ChannelFilter {
  server?: string;
  channel?: string;
  text?: string;
}

/** A predicate for `filter` over entries (`server`, `channel`, `payload`). */
export function entryFilter(filter: ChannelFilter): (e: { server: string; channel: string; payload: unknown }) => boolean {
  const text = filter.text?.trim().toLowerCase();
  const channel = filter.channel?.trim();
  return (e) => {
    if (filter.server !== undefined && filter.server !== '' && e.server !== filter.server) return false;
    if (channel && !channelMatches(channel, e.channel)) return false;
    if (text) {
      if (!e.server.toLowerCase().includes(text) && !e.channel.toLowerCase().includes(text) && !contentText(e.payload).toLowerCase().includes(text)) return false;
    }
    return true;
  };
}
