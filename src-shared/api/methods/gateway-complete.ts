/**
 * `gateway:offers`, `gateway:complete`, `gateway:subscribe`: completions and resource subscriptions
 * through a host's gateway door (issue 30 item 2, docs/gateway.md § Completions, § Resource subscriptions).
 */
import { z } from 'zod';
import { GatewayCompletionRefSchema, GatewayOffersSchema, GatewaySubscriptionSchema } from '../gateway-complete.js';
import { CompletionOutputSchema } from '../inspector.js';
import { GatewayDoorInput } from './gateway.js';

export const gatewayCompleteMethods = {
  /** Which capabilities beyond tools, resources and prompts the host's listed servers declare (the door advertises only those). */
  'gateway:offers': { input: z.object(GatewayDoorInput).strict(), output: GatewayOffersSchema },
  /**
   * `completion/complete` for a prompt argument or a resource-template argument, as
   * `completion:complete` does, on the server the door's name stands for after the per-host gate of
   * `gateway:getPrompt` / `gateway:read`; a name or template outside the host's list is refused with words.
   */
  'gateway:complete': {
    input: z
      .object({
        ...GatewayDoorInput,
        ref: GatewayCompletionRefSchema,
        argument: z.object({ name: z.string().min(1).max(500), value: z.string().max(10_000) }),
        context: z.record(z.string(), z.string()).optional(),
      })
      .strict(),
    output: CompletionOutputSchema,
  },
  /**
   * Subscribe (`on: true`) to the resource the door exposes as `uri`, or drop the door's
   * subscription, after the per-host gate of `gateway:read`. Subscriptions of the gateway's doors are
   * counted per server URI: the server is subscribed on the first and unsubscribed after the last
   * (unless it was subscribed already when the first came). Updates arrive as `resources:updated`.
   */
  'gateway:subscribe': { input: z.object({ ...GatewayDoorInput, uri: z.string().min(1).max(10_000), on: z.boolean() }).strict(), output: GatewaySubscriptionSchema },
} as const;
