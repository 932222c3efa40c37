/**
 * Shapes of the MCP Events extension as Switchboard speaks it (issue 34; docs/extensions.md § Events,
 * docs/channels.md § Events as channels). The wire (SEP-3415, `io.modelcontextprotocol/events`,
 * 2026-07-28 only) is summarised in docs/extensions.md; these are the shapes the faces see.
 *
 * Event types come from the server (`events/list`): names, descriptions and schemas are untrusted
 * server text. Subscriptions are Switchboard's own (`event-subscriptions.json` in the data folder,
 * owned by the long-lived process); each occurrence becomes a channel entry (channel = event name)
 * carrying `event` (`ChannelEventRefSchema` in channels.ts).
 */
import { z } from 'zod';

/** The extension's identifier (capabilities.extensions key in `server/discover`). */
export const EVENTS_EXTENSION = 'io.modelcontextprotocol/events';

/** A delivery mode a server may list for an event type. Switchboard runs `poll` and `push`. */
export const EventDeliveryModeSchema = z.enum(['poll', 'push', 'webhook']);
export type EventDeliveryMode = z.infer<typeof EventDeliveryModeSchema>;

/** What a subscription of Switchboard's uses (webhook needs a public receiver: not offered). */
export const SubscriptionDeliverySchema = z.enum(['poll', 'push']);
export type SubscriptionDelivery = z.infer<typeof SubscriptionDeliverySchema>;

/** Poll interval bounds (ms): default 60 s, at least 5 s, at most a day. */
export const EVENTS_POLL_DEFAULT_MS = 60_000;
export const EVENTS_POLL_MIN_MS = 5_000;
export const EVENTS_POLL_MAX_MS = 86_400_000;

/** One event type as the server lists it (`events/list`). Schemas are JSON Schema objects. */
export const EventTypeSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  /** The modes the server offers (unknown modes are dropped when read). */
  delivery: z.array(EventDeliveryModeSchema),
  inputSchema: z.record(z.string(), z.unknown()),
  payloadSchema: z.record(z.string(), z.unknown()),
});
export type EventType = z.infer<typeof EventTypeSchema>;

/**
 * Why a server's event types cannot be listed: `legacy-era` (a 2025-era connection: events need the
 * 2026-07-28 protocol), `not-advertised` (a 2026 server without the extension in `server/discover`),
 * `not-connected` (no live connection now).
 */
export const EventsUnavailableSchema = z.enum(['legacy-era', 'not-advertised', 'not-connected']);
export type EventsUnavailable = z.infer<typeof EventsUnavailableSchema>;

/** `events:list`'s answer: the server's event types, or why there are none to offer. */
export const EventTypeListSchema = z.object({
  serverId: z.string(),
  supported: z.boolean(),
  /** Set when `supported` is false. */
  unavailable: EventsUnavailableSchema.optional(),
  /** A sentence for people when `supported` is false ("Events need the 2026-07-28 protocol…"). */
  message: z.string().optional(),
  types: z.array(EventTypeSchema),
  /** Epoch ms of the last `events/list` (absent when never listed). */
  listedAt: z.number().optional(),
});
export type EventTypeList = z.infer<typeof EventTypeListSchema>;

/**
 * A subscription's state: `starting` (first poll / stream not confirmed yet), `active`,
 * `waiting` (its server is not connected; resumes from `lastCursor` when it is), `retrying`
 * (a poll or stream failed; tried again with backoff, 1 s doubling to 60 s), `stopped` (for good:
 * `stopReason` says why — the type was removed or changed incompatibly, arguments no longer valid).
 */
export const SubscriptionStateSchema = z.enum(['starting', 'active', 'waiting', 'retrying', 'stopped']);
export type SubscriptionState = z.infer<typeof SubscriptionStateSchema>;

/** A subscription as stored and as the faces see it. */
export const EventSubscriptionSchema = z.object({
  /** Switchboard's id (`evs_` + random). */
  id: z.string(),
  serverId: z.string(),
  /** The event type's name (also the channel its entries go to). */
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  delivery: SubscriptionDeliverySchema,
  /** Poll interval (ms); push subscriptions keep the default. */
  intervalMs: z.number().int(),
  /** The last cursor stored after its entries were (null: none yet / the type has no replay). */
  lastCursor: z.string().nullable(),
  /** Epoch ms when `lastCursor` was stored. */
  lastCursorAt: z.number().optional(),
  state: SubscriptionStateSchema,
  stopReason: z.string().optional(),
  lastError: z.string().optional(),
  /** Epoch ms of the last occurrence stored. */
  lastEventAt: z.number().optional(),
  /** Occurrences stored / payloads that did not match `payloadSchema` / gaps (`truncated`) since subscribing. */
  received: z.number().int().nonnegative(),
  invalid: z.number().int().nonnegative(),
  gaps: z.number().int().nonnegative(),
  createdAt: z.number(),
});
export type EventSubscription = z.infer<typeof EventSubscriptionSchema>;

/** `events:subscribe`'s input. `webhook` is refused with a clear error (poll or push offered). */
export const EventSubscribeInputSchema = z
  .object({
    serverId: z.string().min(1).max(500),
    name: z.string().min(1).max(500),
    arguments: z.record(z.string(), z.unknown()).default({}),
    delivery: EventDeliveryModeSchema,
    /** Poll interval (ms), default 60 000, at least 5 000. */
    intervalMs: z.number().int().optional(),
  })
  .strict();
export type EventSubscribeInput = z.input<typeof EventSubscribeInputSchema>;
