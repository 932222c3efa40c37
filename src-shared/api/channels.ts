/**
 * Shapes of channels (docs/channels.md, issue 13): the notification entries kept in `channels.jsonl`, the
 * unread/paused summary, trigger-rule firings and the state `switchboard triggers` and the
 * Notifications view show. Payloads are server text: untrusted, rendered as text everywhere.
 */
import { z } from 'zod';
import { ConfigWarningSchema } from '../config/server.js';
import { TriggerRuleSchema } from '../channels/trigger-rules.js';

/**
 * Where an Events entry came from (docs/channels.md § Events as channels): the subscription, the
 * occurrence's `eventId` and `timestamp` (ISO 8601, server text); `invalid` says how `data` failed the
 * type's `payloadSchema` (kept, never dropped); a `gap` entry (no eventId) records that the server
 * skipped events (`truncated`), and fires no rule.
 */
export const ChannelEventRefSchema = z.object({
  subscriptionId: z.string(),
  eventId: z.string().optional(),
  timestamp: z.string().optional(),
  invalid: z.string().optional(),
  gap: z.literal(true).optional(),
});
export type ChannelEventRef = z.infer<typeof ChannelEventRefSchema>;

/** One notification as stored (one line of `channels.jsonl`). `seq` is global and increasing. */
export const ChannelEntrySchema = z.object({
  seq: z.number().int().positive(),
  server: z.string(),
  /** The method without `notifications/` (`alerts/critical`; log messages `message/<logger>`). */
  channel: z.string(),
  /** The JSON-RPC method as received. */
  method: z.string(),
  /** Epoch ms when it arrived. */
  time: z.number(),
  /** The notification's `params` (secrets redacted; cut to a bounded size with `truncated`). */
  payload: z.unknown(),
  /** The payload was larger than the store keeps; `payload` then holds `{text}` with its start. */
  truncated: z.literal(true).optional(),
  /** It arrived while its server or channel was paused: kept, but not counted and no rule fired. */
  paused: z.literal(true).optional(),
  /** Names of the trigger rules whose actions led to it (the no-loop guard). */
  causedBy: z.array(z.string()).optional(),
  /** An MCP Events occurrence (issue 34): `payload` is the occurrence's `data`; see ChannelEventRefSchema. */
  event: ChannelEventRefSchema.optional(),
});
export type ChannelEntry = z.infer<typeof ChannelEntrySchema>;

/** An entry as the faces see it: plus whether it was acknowledged. */
export const ChannelEntryViewSchema = ChannelEntrySchema.extend({
  acked: z.boolean(),
  /** Whether it counts as unread (the core's rule: not paused, acknowledged or seen, and not a list change the app follows; issue 32). */
  unread: z.boolean().optional(),
});
export type ChannelEntryView = z.infer<typeof ChannelEntryViewSchema>;

/** A paused server (no `channel`) or one channel of a server. */
export const ChannelPauseSchema = z.object({ server: z.string(), channel: z.string().optional() });
export type ChannelPause = z.infer<typeof ChannelPauseSchema>;

/** Unread counts and pauses (counts cover the owner's in-memory window of recent entries). */
export const ChannelSummarySchema = z.object({
  /** Highest sequence number stored so far (0 when none). */
  lastSeq: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
  unreadByServer: z.record(z.string(), z.number().int().nonnegative()),
  unreadByChannel: z.array(z.object({ server: z.string(), channel: z.string(), unread: z.number().int().nonnegative() })),
  paused: z.array(ChannelPauseSchema),
  /** Trigger confirmations waiting for a person (the tray and the header show them). */
  pendingConfirmations: z.number().int().nonnegative(),
});
export type ChannelSummary = z.infer<typeof ChannelSummarySchema>;

/** What a query of entries asks for (every field optional: all entries, newest 200). */
export const ChannelQuerySchema = z
  .object({
    server: z.string().optional(),
    /** A channel pattern (`message` matches `message/db`). */
    channel: z.string().optional(),
    /** Case-insensitive text in the server, channel or content. */
    text: z.string().max(1000).optional(),
    unread: z.boolean().optional(),
    /** Only entries with `seq < beforeSeq` (paging back; older ones come from the file). */
    beforeSeq: z.number().int().optional(),
    /** Only entries with `seq > afterSeq`. */
    afterSeq: z.number().int().optional(),
    /** Most entries returned (the newest that match). Default 200, at most 10 000. */
    limit: z.number().int().positive().max(10_000).optional(),
  })
  .strict();
export type ChannelQuery = z.infer<typeof ChannelQuerySchema>;

/** The answer to a query: matching entries oldest first, and whether older ones match too. */
export const ChannelPageSchema = z.object({ entries: z.array(ChannelEntryViewSchema), hasMore: z.boolean() });
export type ChannelPage = z.infer<typeof ChannelPageSchema>;

/** How one rule's firing ended (or why it was skipped). */
export const FiringOutcomeSchema = z.enum([
  /** `notify`: a desktop notification and the tray badge. */
  'notified',
  /** `confirm`: waiting for a person. */
  'pending',
  /** The action is running (`auto`, or `confirm` after a yes). */
  'running',
  /** `confirm` accepted without an action. */
  'accepted',
  'declined',
  /** The action ran; `result` holds what the tool returned (`isError` results too). */
  'ran',
  /** The action could not run (server not connected, tool not allowed…); `error` says why. */
  'failed',
  /** Skipped: the rule fired less than `rateLimit` ago. */
  'rate-limited',
  /** Skipped: the notification came from this rule's own action (no loops). */
  'loop-guarded',
  /** A pending confirmation dropped unanswered (too many pending, or the rule went away). */
  'expired',
]);
export type FiringOutcome = z.infer<typeof FiringOutcomeSchema>;

/** One firing of a rule for one notification. */
export const TriggerFiringSchema = z.object({
  id: z.string(),
  rule: z.string(),
  mode: z.enum(['notify', 'confirm', 'auto']),
  seq: z.number().int(),
  server: z.string(),
  channel: z.string(),
  /** Epoch ms of the firing (last change of its outcome). */
  time: z.number(),
  outcome: FiringOutcomeSchema,
  /** The rule's prompt with `{{content}}`, `{{server}}`, `{{channel}}` filled in. */
  prompt: z.string(),
  /** The action as it would run / ran, arguments filled in. */
  action: z.object({ server: z.string(), tool: z.string(), arguments: z.record(z.string(), z.unknown()) }).optional(),
  result: z.object({ isError: z.boolean(), text: z.string() }).optional(),
  error: z.string().optional(),
  /** Started by `triggers run <seq>` rather than by the notification's arrival. */
  manual: z.boolean().optional(),
  /**
   * Why an `auto` rule's firing waits for a yes instead of running (issue 27 item 4): its own
   * ceiling (no `rateLimit`: 10 a minute) or all automatic rules' ceiling (`autoPerMinute`) was reached.
   */
  reason: z.string().optional(),
});
export type TriggerFiring = z.infer<typeof TriggerFiringSchema>;

/**
 * How many times a minute actions of `auto` rules run before a firing waits for a yes instead:
 * `autoPerMinute` for all auto rules together (`"autoPerMinute"` in triggers.json, default 60) and
 * `rulePerMinute` for one rule without a `rateLimit` (10).
 */
export const TriggerLimitsSchema = z.object({ autoPerMinute: z.number().int().positive(), rulePerMinute: z.number().int().positive() });
export type TriggerLimits = z.infer<typeof TriggerLimitsSchema>;

/** A rule as loaded, with whether it can fire and its last firing. */
export const TriggerRuleViewSchema = z.object({
  rule: TriggerRuleSchema,
  /** 1-based line of the rule in `triggers.json`. */
  line: z.number().int().optional(),
  lastFiring: TriggerFiringSchema.optional(),
  firings: z.number().int().nonnegative(),
  /** A rule whose action runs on another server than the one it listens to says so (issue 26 item 4). */
  warning: z.string().optional(),
});
export type TriggerRuleView = z.infer<typeof TriggerRuleViewSchema>;

/** `triggers.json` as loaded, and what the rules did. */
export const TriggersStateSchema = z.object({
  file: z.string(),
  /** The file's text (for the rule editor); only in `triggers:list`, not in events. */
  text: z.string().optional(),
  rules: z.array(TriggerRuleViewSchema),
  /** Problems found in the file, each with file:line; a rule with an error is skipped. */
  warnings: z.array(ConfigWarningSchema),
  /** The ceilings of automatic runs in effect (issue 27 item 4; docs/channels.md "Ceilings"). */
  limits: TriggerLimitsSchema,
  pending: z.array(TriggerFiringSchema),
  /** Recent firings, oldest first (bounded). */
  firings: z.array(TriggerFiringSchema),
});
export type TriggersState = z.infer<typeof TriggersStateSchema>;

/** One line of a rule preview ("test against the last N notifications"). */
export const TriggerPreviewMatchSchema = z.object({
  seq: z.number().int(),
  server: z.string(),
  channel: z.string(),
  rule: z.string(),
  outcome: z.enum(['would fire', 'rate-limited']),
  prompt: z.string(),
  arguments: z.record(z.string(), z.unknown()).optional(),
});
export type TriggerPreviewMatch = z.infer<typeof TriggerPreviewMatchSchema>;

export const TriggerPreviewSchema = z.object({
  warnings: z.array(ConfigWarningSchema),
  /** How many notifications were tested. */
  tested: z.number().int().nonnegative(),
  matches: z.array(TriggerPreviewMatchSchema),
});
export type TriggerPreview = z.infer<typeof TriggerPreviewSchema>;
