/**
 * Shapes of the running-state verbs and their observability (docs/operator-verbs.md, §6, §9): the JSON-RPC trace,
 * `test` reports and the values dropped at resolution. Secret-free by construction: trace payloads
 * are redacted in main before they are stored.
 */
import { z } from 'zod';
import { CallViaSchema } from './gateway.js';

/** A W3C trace id as `trace:get` filters by it: 32 lower-case hex digits (docs/extensions.md § Trace context). */
export const TraceIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'A trace id is 32 lower-case hex digits, as in a traceparent 00-<trace id>-<span id>-01');

/** One JSON-RPC message as seen on a server's wire (bounded per server; `seq` is global). */
export const TraceEntrySchema = z.object({
  seq: z.number().int().nonnegative(),
  server: z.string(),
  /** Epoch ms. */
  time: z.number(),
  /** `out` = we sent it, `in` = the server sent it. */
  direction: z.enum(['out', 'in']),
  /**
   * A JSON-RPC message's kind, or `transport`: an HTTP exchange that carried no request of its own
   * (the listening GET, legacy SSE's GET and its `endpoint` event, a DELETE, a `subscriptions/listen`
   * stream opening; docs/inspecting.md "Transport rows"). Its `text` describes it, `http` holds it.
   */
  kind: z.enum(['request', 'response', 'error', 'notification', 'transport']),
  /** Method of a request/notification; for a response, the method of the request it answers. */
  method: z.string().optional(),
  id: z.union([z.string(), z.number()]).optional(),
  /** For responses and errors: ms since the matching request was sent. */
  latencyMs: z.number().optional(),
  /** The message as JSON text, secrets redacted, cut to a bounded length. */
  text: z.string(),
  /** A request a gateway door sent for its host, and the reply to it (docs/gateway.md); absent otherwise. */
  via: CallViaSchema.optional(),
  /** The W3C trace id of a request's `_meta.traceparent` (docs/extensions.md § Trace context), on the request's entry and its reply's. */
  traceId: z.string().optional(),
  /**
   * On the reply to a request sent to an http/sse server: the HTTP exchange that carried the
   * request (status and both sides' headers, `Mcp-*` included; secret headers redacted).
   */
  http: z
    .object({
      method: z.string(),
      url: z.string(),
      status: z.number().int(),
      requestHeaders: z.record(z.string(), z.string()),
      responseHeaders: z.record(z.string(), z.string()),
    })
    .optional(),
});
export type TraceEntry = z.infer<typeof TraceEntrySchema>;

/**
 * What `trace:replay` got back (docs/inspecting.md "Replay"): the server's result, or the JSON-RPC
 * error it answered with — both are outcomes of the replay, not failures of the method.
 */
export const TraceReplaySchema = z.object({
  server: z.string(),
  method: z.string(),
  /** seq of the new request's entry in the trace, when it was traced. */
  requestSeq: z.number().int().optional(),
  /** Round trip (ms). */
  durationMs: z.number(),
  /** The result (a `tools/call` gives Switchboard's call result: content, structuredContent, isError). */
  result: z.unknown().optional(),
  /** The server's JSON-RPC error. */
  error: z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() }).optional(),
});
export type TraceReplay = z.infer<typeof TraceReplaySchema>;

/** An env/header entry omitted at connect time (docs/auth.md), e.g. `{key:'env.API_KEY', reason}`. */
export const DroppedValueSchema = z.object({ key: z.string(), reason: z.string() });
export type DroppedValue = z.infer<typeof DroppedValueSchema>;

/** The outcome of `test <name>` (docs/operator-verbs.md: connect or reuse, list tools, ping or server/discover; latency and outcome). */
export const TestReportSchema = z.object({
  server: z.string(),
  ok: z.boolean(),
  /** Status after the test. */
  status: z.string(),
  /** Whether an existing connection was reused (false: this test connected it). */
  reused: z.boolean(),
  /** Connect time (ms) when this test connected. */
  connectMs: z.number().optional(),
  /** `tools/list` round trip (ms). */
  listToolsMs: z.number().optional(),
  /** The era the connection speaks (absent when it did not connect). */
  era: z.enum(['modern', 'legacy']).optional(),
  /** The liveness request sent after the list: `ping` (2025 era) or `server/discover` (2026-07-28, which has no `ping`). */
  probe: z.enum(['ping', 'server/discover']).optional(),
  /** That request's round trip (ms). */
  probeMs: z.number().optional(),
  toolCount: z.number().int().nonnegative(),
  /**
   * What failed, in user words: `Failed to connect to "<name>": …` when no connection came up,
   * `Connected to "<name>", but <method> failed: …` when a request after connecting failed.
   */
  error: z.string().optional(),
  /** The outcome in words, shown as is by every face: the latencies (`connect 312 ms · tools/list 4.1 ms (12 tools) · ping 0.8 ms`) or the error. */
  summary: z.string(),
});
export type TestReport = z.infer<typeof TestReportSchema>;
