/**
 * Completions through the gateway (issue 30 item 2, docs/gateway.md § Completions): what a host's
 * door relays of `completion/complete`, and which of its listed servers offer it (the door
 * advertises `completions` only when one does).
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

/** `gateway:offers`' answer: the host's listed servers (by key, in order) that declare each capability the gateway relays beyond tools, resources and prompts. */
export const GatewayOffersSchema = z.object({
  host: HostIdSchema,
  project: z.string(),
  server: z.string().optional(),
  /** Listed servers declaring `completions`. */
  completions: z.array(z.string()),
});
export type GatewayOffers = z.infer<typeof GatewayOffersSchema>;
