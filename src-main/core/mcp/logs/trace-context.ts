/**
 * W3C trace context on the requests Switchboard sends (issue 35 item 4, SEP-414; docs/extensions.md
 * § Trace context). Every request carries `_meta.traceparent` (the SDK's `TRACEPARENT_META_KEY`),
 * `00-<trace id, 32 hex>-<span id, 16 hex>-<flags>`, with a span id of its own. A tool call is one
 * trace (`startCallTrace`), handed along explicitly — the call's options, its task's follower — and
 * each request it sends puts `traceMeta(trace)` into its params: the `tools/call`, its MRTR retries
 * (they copy the first request's params, `_meta` included) and the `tasks/*` polls of its task carry
 * the call's trace id. A call that came with a traceparent (a host's, relayed by the gateway door)
 * CONTINUES it: same trace id and flags, the host's span as the parent. Any other request
 * (`tools/list`, `initialize`…) starts a trace of its own.
 *
 * No AsyncLocalStorage (issue 32 item 1): on Node 20 one running context makes every promise of the
 * process pay an init hook from then on — 15–30 µs of a 2026-era stdio call, about 80 µs of an HTTP
 * one in the bench's profile.
 */
import { randomFillSync } from 'node:crypto';
import { TRACEPARENT_META_KEY, type Transport } from '@modelcontextprotocol/client';

/** One tool call's trace: its id, the call's own span, the span it continues (a host's), the W3C flags. */
export interface CallTrace {
  /** 32 lower-case hex digits, never all zero. */
  traceId: string;
  /** The call's span (16 hex): the span exported for the call (otlp-export.ts). */
  spanId: string;
  /** The span of whoever called (a host's `traceparent` parent-id), absent for a trace started here. */
  parentSpanId?: string;
  /** Two hex digits (`01` = sampled). */
  flags: string;
}

/** The parts of a valid traceparent. */
export interface Traceparent {
  traceId: string;
  spanId: string;
  flags: string;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/**
 * A `traceparent` value's parts, or undefined when it is not one W3C Trace Context accepts (version
 * `ff`, version 00 with extra fields, upper-case hex, an all-zero trace or span id): a receiver then
 * starts a trace of its own (W3C Trace Context § 3.2.2).
 */
export function parseTraceparent(value: unknown): Traceparent | undefined {
  if (value === built.value) return built.parts && { ...built.parts };
  if (typeof value !== 'string' || value.length > 512) return undefined;
  const m = TRACEPARENT.exec(value);
  if (!m) return undefined;
  const [, version = '', traceId = '', spanId = '', flags = '', rest] = m;
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (traceId === ZERO_TRACE || spanId === ZERO_SPAN) return undefined;
  return { traceId, spanId, flags };
}

/**
 * Random bytes for ids, filled 4 KiB at a time (issue 32 item 1: three `randomBytes` per call, each a
 * fresh buffer and a call into OpenSSL, were a visible part of a call's own CPU). The same CSPRNG,
 * taken in larger draws, as `crypto.randomUUID` does with its own cache; each byte is handed out once.
 */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let poolAt = POOL_BYTES;
const ALL_ZERO = /^0+$/;

/** `bytes` random bytes as hex, never all zero. */
function randomHex(bytes: number): string {
  for (;;) {
    if (poolAt + bytes > POOL_BYTES) {
      randomFillSync(pool);
      poolAt = 0;
    }
    const hex = pool.toString('hex', poolAt, poolAt + bytes);
    poolAt += bytes;
    if (!ALL_ZERO.test(hex)) return hex;
  }
}

/** A fresh trace id (32 hex). */
export const newTraceId = (): string => randomHex(16);
/** A fresh span id (16 hex). */
export const newSpanId = (): string => randomHex(8);

/** `00-<traceId>-<spanId>-<flags>`. */
export function formatTraceparent(traceId: string, spanId: string, flags = '01'): string {
  return `00-${traceId}-${spanId}-${flags}`;
}

/**
 * The last traceparent built here from parts known valid, with its parts: each is parsed again right
 * after it is built (by `addTraceparent` from `callTraceMeta`'s, by the JSON-RPC trace from
 * `addTraceparent`'s, rpc-trace.ts), and `parseTraceparent` answers those from here instead of
 * matching them again (issue 32 item 1: two matches per call on the trace tap's path). Only values
 * whose parts came from `parseTraceparent` or from `newTraceId`/`newSpanId` are kept, so the answer is
 * the one the match would give.
 */
let built: { value: string | undefined; parts: Traceparent | undefined } = { value: undefined, parts: undefined };

/** `formatTraceparent` of parts known valid, remembered for the `parseTraceparent` that follows. */
function buildTraceparent(traceId: string, spanId: string, flags: string): string {
  const value = formatTraceparent(traceId, spanId, flags);
  built = { value, parts: { traceId, spanId, flags } };
  return value;
}

/** Call traces made by `startCallTrace` (their parts are valid); a hand-made `CallTrace` is checked as any value. */
const validTraces = new WeakSet<CallTrace>();

/** A call's trace: continuing `incoming` (a host's traceparent) when it is valid, else a new one (sampled). */
export function startCallTrace(incoming?: unknown): CallTrace {
  const parent = parseTraceparent(incoming);
  const trace: CallTrace = parent
    ? { traceId: parent.traceId, spanId: newSpanId(), parentSpanId: parent.spanId, flags: parent.flags }
    : { traceId: newTraceId(), spanId: newSpanId(), flags: '01' };
  validTraces.add(trace);
  return trace;
}

/**
 * `{ _meta: { traceparent } }` for the params of a request of the call `trace` (its span as the
 * parent), or `{}` without a trace. Put into `tools/call`'s params so the SDK's MRTR retries, which
 * copy them, keep it, and into the params of the call's `tasks/*` polls.
 */
export function traceMeta(trace: CallTrace | undefined): { _meta?: Record<string, string> } {
  if (!trace) return {};
  const value = validTraces.has(trace) ? buildTraceparent(trace.traceId, trace.spanId, trace.flags) : formatTraceparent(trace.traceId, trace.spanId, trace.flags);
  return { _meta: { [TRACEPARENT_META_KEY]: value } };
}

/**
 * Wrap `transport.send` so every request we send carries a traceparent with a span id of its own:
 * the trace id of the traceparent already in its `_meta` (`traceMeta`: a call's request), else a new
 * one. Responses and notifications are untouched. Call after the other wraps
 * (connection-launch.ts), so the JSON-RPC trace shows the value sent.
 */
export function addTraceparent(transport: Transport): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const m = message as { id?: unknown; method?: string; params?: Record<string, unknown> };
    if (m.method === undefined || m.id === undefined) return send(message, options);
    const meta = (m.params?._meta as Record<string, unknown> | undefined) ?? {};
    const given = parseTraceparent(meta[TRACEPARENT_META_KEY]);
    // Parts from a parse or a fresh id are valid: the trace tap's parse of the value is answered from memory.
    const value = buildTraceparent(given?.traceId ?? newTraceId(), newSpanId(), given?.flags ?? '01');
    const params = { ...(m.params ?? {}), _meta: { ...meta, [TRACEPARENT_META_KEY]: value } };
    return send({ ...message, params } as typeof message, options);
  };
}

/** The trace id of a JSON-RPC message's `params._meta.traceparent`, or undefined. */
export function traceIdOf(message: unknown): string | undefined {
  const params = (message as { params?: { _meta?: Record<string, unknown> } } | undefined)?.params;
  return parseTraceparent(params?._meta?.[TRACEPARENT_META_KEY])?.traceId;
}
