/**
 * Shapes of the inspector (docs/tool-bridge.md, §9; issue 5): tool descriptions for deferred schemas, call
 * progress and history, resources, prompts, completions, logging levels, server-initiated requests
 * (sampling, elicitation, roots) and tasks. Everything a server sent is untrusted text: faces show
 * it as text, never as HTML. MCP payloads pass through loosely (`looseObject`), so a field a newer
 * server adds is kept rather than stripped.
 */
import { z } from 'zod';
import { ToolVisibilitySchema } from './tool-visibility.js';
import { CallViaSchema } from './gateway.js';
import { HostIdSchema } from '../config/server.js';
import { ToolCallResultSchema } from './status.js';
import { ListCacheStateSchema } from './list-cache.js';
import { RedactionsSchema } from './redactions.js';
import { ErrorCodeSchema } from './envelope.js';

export { ListCacheStateSchema, type ListCacheState } from './list-cache.js';

/** `describe` (docs/tool-bridge.md deferred schemas): everything needed to call one tool. */
export const ToolDescriptionSchema = z.object({
  server: z.string(),
  /** Raw MCP tool name. */
  tool: z.string(),
  agentName: z.string(),
  /** `[MCP:<server>] <description>`. */
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  outputSchema: z.record(z.string(), z.unknown()).optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
  /** How to invoke it, e.g. `switchboard call mcp_everything_echo --args '{"message":"<string>"}'`. */
  invocation: z.string(),
  /** Names of the required top-level parameters. */
  required: z.array(z.string()),
  /** MCP Apps visibility as declared (absent: both); without `model` the tool is app-only and `agentName` is `''`. */
  visibility: ToolVisibilitySchema.optional(),
  /** The tool's MCP App (docs/mcp-apps.md); absent when it has none. */
  ui: z.object({ resourceUri: z.string() }).optional(),
  /** Set when the tool was asked for by its name before digits were kept (`formerNameNote`, docs/tool-bridge.md; one release). */
  note: z.string().optional(),
});
export type ToolDescription = z.infer<typeof ToolDescriptionSchema>;

/** One line of the catalog export (docs/tool-bridge.md): name + description, no schema. */
export const CatalogEntrySchema = z.object({ name: z.string(), description: z.string() });
export type CatalogEntry = z.infer<typeof CatalogEntrySchema>;

/** A `notifications/progress` of a running tool call, keyed by the caller's `callId`. */
export const ToolProgressSchema = z.object({
  callId: z.string(),
  server: z.string(),
  tool: z.string(),
  progress: z.number(),
  total: z.number().optional(),
  message: z.string().optional(),
});
export type ToolProgress = z.infer<typeof ToolProgressSchema>;

/** How a recorded call ended. `failed` = thrown (`MCP error: …`); `error` = the tool's isError. */
/** `refused`: Switchboard's gateway refused the call before any server saw it (the record's `refused` says why). */
export const CallOutcomeSchema = z.enum(['ok', 'error', 'failed', 'cancelled', 'refused']);
export type CallOutcome = z.infer<typeof CallOutcomeSchema>;

/** One entry of a server's call history (docs/inspecting.md "call history with latency"). Times epoch ms. */
export const CallRecordSchema = z.object({
  id: z.string(),
  server: z.string(),
  tool: z.string(),
  args: z.record(z.string(), z.unknown()),
  startedAt: z.number(),
  durationMs: z.number(),
  outcome: CallOutcomeSchema,
  /** The first characters of the result text. */
  preview: z.string(),
  /** Whether it ran as a task. */
  task: z.boolean().optional(),
  /** The trigger rule whose action made this call (issue 26 item 4); absent: a person or an agent called it. */
  rule: z.string().optional(),
  /** The gateway door the call came through (issue 30, docs/gateway.md); absent: not through the gateway. */
  via: CallViaSchema.optional(),
  /**
   * A gateway call refused by the host's filters (outcome `refused`; docs/gateway.md § Filters):
   * the name the agent asked for, the contract error code and the words it got. `server` and `tool`
   * are what the name stands for when known (held back, or its server is); else `server` is `""` and
   * `tool` the name asked for.
   */
  refused: z.object({ name: z.string(), code: ErrorCodeSchema, reason: z.string() }).optional(),
  /**
   * Arguments kept only in part (issue 9: at most 64 KiB each): their value is then the start of
   * their JSON text followed by `…[cut: <n> bytes in all]`, so replaying them sends something else.
   */
  cut: z.array(z.string()).optional(),
  /**
   * Arguments whose value held a secret when recorded (issue 14 item 12): kept as `[redacted]`,
   * so a replay asks for them again rather than sending the mask.
   */
  redacted: z.array(z.string()).optional(),
});
export type CallRecord = z.infer<typeof CallRecordSchema>;

/** A resource as listed (untrusted). */
export const ResourceInfoSchema = z.looseObject({
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});
export type ResourceInfo = z.infer<typeof ResourceInfoSchema>;

/** A resource template as listed; its arguments are the `{name}` placeholders of `uriTemplate`. */
export const ResourceTemplateInfoSchema = z.looseObject({
  uriTemplate: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  /** Placeholder names parsed from `uriTemplate` (RFC 6570 expressions, operators dropped). */
  arguments: z.array(z.string()),
});
export type ResourceTemplateInfo = z.infer<typeof ResourceTemplateInfoSchema>;

/** A paged list followed to the end; `truncated` when the page cap or a repeated cursor stopped it. */
/** `warning`: what a list that lied did, with the true count (issue 14 item 7; also in the server's status). `cache`: how a 2026-07-28 list was served. */
export const ResourceListSchema = z.object({ resources: z.array(ResourceInfoSchema), truncated: z.boolean(), warning: z.string().optional(), cache: ListCacheStateSchema.optional() });
export const ResourceTemplateListSchema = z.object({ templates: z.array(ResourceTemplateInfoSchema), truncated: z.boolean(), warning: z.string().optional(), cache: ListCacheStateSchema.optional() });

/** One item of `resources/read`: text or base64 blob. */
export const ResourceContentsSchema = z.looseObject({
  uri: z.string(),
  mimeType: z.string().optional(),
  text: z.string().optional(),
  blob: z.string().optional(),
});
export const ReadResourceOutputSchema = z.object({ contents: z.array(ResourceContentsSchema), durationMs: z.number(), redactions: RedactionsSchema });
export type ReadResourceOutput = z.infer<typeof ReadResourceOutputSchema>;

/** A `notifications/resources/updated` (after `resources:subscribe`). */
export const ResourceUpdatedSchema = z.object({ server: z.string(), uri: z.string(), time: z.number() });
export type ResourceUpdated = z.infer<typeof ResourceUpdatedSchema>;

/** A prompt as listed (untrusted). */
export const PromptInfoSchema = z.looseObject({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z
    .array(z.looseObject({ name: z.string(), description: z.string().optional(), required: z.boolean().optional() }))
    .optional(),
});
export type PromptInfo = z.infer<typeof PromptInfoSchema>;

/** `prompts/get`: the rendered messages (content blocks as the server sent them). */
export const GetPromptOutputSchema = z.object({
  description: z.string().optional(),
  messages: z.array(z.looseObject({ role: z.string(), content: z.record(z.string(), z.unknown()) })),
  redactions: RedactionsSchema,
});
export type GetPromptOutput = z.infer<typeof GetPromptOutputSchema>;

/** What a completion is for. */
export const CompletionRefSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ref/prompt'), name: z.string() }),
  z.object({ type: z.literal('ref/resource'), uri: z.string() }),
]);
export const CompletionOutputSchema = z.object({
  values: z.array(z.string()),
  total: z.number().optional(),
  hasMore: z.boolean().optional(),
});
export type CompletionOutput = z.infer<typeof CompletionOutputSchema>;

/** MCP logging levels (RFC 5424 names). */
export const LoggingLevelSchema = z.enum(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);
export type LoggingLevel = z.infer<typeof LoggingLevelSchema>;

/** A root offered to servers (`roots/list`). */
export const RootSchema = z.object({ uri: z.string(), name: z.string().optional() });
export type Root = z.infer<typeof RootSchema>;

/**
 * Which server-initiated request waits for a person: `sampling`, `elicitation`; `roots` only ever
 * for a gateway call's host (issue 30: a `roots/list` during a call through a door goes to that host).
 */
export const ServerRequestKindSchema = z.enum(['sampling', 'elicitation', 'roots']);
export type ServerRequestKind = z.infer<typeof ServerRequestKindSchema>;

/**
 * A sampling or elicitation request a server sent, waiting for a person's answer. `params` is the
 * request's params as sent (sampling: messages, systemPrompt, maxTokens…; elicitation: message,
 * requestedSchema).
 */
export const PendingServerRequestSchema = z.object({
  id: z.string(),
  server: z.string(),
  kind: ServerRequestKindSchema,
  receivedAt: z.number(),
  params: z.record(z.string(), z.unknown()),
  /**
   * Issue 30: the gateway call this request belongs to — the host whose door made it and the door's
   * `callId`. Such a request goes to that door (`gateway:serverRequest`), never to the window.
   */
  via: z.object({ host: HostIdSchema, callId: z.string() }).optional(),
  /**
   * Issue 31: a guard-rail confirmation of the gateway call of `name` by `host`'s agent (an
   * elicitation with a `confirm` Boolean), shown in the window even when it also goes to the door.
   */
  confirm: z.object({ host: HostIdSchema, name: z.string() }).optional(),
});
export type PendingServerRequest = z.infer<typeof PendingServerRequestSchema>;

/**
 * A person's answer. Elicitation: `accept` (with `content`), `decline`, `cancel`. Sampling: `reply`
 * (the text the person wrote or approved; `model` defaults to `human`) or `decline`.
 */
export const ServerRequestAnswerSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept'), content: z.record(z.string(), z.unknown()).default({}) }),
  z.object({ action: z.literal('decline') }),
  z.object({ action: z.literal('cancel') }),
  z.object({ action: z.literal('reply'), text: z.string(), model: z.string().optional() }),
  /**
   * Issue 30: a gateway door's host answered: its `result` (the MCP result as the host gave it, passed
   * on unchanged) or its JSON-RPC `error`, passed on to the server with the same code and words.
   */
  z.object({
    action: z.literal('relayed'),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z.object({ code: z.number().int(), message: z.string().max(10_000) }).optional(),
  }),
]);
export type ServerRequestAnswer = z.infer<typeof ServerRequestAnswerSchema>;

/** A pending request left the queue: answered, declined at once, or abandoned by the server. */
export const ServerRequestResolvedSchema = z.object({ id: z.string(), server: z.string(), outcome: z.string() });
export type ServerRequestResolved = z.infer<typeof ServerRequestResolvedSchema>;

/** MCP task statuses (2025-11-25, and the 2026-07-28 tasks extension). */
export const TaskStatusSchema = z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']);

/** A tool call run as a task, as the tasks view shows it. Times epoch ms. */
export const TaskRecordSchema = z.object({
  taskId: z.string(),
  server: z.string(),
  tool: z.string(),
  status: TaskStatusSchema,
  statusMessage: z.string().optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
  result: ToolCallResultSchema.optional(),
  error: z.string().optional(),
  /** The plain `tools:call` (its `callId`) a 2026-07-28 server answered with this task. */
  callId: z.string().optional(),
});
export type TaskRecord = z.infer<typeof TaskRecordSchema>;

/**
 * Whether a server's declared capabilities offer resource subscriptions (`resources.subscribe`
 * truthy; MCP § Resources, Subscriptions). The one rule: the core refuses a subscribe without it,
 * the Resources tab disables its Subscribe button.
 */
export function offersSubscriptions(capabilities: Record<string, unknown> | undefined): boolean {
  const resources = capabilities?.resources;
  return typeof resources === 'object' && resources !== null && Boolean((resources as { subscribe?: unknown }).subscribe);
}
