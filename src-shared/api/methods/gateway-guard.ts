/** `gateway:guard`, `gateway:setGuard`: one host's guard rails (issue 31 item 3, docs/gateway.md § Guard rails). */
import { z } from 'zod';
import { HostIdSchema } from '../../config/server.js';
import { GatewayGuardSchema, GuardConfirmSchema, GUARD_MAX_TIMEOUT_MS } from '../gateway-guard.js';

export const gatewayGuardMethods = {
  /** `host`'s guard rails (defaults when none were set: confirm `off`, 120,000 ms, readOnly false). */
  'gateway:guard': { input: z.object({ host: HostIdSchema }).strict(), output: GatewayGuardSchema },
  /**
   * Change `host`'s guard rails: only the fields given change; kept in Switchboard's state.json and
   * applied by the host's doors from the next request on. Answers the rails as they are now.
   */
  'gateway:setGuard': {
    input: z
      .object({
        host: HostIdSchema,
        confirm: GuardConfirmSchema.optional(),
        confirmTimeoutMs: z.number().int().min(1000).max(GUARD_MAX_TIMEOUT_MS).optional(),
        readOnly: z.boolean().optional(),
      })
      .strict(),
    output: GatewayGuardSchema,
  },
} as const;
