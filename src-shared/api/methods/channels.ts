/**
 * `channels:*` and `triggers:*` methods and events (docs/channels.md, issue 13): server notifications as a
 * list with unread counts, acks and pauses; trigger rules, their firings and confirmations. The
 * CLI verbs `channels` and `triggers` are thin clients of exactly these.
 */
import { z } from 'zod';
import {
  ChannelEntryViewSchema,
  ChannelPageSchema,
  ChannelQuerySchema,
  ChannelSummarySchema,
  TriggerFiringSchema,
  TriggerPreviewSchema,
  TriggersStateSchema,
} from '../channels.js';
import { Empty, ServerName } from './common.js';

const Seq = z.number().int().positive();
/** Most characters of `triggers.json` the editor may save (bytes of UTF-16 code units). */
export const MAX_TRIGGERS_TEXT = 1024 * 1024;

export const channelMethods = {
  /** Stored notifications that match (newest `limit`, oldest first); older ones come from the file. */
  'channels:list': { input: ChannelQuerySchema, output: ChannelPageSchema },
  /** Unread counts per server and channel, pauses, pending confirmations. */
  'channels:summary': { input: Empty, output: ChannelSummarySchema },
  /**
   * Acknowledge one entry (`seq`), or every entry so far (`all`), optionally only those a filter
   * shows: one server, a channel pattern, a text (the Notifications view's filters, same matching as
   * `channels:list`). `server` alone or with `channel` acknowledges through a watermark (older entries
   * in the file included); a `text`, or a `channel` without `server`, acknowledges the matching entries
   * of the owner's window (the last 10,000) one by one. Kept in the data folder (survives a restart).
   */
  'channels:ack': {
    input: z
      .object({
        seq: Seq.optional(),
        all: z.literal(true).optional(),
        server: ServerName.optional(),
        channel: z.string().min(1).optional(),
        text: z.string().min(1).max(1000).optional(),
      })
      .strict()
      .refine((v) => (v.seq !== undefined) !== (v.all === true), { message: 'give either "seq" or "all": true' })
      .refine((v) => v.seq === undefined || (v.server === undefined && v.channel === undefined && v.text === undefined), { message: 'filters go with "all": true, not with "seq"' }),
    output: ChannelSummarySchema,
  },
  /**
   * The Notifications view showed every entry up to `through` (absent: the newest): they are no
   * longer unread (issue 32; not acknowledged — rows keep their own state). Kept in the data folder.
   */
  'channels:seen': { input: z.object({ through: z.number().int().nonnegative().optional() }).strict(), output: ChannelSummarySchema },
  /** Pause a server (or one of its channels): entries are kept but neither counted nor matched by rules. */
  'channels:pause': { input: z.object({ server: ServerName, channel: z.string().min(1).optional() }).strict(), output: ChannelSummarySchema },
  /** Undo `channels:pause` for that server or channel. */
  'channels:resume': { input: z.object({ server: ServerName, channel: z.string().min(1).optional() }).strict(), output: ChannelSummarySchema },
  /** The last `limit` (default 20) matching notifications as markdown — what an agent's prompt gets as context. */
  'channels:context': {
    input: z
      .object({ server: ServerName.optional(), channel: z.string().optional(), limit: z.number().int().positive().max(500).optional(), unread: z.boolean().optional() })
      .strict(),
    output: z.object({ markdown: z.string(), count: z.number().int().nonnegative() }),
  },
  /** The rules of `triggers.json` (with its text), warnings, pending confirmations and recent firings. */
  'triggers:list': { input: Empty, output: TriggersStateSchema },
  /** Answer a pending `confirm` firing: accept runs its action (if any), decline records it. */
  'triggers:confirm': { input: z.object({ id: z.string().min(1), accept: z.boolean() }).strict(), output: TriggerFiringSchema },
  /** Evaluate the rules against stored notification `seq` now (rate limits do not apply to this). */
  'triggers:run': { input: z.object({ seq: Seq }).strict(), output: z.array(TriggerFiringSchema) },
  /** Write `triggers.json` (refused, nothing written, while the text has any warning). */
  'triggers:save': { input: z.object({ text: z.string().max(MAX_TRIGGERS_TEXT) }).strict(), output: TriggersStateSchema },
  /**
   * Append ChatCLI's trigger rules (`file`, default `~/.chatcli/mcp/triggers.json`) to `triggers.json`
   * (issue 28 item 5): a rule without `mode` is `notify`, unknown fields go to `extensions`; a rule that
   * would not load or whose name is taken is skipped with why. Nothing is written when none is imported.
   */
  'triggers:importChatcli': {
    input: z.object({ file: z.string().min(1).optional() }).strict(),
    output: z.object({
      from: z.string(),
      into: z.string(),
      imported: z.array(z.string()),
      skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
      notes: z.array(z.string()),
    }),
  },
  /** Test rules (`text`: a `triggers.json` text) against the last `limit` (default 100) notifications, firing nothing. */
  'triggers:preview': {
    input: z.object({ text: z.string().max(MAX_TRIGGERS_TEXT), limit: z.number().int().positive().max(10_000).optional() }).strict(),
    output: TriggerPreviewSchema,
  },
} as const;

export const channelEvents = {
  /** New notifications, batched. */
  'channels:appended': z.array(ChannelEntryViewSchema),
  /** Unread counts or pauses changed (coalesced). */
  'channels:changed': ChannelSummarySchema,
  /** Rules, pending confirmations or firings changed (coalesced; no file text). */
  'triggers:changed': TriggersStateSchema,
  /** Rules fired (`notified`, `pending`, `ran`, `failed`), batched: desktop notifications come from these. */
  'triggers:fired': z.array(TriggerFiringSchema),
  /** Open the Notifications view (at a waiting confirmation): the tray or a desktop notification was clicked. */
  'channels:open': z.object({ confirmation: z.string().optional() }),
} as const;
