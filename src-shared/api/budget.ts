/**
 * The context budget (issue 16 item 4, docs/context-budget.md): what each tool's definition costs
 * an agent in tokens, per tool, per server and per host, and where a per-tool on/off is written.
 * Counts are estimates from one tokenizer (named in `tokenizer`). Tool text is the server's
 * (untrusted): rendered as text.
 */
import { z } from 'zod';
import { HostIdSchema } from '../config/server.js';

/** `bridge`: what Switchboard's own bridge and library offer agents (every server it runs); else a host's own view. */
export const BudgetHostIdSchema = z.union([z.literal('bridge'), HostIdSchema]);
export type BudgetHostId = z.infer<typeof BudgetHostIdSchema>;

/** Which tokenizer counted, and what the figures mean. */
export const TokenizerInfoSchema = z.object({
  /** npm package and version, e.g. `gpt-tokenizer` `4.0.0`. */
  package: z.string(),
  version: z.string(),
  /** The BPE encoding, e.g. `o200k_base`. */
  encoding: z.string(),
  /** One line for people: an estimate, exact only for that model family. */
  note: z.string(),
});
export type TokenizerInfo = z.infer<typeof TokenizerInfoSchema>;

/** Tokens of one tool's definition: its parts, and the whole as sent (`total` counts the serialised object). */
export const ToolTokensSchema = z.object({
  name: z.number().int().nonnegative(),
  description: z.number().int().nonnegative(),
  inputSchema: z.number().int().nonnegative(),
  outputSchema: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type ToolTokens = z.infer<typeof ToolTokensSchema>;

/** Why a tool is off for this host's agent. */
export const ToolOffReasonSchema = z.enum(['host-list', 'switchboard', 'pin']);

/** Where a per-tool on/off of a server goes for this view. */
export const ToggleTargetSchema = z.discriminatedUnion('kind', [
  /** Written to the host's own allow/deny list in `file` (`keys`: the keys it uses, e.g. `enabled_tools`/`disabled_tools`). */
  z.object({ kind: z.literal('file'), host: HostIdSchema, file: z.string(), keys: z.string() }),
  /** Kept by Switchboard only (state.json): its bridge and library leave the tool out; the host itself still sends it. */
  z.object({ kind: z.literal('switchboard'), note: z.string() }),
  /** Cannot be toggled from this view (the note says where it can). */
  z.object({ kind: z.literal('none'), note: z.string() }),
]);
export type ToggleTarget = z.infer<typeof ToggleTargetSchema>;

export const BudgetToolSchema = z.object({
  server: z.string(),
  /** Raw tool name (as the server lists it). */
  tool: z.string(),
  /** The name this host's agent sees (the raw name where the host's scheme is unknown). */
  name: z.string(),
  tokens: ToolTokensSchema,
  on: z.boolean(),
  offBy: ToolOffReasonSchema.optional(),
});
export type BudgetTool = z.infer<typeof BudgetToolSchema>;

export const BudgetServerSchema = z.object({
  server: z.string(),
  /** False: not connected, so its tools (and their cost) are unknown. */
  listed: z.boolean(),
  tools: z.number().int().nonnegative(),
  onTools: z.number().int().nonnegative(),
  /** Tokens of its tools that are on, plus its skills' (`skillTokens`). */
  tokens: z.number().int().nonnegative(),
  offTokens: z.number().int().nonnegative(),
  /** Issue 35 item 3: skills it lists (`skills/list`) — present only when it offers the Skills extension and listed them. */
  skills: z.number().int().nonnegative().optional(),
  /** Tokens of those skills' names and descriptions (what an agent loads up front), included in `tokens`. */
  skillTokens: z.number().int().nonnegative().optional(),
  toggle: ToggleTargetSchema,
});
export type BudgetServer = z.infer<typeof BudgetServerSchema>;

/** One host in the selector: what its agent sees in all. */
export const BudgetHostSummarySchema = z.object({
  id: BudgetHostIdSchema,
  label: z.string(),
  servers: z.number().int().nonnegative(),
  tools: z.number().int().nonnegative(),
  tokens: z.number().int().nonnegative(),
});
export type BudgetHostSummary = z.infer<typeof BudgetHostSummarySchema>;

/**
 * A limit the view is past (issue 32, docs/context-budget.md § Warnings): `tokens` — more than
 * `limit` tokens of tool definitions; `tools` — more tools on than the host's documented or reported
 * limit. `text` says which, for people.
 */
export const BudgetWarningSchema = z.object({ kind: z.enum(['tokens', 'tools']), limit: z.number().int().positive(), text: z.string() });
export type BudgetWarning = z.infer<typeof BudgetWarningSchema>;

/**
 * For a host whose file has no per-tool list: its switches are kept in Switchboard and act through
 * the host's gateway door (docs/gateway.md § Per-host toggles), so whether the host's files hold
 * that door entry (`connected`), and `note` saying what that means for the switches.
 */
export const BudgetGatewayLinkSchema = z.object({ connected: z.boolean(), note: z.string() });
export type BudgetGatewayLink = z.infer<typeof BudgetGatewayLinkSchema>;

/** `budget:get`: the hosts (summaries) and one host's servers and tools, biggest first. */
export const BudgetSchema = z.object({
  tokenizer: TokenizerInfoSchema,
  /** `bridge` first, then every host that loads at least one server. */
  hosts: z.array(BudgetHostSummarySchema),
  host: BudgetHostIdSchema,
  label: z.string(),
  /** How names were made for this host (e.g. `mcp__<server>__<tool>`), or why the raw name was used. */
  naming: z.string(),
  totals: z.object({
    tools: z.number().int().nonnegative(),
    /** Tokens of the tools that are on plus `skillTokens`. */
    tokens: z.number().int().nonnegative(),
    offTools: z.number().int().nonnegative(),
    offTokens: z.number().int().nonnegative(),
    /** Issue 35 item 3: skills the servers list, and the tokens of their names and descriptions (in `tokens`). */
    skills: z.number().int().nonnegative(),
    skillTokens: z.number().int().nonnegative(),
  }),
  /** Servers by `tokens`, biggest first. */
  servers: z.array(BudgetServerSchema),
  /** Tools by `tokens.total`, biggest first. */
  tools: z.array(BudgetToolSchema),
  /**
   * A host's progressive discovery (issue 31 item 4, docs/gateway.md; absent for the bridge): whether
   * it is on, the tokens of the full list (`totals.tokens`: the tools that are on) against the three
   * tools the door offers instead (`search_tools`, `describe_tool`, `call_tool`, counted the same
   * way), and the difference (`saving`, never below 0).
   */
  progressive: z
    .object({ on: z.boolean(), fullTokens: z.number().int().nonnegative(), progressiveTokens: z.number().int().nonnegative(), saving: z.number().int().nonnegative() })
    .optional(),
  /** Limits this view is past (issue 32); empty when none. */
  warnings: z.array(BudgetWarningSchema),
  /** A host view whose switches act through the gateway (no per-tool list in its file): whether the host is connected through it. */
  gateway: BudgetGatewayLinkSchema.optional(),
});
export type Budget = z.infer<typeof BudgetSchema>;

/** Outcome of `budget:setTool`. */
export const ToolToggleOutcomeSchema = z.object({
  server: z.string(),
  tool: z.string(),
  on: z.boolean(),
  target: ToggleTargetSchema,
  /** Nothing to write: the tool was already as asked. */
  unchanged: z.boolean(),
  notes: z.array(z.string()),
});
export type ToolToggleOutcome = z.infer<typeof ToolToggleOutcomeSchema>;

/** Outcome of `budget:setServer` (every tool of one server on or off, issue 32). */
export const ServerToggleOutcomeSchema = z.object({
  server: z.string(),
  on: z.boolean(),
  target: ToggleTargetSchema,
  /** Tools the server lists, all switched. */
  tools: z.number().int().nonnegative(),
  /** Nothing to write: every tool already was as asked. */
  unchanged: z.boolean(),
  notes: z.array(z.string()),
});
export type ServerToggleOutcome = z.infer<typeof ServerToggleOutcomeSchema>;
