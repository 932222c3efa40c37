/**
 * Display helpers of the Events tab and of event entries in the Notifications view (issue 34;
 * docs/channels.md § Events as channels). Pure. Everything shown here that came from a server
 * (event names, argument values, error text) is rendered as text by the caller.
 */
import type { ChannelEventRef } from '../../../src-shared/api/channels.js';
import { EVENTS_EXTENSION, type EventSubscription } from '../../../src-shared/api/events.js';
import type { ServerState } from '../../../src-shared/api/status.js';

/** What the webhook choice says: Switchboard has no public receiver to be called back on. */
export const WEBHOOK_NOTE = 'needs a public receiver — use poll or push';

/**
 * Whether a server's page shows the Events tab: while connected, when the server advertises the
 * extension in `server/discover`, or when the connection is of the 2025 era (the tab then says that
 * events need the 2026-07-28 protocol; the sentence is the core's, from `events:list`).
 */
export function eventsTabShown(state: Pick<ServerState, 'status' | 'protocol' | 'capabilities'>): boolean {
  if (state.status !== 'connected' || !state.protocol) return false;
  if (state.protocol.era === 'legacy') return true;
  const ext = state.capabilities?.extensions;
  return ext !== null && typeof ext === 'object' && Object.hasOwn(ext, EVENTS_EXTENSION);
}

/** `region=eu, level="3"` — arguments in one line (strings bare, other values as JSON), cut to `max`; `no arguments` when none. */
export function argumentsSummary(args: Record<string, unknown>, max = 80): string {
  const parts = Object.entries(args).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  if (parts.length === 0) return 'no arguments';
  const line = parts.join(', ').replace(/\s+/g, ' ');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** `disk-usage (path=/var)` — a subscription in a few words. */
export function subscriptionLabel(sub: Pick<EventSubscription, 'name' | 'arguments'>): string {
  return `${sub.name} (${argumentsSummary(sub.arguments)})`;
}

/** `poll every 60 s` / `push`. */
export function deliveryLabel(sub: Pick<EventSubscription, 'delivery' | 'intervalMs'>): string {
  return sub.delivery === 'poll' ? `poll every ${Math.round(sub.intervalMs / 1000)} s` : 'push';
}

/**
 * Where an event entry came from, for the Notifications view: the subscription (found by id in
 * `subs`; one that was removed since is named by its id) and the occurrence's id.
 */
export function eventOrigin(ref: ChannelEventRef, subs: readonly EventSubscription[] | undefined): string {
  const sub = subs?.find((s) => s.id === ref.subscriptionId);
  const from = sub ? `subscription ${subscriptionLabel(sub)} on ${sub.serverId}` : `subscription ${ref.subscriptionId} (no longer subscribed)`;
  return ref.eventId !== undefined ? `${from} · event ${ref.eventId}` : from;
}

/** The text a gap row shows instead of content. */
export const GAP_TEXT = 'gap: the server skipped events here (it answered "truncated")';
