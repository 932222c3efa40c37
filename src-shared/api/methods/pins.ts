/** `pins:*`: tool pinning (issue 16 item 2, docs/trust.md § Tool pins). */
import { z } from 'zod';
import { PinModeSchema, ServerPinsSchema } from '../pins.js';
import { ServerName } from './common.js';

export const pinsMethods = {
  /** Each server's pins and drift (one server when named). */
  'pins:list': { input: z.object({ server: ServerName.optional() }).strict(), output: z.array(ServerPinsSchema) },
  /** Accept the current listing of a server's tool (or all of its tools) as the pin. */
  'pins:accept': { input: z.object({ server: ServerName, tool: z.string().min(1).max(500).optional() }).strict(), output: ServerPinsSchema },
  /** `warn` (default) or `block` for a server. */
  'pins:setMode': { input: z.object({ server: ServerName, mode: PinModeSchema }).strict(), output: ServerPinsSchema },
} as const;
