/**
 * Guard rails of one host's gateway door (issue 31 item 3, docs/gateway.md § Guard rails): which
 * calls wait for a person's confirmation, how long, and whether only read-only tools pass.
 */
import { z } from 'zod';
import { HostIdSchema } from '../config/server.js';

/** Longest confirmation wait (ms): the server-request broker's own wait for a person, 10 minutes. */
export const GUARD_MAX_TIMEOUT_MS = 600_000;
/** The confirmation wait when none is set (ms): 120 s. */
export const GUARD_DEFAULT_TIMEOUT_MS = 120_000;

/**
 * `off`: no call waits; `destructive`: every tool MCP counts as destructive (readOnlyHint not true
 * and destructiveHint not false: the spec's defaults are false and true) waits; a list: the tools
 * with these names (as the aggregated door lists them, `<server>_<tool>`) wait.
 */
export const GuardConfirmSchema = z.union([z.enum(['off', 'destructive']), z.array(z.string().min(1).max(500)).max(1000)]);
export type GuardConfirm = z.infer<typeof GuardConfirmSchema>;

/** One host's guard rails as set in Switchboard (defaults filled in). */
export const GatewayGuardSchema = z.object({
  host: HostIdSchema,
  confirm: GuardConfirmSchema,
  /** How long a call waits for its confirmation (ms, 1,000–600,000; default 120,000); then it is refused. */
  confirmTimeoutMs: z.number().int(),
  /** Only tools annotated `readOnlyHint: true` are listed and may be called. */
  readOnly: z.boolean(),
});
export type GatewayGuard = z.infer<typeof GatewayGuardSchema>;
