/** `gateway:complete`, `gateway:offers`: completions through a host's gateway door (issue 30 item 2, docs/gateway.md § Completions). */
import { z } from 'zod';
import { GatewayCompletionRefSchema, GatewayOffersSchema } from '../gateway-complete.js';
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
} as const;
