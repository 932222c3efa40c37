/**
 * `events:*`: the MCP Events extension (issue 34; docs/extensions.md § Events). Subscriptions live in
 * the data folder's owner (the long-lived process); the CLI's `switchboard events …` verbs act through it.
 */
import { z } from 'zod';
import { EventSubscribeInputSchema, EventSubscriptionSchema, EventTypeListSchema } from '../events.js';
import { ServerName } from './common.js';

export const eventsMethods = {
  /** The server's event types (`events/list`, all pages; cached per server, refreshed on list_changed). `refresh` lists again. */
  'events:list': { input: z.object({ serverId: ServerName, refresh: z.boolean().optional() }).strict(), output: EventTypeListSchema },
  /** Every subscription (one server's when named), with its state, last error and last cursor time. */
  'events:subscriptions': { input: z.object({ serverId: ServerName.optional() }).strict(), output: z.array(EventSubscriptionSchema) },
  /**
   * Subscribe: arguments validated against the type's `inputSchema` (BAD_REQUEST with the
   * problems), delivery one the type offers; `webhook` is refused (BAD_REQUEST: poll or push instead).
   * Stored at once in `event-subscriptions.json`; starts from now (a null cursor).
   */
  'events:subscribe': { input: EventSubscribeInputSchema, output: EventSubscriptionSchema },
  /** Stop a subscription and forget it (its entries stay in the channel store). NOT_FOUND for an unknown id. */
  'events:unsubscribe': { input: z.object({ id: z.string().min(1).max(200) }).strict(), output: EventSubscriptionSchema },
} as const;

export const eventsEvents = {
  /** The subscriptions changed (state, cursor, counts); the full list, batched. */
  'events:changed': z.array(EventSubscriptionSchema),
} as const;
