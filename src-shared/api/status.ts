/**
 * Serialisable status, server and tool shapes: what the renderer mirrors and what `--json` prints
 * (docs/operator-verbs.md#status-view: "defined once, as a schema in src-shared"). Never carries a secret: env and header
 * values stay in main; only their keys cross the wire.
 */
import { z } from 'zod';
import { PendingApprovalSchema } from './approval.js';
import { PinModeSchema, ServerPinsSchema } from './pins.js';
import { TextFindingSchema } from './findings.js';
import { ConfigWarningSchema, ProtocolModeSchema, ProvenanceSchema, TransportTypeSchema } from '../config/server.js';
import { FailureSchema } from './outcome.js';
import { ListCacheStateSchema } from './list-cache.js';
import { RedactionsSchema } from './redactions.js';
import { ConnectTimingsSchema, DeprecatedFeatureSchema } from './connect-report.js';
import { ConnectWaitSchema } from './connect-wait.js';
import { ToolVisibilitySchema } from './tool-visibility.js';

/** Connection statuses (docs/connections-supervision.md). */
export const ServerStatusNameSchema = z.enum([
  'connecting',
  'connected',
  'disconnected',
  'backoff',
  'error',
  'disabled',
  'stopped',
  'untrusted',
  'changed',
  'needs-auth',
]);
export type ServerStatusName = z.infer<typeof ServerStatusNameSchema>;

/** A definition as the UI may see it: launch facts without secret values. */
export const ServerSummarySchema = z.object({
  name: z.string(),
  transport: TransportTypeSchema,
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  cwd: z.string().optional(),
  url: z.string().optional(),
  /** Keys of `env` (values stay in main). */
  envKeys: z.array(z.string()),
  /** Keys of `headers` (values stay in main). */
  headerKeys: z.array(z.string()),
  authType: z.enum(['oauth', 'bearer', 'basic', 'header']).optional(),
  enabled: z.boolean(),
  /** Effective timeout in ms. */
  timeoutMs: z.number(),
  description: z.string().optional(),
  /** Metadata as the file gives it (ChatCLI's `/mcp status` shows these; issue 28 item 8). */
  tags: z.array(z.string()).optional(),
  category: z.string().optional(),
  /** Tools the host runs without asking (ChatCLI `autoApprove`/`alwaysAllow`, Cline, Roo): security-relevant, shown. */
  autoApprove: z.array(z.string()).optional(),
  /** ChatCLI `overrides`: built-ins (`@webfetch`) the host hides while this server is connected. */
  overrides: z.array(z.string()).optional(),
  /** Protocol generation setting (issue 10): from servers.json, or Switchboard's override for another host's file. */
  protocol: ProtocolModeSchema.optional(),
  /** Where `protocol` comes from when it is not the default: the definition itself or Switchboard's override. */
  protocolFrom: z.enum(['definition', 'override']).optional(),
  source: ProvenanceSchema,
  /** `${…}` placeholders left literal because they could not be resolved. */
  unresolved: z.array(z.string()),
});
export type ServerSummary = z.infer<typeof ServerSummarySchema>;

/**
 * The protocol generation a connection speaks (docs/protocol-eras.md, issue 10): `modern` = 2026-07-28 and
 * later (stateless, `server/discover`), `legacy` = the 2025 era (`initialize`, sessions).
 */
export const ProtocolEraSchema = z.enum(['modern', 'legacy']);
export type ProtocolEra = z.infer<typeof ProtocolEraSchema>;

/** What a connection negotiated (issue 10). */
export const NegotiatedProtocolSchema = z.object({
  era: ProtocolEraSchema,
  /** The negotiated revision, e.g. `2026-07-28` or `2025-11-25`. */
  version: z.string(),
  /** The setting it was reached with (`auto`, `2026-07-28`, `legacy`). */
  mode: ProtocolModeSchema,
  /** True when a remembered era skipped the probe (no `server/discover` round trip). */
  remembered: z.boolean(),
});
export type NegotiatedProtocol = z.infer<typeof NegotiatedProtocolSchema>;

/** One way a listed tool does not match the MCP schema (docs/tool-bridge.md#invalid-tools). */
export const ToolProblemSchema = z.object({
  /** Dotted field path in the tool (`inputSchema.type`); `''` for the tool itself. */
  path: z.string(),
  message: z.string(),
  /** `error`: the SDK's schema rejects it (an SDK-based host loses the whole list); `warning`: a SHOULD. */
  severity: z.enum(['error', 'warning']),
});
export type ToolProblem = z.infer<typeof ToolProblemSchema>;

/** One server's runtime state (docs/connections-supervision.md, §8). Times are epoch ms; durations ms. */
export const ServerStateSchema = z.object({
  server: ServerSummarySchema,
  status: ServerStatusNameSchema,
  toolCount: z.number().int().nonnegative(),
  /** When the current connection became `connected` (epoch ms); absent when not connected. */
  connectedAt: z.number().optional(),
  lastError: z.string().optional(),
  /** What `lastError` is, typed (issue 11 item 3): faces decide by this, never by the text. */
  failure: FailureSchema.optional(),
  restartCount: z.number().int().nonnegative(),
  /** Most recent request latencies, oldest first (ms). */
  recentLatencyMs: z.array(z.number()),
  /** Definitions with the same name from lower-priority sources, hidden by this one. */
  shadows: z.array(ProvenanceSchema),
  /** Server-reported implementation info (initialize, or server/discover on 2026-07-28). Untrusted text. */
  serverInfo: z.object({ name: z.string(), version: z.string() }).optional(),
  /** The protocol generation and revision of the live connection (issue 10). */
  protocol: NegotiatedProtocolSchema.optional(),
  /** The server's declared capabilities while connected (untrusted, shown as data). */
  capabilities: z.record(z.string(), z.unknown()).optional(),
  /** The server's instructions while connected (untrusted text, rendered as text). */
  instructions: z.string().optional(),
  /** Issue 15 item 4: the capabilities Switchboard sent (in `initialize`, or the 2026-07-28 per-request `_meta`) while connected. */
  clientCapabilities: z.record(z.string(), z.unknown()).optional(),
  /** Issue 15 item 4: the phases of the last successful connect (ms). */
  connectTimings: ConnectTimingsSchema.optional(),
  /** Issue 15 item 4: features in use that 2026-07-28 deprecates (present only when some are). */
  deprecated: z.array(DeprecatedFeatureSchema).optional(),
  /**
   * ChatCLI `overrides` (issue 28 item 1), computed by the core: the built-ins this server hides while
   * connected, whether they are hidden now, and the line every face shows. Absent without `overrides`.
   */
  builtinOverrides: z.object({ hides: z.array(z.string()), hidden: z.boolean(), text: z.string() }).optional(),
  /** Env/header entries omitted at connect time because they could not be resolved (docs/auth.md). */
  droppedValues: z.array(z.object({ key: z.string(), reason: z.string() })).optional(),
  /** What the last lists got wrong (tools, resources, prompts, joined by `; `): a repeated cursor, the page limit, duplicates dropped, the true count (issue 14 item 7). */
  listWarning: z.string().optional(),
  /** The tools list's own part of `listWarning`, shown with the tool list (`switchboard tools`, its `--json` `warnings`, the window's Tools tab): e.g. that it is incomplete and why (issue 27 item 6). */
  toolListWarning: z.string().optional(),
  /** 2026-07-28 HTTP: tools left out of the list for an invalid `x-mcp-header` declaration, with the reason (issue 12 item 4). Untrusted names. */
  excludedTools: z.array(z.object({ name: z.string(), reason: z.string() })).optional(),
  /** Listed tools that do not match the MCP schema, each with its problems (docs/tool-bridge.md#invalid-tools). Untrusted names. */
  invalidTools: z.array(z.object({ name: z.string(), problems: z.array(ToolProblemSchema) })).optional(),
  /** 2026-07-28: how the tool list was last served (`ttlMs` / `cacheScope`, issue 12 item 3). */
  toolsCache: ListCacheStateSchema.optional(),
  /** While `backoff`: when the next automatic start is due (epoch ms). */
  nextRestartAt: z.number().optional(),
  /** While `connecting`: the attempt in progress, its deadline and the request it waits on (connect-wait.ts). */
  connectWait: ConnectWaitSchema.optional(),
  /** Stopped by the user (kept in state.json; reload respects it). */
  manualStop: z.boolean().optional(),
  /** Issue 16: a project server waiting for approval (untrusted folder, new or changed definition): what it would run, and the diff. */
  approval: PendingApprovalSchema.optional(),
  /** Issue 16 item 2: tools that differ from their pins (present only when some do). */
  pins: ServerPinsSchema.optional(),
  /** The server's pin mode when it is not the default `warn` (trial 6 finding 7: `off` has no drift to carry it). */
  pinMode: PinModeSchema.optional(),
  /** Issue 16 item 3: suspicious text in its tools' descriptions, schemas or instructions (evidence, present only when found). */
  findings: z.array(TextFindingSchema).optional(),
  /**
   * Issue 30 item 6: the separate processes the gateway runs under this server for hosts whose
   * definition or roots differ (`<server>@<8 hex>`, docs/gateway.md § Sharing), each with its
   * status; present only when some are wanted.
   */
  gatewayInstances: z.array(z.object({ name: z.string(), status: ServerStatusNameSchema })).optional(),
});
export type ServerState = z.infer<typeof ServerStateSchema>;

/** A definition that lost to a higher-priority one with the same name (docs/config-discovery.md). */
export const ShadowedDefinitionSchema = z.object({
  server: ServerSummarySchema,
  shadowedBy: ProvenanceSchema,
});
export type ShadowedDefinition = z.infer<typeof ShadowedDefinitionSchema>;

/** The project folder and whether its servers may run (docs/config-discovery.md workspace trust). */
export const ProjectStateSchema = z.object({
  dir: z.string(),
  trusted: z.boolean(),
  /** Project-level files found in this folder (so the UI can say what trusting would run). */
  projectFiles: z.array(z.string()),
});
export type ProjectState = z.infer<typeof ProjectStateSchema>;

/** Everything the server list shows, in one snapshot (also `switchboard status --json`). */
export const ServersSnapshotSchema = z.object({
  project: ProjectStateSchema,
  servers: z.array(ServerStateSchema),
  shadowed: z.array(ShadowedDefinitionSchema),
  warnings: z.array(ConfigWarningSchema),
  totals: z.object({ servers: z.number().int(), connected: z.number().int(), tools: z.number().int() }),
  /** Where secrets are kept: the OS keychain, or the file store a person chose (issue 14 item 11). */
  secretStore: z.object({ kind: z.enum(['keychain', 'file']), file: z.string().optional(), chosenBy: z.string().optional() }).optional(),
  /**
   * When the core built this list: `core` names one running core (new at each start), `seq` counts
   * the lists it built (1, 2, …; every `servers:list` answer, action answer and `servers:changed`
   * event). A later list reflects a later state, so a face that receives lists out of order (an
   * answer overtaken by an event) keeps the newer one (`isOlderSnapshot`). Absent on lists not
   * built by a core.
   */
  revision: z.object({ core: z.string(), seq: z.number().int().positive() }).optional(),
});
export type ServersSnapshot = z.infer<typeof ServersSnapshotSchema>;

/**
 * Whether `incoming` was built by the same core BEFORE `held` (smaller `revision.seq`) and must not
 * replace it. A list without a revision, or from another core (a restarted owner), is never older.
 */
export function isOlderSnapshot(held: ServersSnapshot | undefined, incoming: ServersSnapshot): boolean {
  const a = held?.revision;
  const b = incoming.revision;
  return !!a && !!b && a.core === b.core && b.seq < a.seq;
}

/** A tool under its agent-visible name (docs/tool-bridge.md). Text fields are untrusted server text. */
export const ToolInfoSchema = z.object({
  server: z.string(),
  /** Raw MCP tool name, as the server sent it. */
  name: z.string(),
  /**
   * `mcp_<server>_<tool>`, suffixed `_2`, `_3`… on collision; longer than 64 characters it is
   * shortened to 55 characters + `_` + 8 hex characters of a hash (issue 14 item 6, `shortened`).
   * `''` for an MCP Apps app-only tool (`visibility` without `model`, docs/mcp-apps.md): it has no agent-visible name.
   */
  agentName: z.string(),
  /** Set when `agentName` was shortened: the full docs/tool-bridge.md name (with its suffix) it stands for. */
  fullAgentName: z.string().optional(),
  title: z.string().optional(),
  /** The server's own description. */
  description: z.string(),
  /** `[MCP:<server>] <description>`. */
  agentDescription: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  outputSchema: z.record(z.string(), z.unknown()).optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
  /** Icons the server declares (`src` URLs are untrusted: faces load no remote image without asking). */
  icons: z.array(z.record(z.string(), z.unknown())).optional(),
  /** `execution.taskSupport` (`forbidden` | `optional` | `required`; MCP 2025-11-25 tasks). */
  execution: z.record(z.string(), z.unknown()).optional(),
  /**
   * MCP Apps `_meta.ui.visibility` as the server declares it (tool-visibility.ts): `model`, `app`;
   * absent when the server declares none, which means `["model", "app"]`. A tool without `model` is
   * app-only: Switchboard's gateway never gives it to an agent.
   */
  visibility: ToolVisibilitySchema.optional(),
  /** The tool's MCP App (`_meta.ui.resourceUri`, or the deprecated flat key; docs/mcp-apps.md); absent when it has none. */
  ui: z.object({ resourceUri: z.string() }).optional(),
  /**
   * Set only in `tools:list {offForAgents: true}` (the window): the tool is off for agents (its
   * definition's lists or Switchboard's context-budget switch leave it out), why; a person may still
   * call it (`tools:call` with `person`). Issue 32, docs/tool-bridge.md § Off for agents.
   */
  offForAgents: z.string().optional(),
  /** Other raw tools whose computed name is the same (the first few by priority); empty when unique. */
  collidesWith: z.array(z.object({ server: z.string(), tool: z.string() })),
  /** How many other raw tools compute the same name (`collidesWith` lists at most 5); absent when unique. */
  collisionCount: z.number().int().optional(),
  /** Where the tool as listed does not match the MCP schema (trial 6 finding 2); absent when valid. */
  problems: z.array(ToolProblemSchema).optional(),
});
export type ToolInfo = z.infer<typeof ToolInfoSchema>;

/**
 * `switchboard tools --json` (issue 27 item 6): the tools, and what the listing of each server got
 * wrong (`ServerState.toolListWarning`: a list that stopped early is incomplete, and says why).
 */
export const ToolsListingSchema = z.object({
  tools: z.array(ToolInfoSchema),
  warnings: z.array(z.object({ server: z.string(), warning: z.string() })),
});
export type ToolsListing = z.infer<typeof ToolsListingSchema>;

/** One content block of a tool result, passed through as the server sent it (untrusted). */
export const ContentBlockSchema = z.record(z.string(), z.unknown()).and(z.object({ type: z.string() }));
export type ContentBlock = z.infer<typeof ContentBlockSchema>;

/** A mapped `tools/call` result (docs/tool-bridge.md). `isError` results are results, not API errors. */
export const ToolCallResultSchema = z.object({
  server: z.string(),
  tool: z.string(),
  /** Not sent: Switchboard's own pre-check found required parameters missing (trial 6 finding 11); the server was not called. */
  notSent: z.literal('missing-required').optional(),
  isError: z.boolean(),
  /** Content flattened to text; `Error: …` for isError, `MCP error: …` for a thrown failure. */
  text: z.string(),
  content: z.array(ContentBlockSchema),
  /** Any JSON value (2026-07-28 allows arrays and scalars, not only objects). */
  structuredContent: z.unknown().optional(),
  /** Output-schema check of `structuredContent` (successful results only); a warning, never a loss. */
  outputWarning: z.string().optional(),
  /** True when the tool declares an output schema and `structuredContent` matched it (shown as a ✓). */
  outputValid: z.literal(true).optional(),
  durationMs: z.number(),
  /**
   * Set when the call itself failed or was cancelled (not for a tool's own `isError` result):
   * the typed outcome faces decide by (issue 11 item 3).
   */
  failure: FailureSchema.optional(),
  /**
   * Set when the caller asked for a preview (`tools:call` `previewChars`) and the result was larger:
   * `text` and each long text block hold only their first characters; `tools:fullText` with
   * `resultId` gives the whole flattened text (kept in main for the last few large results).
   */
  truncated: z.object({ resultId: z.string(), totalChars: z.number().int() }).optional(),
  /** Values from the configuration masked in this result (docs/security.md "Redaction"); absent when none. */
  redactions: RedactionsSchema,
});
export type ToolCallResult = z.infer<typeof ToolCallResultSchema>;

/** One log line of a server (stderr, stdout noise, or our own lifecycle notes). */
/** MCP logging levels (RFC 5424 names), least to most severe. */
export const LogLevelSchema = z.enum(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);
export type LogLevel = z.infer<typeof LogLevelSchema>;

export const LogEntrySchema = z.object({
  seq: z.number().int().nonnegative(),
  server: z.string(),
  time: z.number(),
  stream: z.enum(['stderr', 'stdout', 'system']),
  text: z.string(),
  /** The line's level (core/mcp/logs/log-level.ts); absent when a stderr line names none. */
  level: LogLevelSchema.optional(),
});
export type LogEntry = z.infer<typeof LogEntrySchema>;
