/**
 * `gateway:connect` / `gateway:disconnect` (issue 31 item 1, docs/gateway.md § Connecting a host):
 * what connecting a host through the gateway wrote (or, with `dryRun`, would write).
 */
import { z } from 'zod';
import { HostIdSchema } from '../config/server.js';

/** One host file: its path, the unified diff of the change, and the 0600 copy of its bytes before the connect. */
export const ConnectFileSchema = z.object({ path: z.string(), diff: z.string(), backup: z.string().optional() });

/** The answer of both methods. */
export const ConnectOutcomeSchema = z.object({
  host: HostIdSchema,
  /** Whether anything was written (false for a dry run). */
  written: z.boolean(),
  files: z.array(ConnectFileSchema),
  /** The servers whose entries now go through the gateway (connect), or are back (disconnect). */
  moved: z.array(z.string()),
  notes: z.array(z.string()),
});
export type ConnectOutcome = z.infer<typeof ConnectOutcomeSchema>;

/** How a host is connected (`gateway:doors`' `connected`): the mode and the (first) file written. */
export const ConnectedSummarySchema = z.object({ mode: z.enum(['each', 'one']), file: z.string() });
export type ConnectedSummary = z.infer<typeof ConnectedSummarySchema>;
