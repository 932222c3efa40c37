/**
 * Tool pinning (issue 16 item 2, docs/trust.md § Tool pins): a tool's definition as first listed is
 * remembered; a later listing that adds, changes or removes a tool is drift, shown with a diff.
 * Tool text is the server's (untrusted): rendered as text.
 */
import { z } from 'zod';
import { ApprovalChangeSchema } from './approval.js';

/**
 * `warn` (default): flag drift. `block`: also hold a changed or added tool back from agents until
 * accepted. `off` (a server under development, trial 6 finding 7): no drift, no notification; the pins
 * follow each listing, so switching back to warn or block compares with the latest one.
 */
export const PinModeSchema = z.enum(['off', 'warn', 'block']);
export type PinMode = z.infer<typeof PinModeSchema>;

/** One tool that differs from its pin: the fields that changed (name, title, description, inputSchema, outputSchema, annotations). */
export const ToolDriftSchema = z.object({
  tool: z.string(),
  change: z.enum(['added', 'changed', 'removed']),
  changes: z.array(ApprovalChangeSchema),
  /** Held back from the bridge and the library (block mode). */
  held: z.boolean(),
});
export type ToolDrift = z.infer<typeof ToolDriftSchema>;

/**
 * An MCP App that differs from its pin (docs/mcp-apps.md § Pinning), shown as a change of the tools
 * that use it: the HTML's digest before and after, and the pinned fields that differ (`sha256`, `csp`,
 * `permissions`, canonical JSON). Not served until accepted (`pins:accept {server, tool}`).
 */
export const AppDriftSchema = z.object({
  uri: z.string(),
  tools: z.array(z.string()),
  before: z.object({ sha256: z.string() }),
  after: z.object({ sha256: z.string() }),
  changes: z.array(ApprovalChangeSchema),
});
export type AppDrift = z.infer<typeof AppDriftSchema>;

/** A server's pins: mode, how many tools are pinned, and its drift (empty when the listing matches). */
export const ServerPinsSchema = z.object({
  server: z.string(),
  mode: PinModeSchema,
  pinned: z.number().int().nonnegative(),
  drift: z.array(ToolDriftSchema),
  /** Apps read in this process that differ from their pins; absent when none. */
  apps: z.array(AppDriftSchema).optional(),
});
export type ServerPins = z.infer<typeof ServerPinsSchema>;
