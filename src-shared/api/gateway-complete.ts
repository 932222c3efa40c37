/**
 * Completions and resource subscriptions through the gateway (issue 30 item 2, docs/gateway.md §
 * Completions, § Resource subscriptions): what a host's door relays of `completion/complete` and
 * `resources/subscribe`, and which of its listed servers offer them (the door advertises each only
 * when one does).
 */
import { z } from 'zod';
import { HostIdSchema } from '../config/server.js';

/**
 * What a completion is for, in the door's names: a prompt by its gateway name (`<server>_<prompt>`,
 * raw in the single-server door), or a resource template by its URI template as the door lists it
 * (or the `switchboard-gateway://<server>/<template>` form to name the server).
 */
export const GatewayCompletionRefSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ref/prompt'), name: z.string().min(1).max(500) }),
  z.object({ type: z.literal('ref/resource'), uri: z.string().min(1).max(10_000) }),
]);
export type GatewayCompletionRef = z.infer<typeof GatewayCompletionRefSchema>;

/** `gateway:offers`' answer: the host's listed servers (by key, in order) that declare each capability the gateway relays beyond tools, resources and prompts, then its servers not ready yet (which may, once connected). */
export const GatewayOffersSchema = z.object({
  host: HostIdSchema,
  project: z.string(),
  server: z.string().optional(),
  /** Listed servers declaring `completions`. */
  completions: z.array(z.string()),
  /** Listed servers declaring `resources.subscribe`. */
  subscribe: z.array(z.string()),
  /** Listed servers declaring `logging`. */
  logging: z.array(z.string()),
});
export type GatewayOffers = z.infer<typeof GatewayOffersSchema>;

/** `gateway:subscribe`'s answer: where the door's URI goes (`server`, its own `uri`) and whether the door now holds a subscription to it. */
export const GatewaySubscriptionSchema = z.object({ server: z.string(), uri: z.string(), exposed: z.string(), subscribed: z.boolean() });
export type GatewaySubscription = z.infer<typeof GatewaySubscriptionSchema>;
