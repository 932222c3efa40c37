/**
 * Inspector methods and events (issue 5; docs/tool-bridge.md deferred schemas and cancel, §9 resources,
 * prompts, completions, roots, sampling, elicitation, call history): everything a server offers
 * beyond `tools:list`/`tools:call`, and what servers ask back.
 */
import { z } from 'zod';
import {
  CatalogEntrySchema,
  CompletionOutputSchema,
  CompletionRefSchema,
  GetPromptOutputSchema,
  LoggingLevelSchema,
  PendingServerRequestSchema,
  PromptInfoSchema,
  ReadResourceOutputSchema,
  ResourceListSchema,
  ResourceTemplateListSchema,
  ResourceUpdatedSchema,
  RootSchema,
  ServerRequestAnswerSchema,
  ServerRequestResolvedSchema,
  TaskRecordSchema,
  ToolDescriptionSchema,
  ToolProgressSchema,
} from '../inspector.js';
import { ListCacheStateSchema } from '../list-cache.js';
import { RedactionsSchema } from '../redactions.js';
import { Empty, ServerName } from './common.js';
import { RootsOriginSchema } from '../../config/host-roots.js';

/** A server's roots and where they came from (issue 14 item 3). */
const RootsViewSchema = z.object({ roots: z.array(RootSchema), origin: RootsOriginSchema });

const Uri = z.string().min(1).max(10_000);
const ServerOnly = z.object({ server: ServerName }).strict();
/** A server's list; `refresh`: fetch even when the held 2026-07-28 list is still fresh by its `ttlMs` (issue 12 item 3). */
const ListInput = z.object({ server: ServerName, refresh: z.boolean().optional() }).strict();

export const inspectorMethods = {
  /** Cancel a running `tools:call` by its `callId`: aborts the request (`notifications/cancelled`). */
  /** Re-list a server's tools now, past a still-fresh 2026-07-28 list (issue 12 item 3). */
  'tools:refresh': { input: ServerOnly, output: z.object({ toolCount: z.number(), cache: ListCacheStateSchema.optional() }) },
  'tools:cancel': { input: z.object({ callId: z.string().min(1).max(100) }).strict(), output: z.object({ cancelled: z.boolean() }) },
  /** The catalog export (docs/tool-bridge.md): agent-visible name + `[MCP:<server>] <description>`, no schemas. */
  'tools:catalog': { input: z.object({ server: ServerName.optional() }).strict(), output: z.array(CatalogEntrySchema) },
  /** `describe` (docs/tool-bridge.md): by agent-visible `name`, or by raw `server` + `tool`. */
  'tools:describe': {
    input: z.object({ name: z.string().optional(), server: ServerName.optional(), tool: z.string().optional() }).strict(),
    output: ToolDescriptionSchema,
  },
  /** Raw names of tools the server lists but its enabledTools/disabledTools hide. */
  'tools:filtered': { input: ServerOnly, output: z.array(z.string()) },
  /** The whole text of a result that came back truncated (`ToolCallResult.truncated.resultId`). */
  'tools:fullText': { input: z.object({ resultId: z.string().min(1).max(100) }).strict(), output: z.object({ text: z.string(), redactions: RedactionsSchema }) },
  'resources:list': { input: ListInput, output: ResourceListSchema },
  'resources:templates': { input: ListInput, output: ResourceTemplateListSchema },
  'resources:read': { input: z.object({ server: ServerName, uri: Uri }).strict(), output: ReadResourceOutputSchema },
  /** Subscribe (`on: true`) or unsubscribe; updates arrive as `resources:updated`. */
  'resources:subscribe': { input: z.object({ server: ServerName, uri: Uri, on: z.boolean() }).strict(), output: z.object({ subscribed: z.array(z.string()) }) },
  'prompts:list': { input: ListInput, output: z.object({ prompts: z.array(PromptInfoSchema), truncated: z.boolean(), warning: z.string().optional(), cache: ListCacheStateSchema.optional() }) },
  'prompts:get': {
    input: z.object({ server: ServerName, name: z.string().min(1), args: z.record(z.string(), z.string()).default({}) }).strict(),
    output: GetPromptOutputSchema,
  },
  /** `completion/complete` for a prompt argument or a resource-template argument. */
  'completion:complete': {
    input: z
      .object({
        server: ServerName,
        ref: CompletionRefSchema,
        argument: z.object({ name: z.string(), value: z.string() }),
        context: z.record(z.string(), z.string()).optional(),
      })
      .strict(),
    output: CompletionOutputSchema,
  },
  /** `logging/setLevel`; the server's log messages land in its log (stream `system`, `server log [level]`). */
  'logging:setLevel': { input: z.object({ server: ServerName, level: LoggingLevelSchema }).strict(), output: z.object({ level: LoggingLevelSchema }) },
  /** Sampling/elicitation requests waiting for a person. */
  'requests:list': { input: Empty, output: z.array(PendingServerRequestSchema) },
  'requests:answer': { input: z.object({ id: z.string(), answer: ServerRequestAnswerSchema }).strict(), output: z.object({ answered: z.boolean() }) },
  /** Roots offered to a server and their origin: the person's choice, else its host's rule (docs/roots.md). */
  'roots:get': { input: ServerOnly, output: RootsViewSchema },
  /**
   * Choose the roots offered to a server, or `reset` to its host's rule (docs/roots.md); it is told
   * with `notifications/roots/list_changed`.
   */
  'roots:set': {
    input: z.object({ server: ServerName, roots: z.array(RootSchema).max(100), reset: z.boolean().optional() }).strict(),
    output: RootsViewSchema,
  },
  /** Call a tool as a task (MCP 2025-11-25); resolves once the task exists. */
  'tasks:call': {
    input: z.object({ server: ServerName, tool: z.string().min(1), args: z.record(z.string(), z.unknown()).default({}) }).strict(),
    output: TaskRecordSchema,
  },
  'tasks:list': { input: z.object({ server: ServerName.optional() }).strict(), output: z.array(TaskRecordSchema) },
  'tasks:cancel': { input: z.object({ server: ServerName, taskId: z.string().min(1) }).strict(), output: TaskRecordSchema },
} as const;

export const inspectorEvents = {
  /** A `notifications/progress` of a running `tools:call` (by its `callId`). */
  'tools:progress': ToolProgressSchema,
  /** A server asked for sampling or elicitation: a person should answer (`requests:answer`). */
  'requests:pending': PendingServerRequestSchema,
  /** A pending request left the queue (answered, expired, or withdrawn by the server). */
  'requests:resolved': ServerRequestResolvedSchema,
  /** A subscribed resource changed. */
  'resources:updated': ResourceUpdatedSchema,
  /** A server's resource or prompt list changed (`kind`). */
  'inspector:listChanged': z.object({ server: z.string(), kind: z.enum(['resources', 'prompts']) }),
  /** A task's status or result changed. */
  'tasks:changed': TaskRecordSchema,
} as const;
