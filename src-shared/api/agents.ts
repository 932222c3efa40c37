/**
 * What agents do through Switchboard's gateway (issue 31 item 2, docs/gateway.md § Agents): one
 * request of a host's agent — a tool call, a resource read, a prompt got, a completion —
 * while it runs and after it ended. Arguments are kept as the call history keeps them (each capped
 * at 64 KiB, then redacted); `summary` and `error` are server text (untrusted, redacted).
 */
import { z } from 'zod';
import { HostIdSchema } from '../config/server.js';

/** The MCP request the agent made, by the gateway method that served it. */
export const AgentRequestKindSchema = z.enum(['tools/call', 'resources/read', 'prompts/get', 'completion/complete']);
export type AgentRequestKind = z.infer<typeof AgentRequestKindSchema>;

/** How an agent request ended: `running` while in flight; `refused` by the host's filters; `error` a tool's isError; `failed` the request itself. */
export const AgentOutcomeSchema = z.enum(['running', 'ok', 'error', 'refused', 'failed']);
export type AgentOutcome = z.infer<typeof AgentOutcomeSchema>;

/** One request of a host's agent. */
export const AgentCallSchema = z.object({
  /** Unique in this owner's run (`agent-<n>`). */
  id: z.string(),
  host: HostIdSchema,
  kind: AgentRequestKindSchema,
  /** The name the agent used: the tool's or prompt's gateway name, the resource URI (a completion: its prompt's name or template's URI). */
  name: z.string(),
  /** The server that served it, when known (after the gate; the single-server door's own). */
  server: z.string().optional(),
  /** Arguments as the call history keeps them (capped, redacted); `{}` when none. */
  args: z.record(z.string(), z.unknown()),
  /** Epoch ms. */
  startedAt: z.number(),
  /** Milliseconds from start to end; absent while running. */
  durationMs: z.number().optional(),
  outcome: AgentOutcomeSchema,
  /** The first 200 characters of the result text (a listing: how many items). */
  summary: z.string().optional(),
  /** The refusal's or failure's words. */
  error: z.string().optional(),
  /** The last progress the server reported during a tool call. */
  progress: z.object({ progress: z.number(), total: z.number().optional(), message: z.string().optional() }).optional(),
});
export type AgentCall = z.infer<typeof AgentCallSchema>;

/** Calls in flight now and in the last 60 s, over every host (the tray's line). */
export const AgentCountsSchema = z.object({ inFlight: z.number().int(), lastMinute: z.number().int() });
export type AgentCounts = z.infer<typeof AgentCountsSchema>;

/** One host's requests: in flight (oldest first) and recent ones (newest first). */
export const AgentHostActivitySchema = z.object({ host: HostIdSchema, inFlight: z.array(AgentCallSchema), recent: z.array(AgentCallSchema) });

/** `agents:recent`'s answer: hosts with any activity since the owner started, in host-id order. */
export const AgentsRecentSchema = z.object({ hosts: z.array(AgentHostActivitySchema), counts: AgentCountsSchema });
export type AgentsRecent = z.infer<typeof AgentsRecentSchema>;

/** `agents:activity`: a request started, progressed or finished; with the counts after it. */
export const AgentActivityEventSchema = z.object({ phase: z.enum(['started', 'progress', 'finished']), call: AgentCallSchema, counts: AgentCountsSchema });
export type AgentActivityEvent = z.infer<typeof AgentActivityEventSchema>;
