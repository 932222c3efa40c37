/**
 * Optional OTLP/HTTP export of tool-call spans (issue 35 item 4; docs/extensions.md § Trace context).
 * Off by default: nothing is sent, and the OpenTelemetry packages are not even loaded, unless the
 * person names a collector — the `SWITCHBOARD_OTLP_ENDPOINT` environment variable, else state.json's
 * `otlp.endpoint` (`prefs:setOtlp`; read when the core starts and again after a change). Then `@opentelemetry/exporter-trace-otlp-http` (OTLP
 * JSON over HTTP POST) and `@opentelemetry/sdk-trace` are imported dynamically, once per endpoint.
 *
 * One span per tool call, with the call's W3C trace id and span id (trace-context.ts) and the
 * host's span as its parent when the call continued a host's trace. Its attributes name the server,
 * the tool, the host and the outcome — never an argument value, a result or a secret. Spans are
 * batched and sent at most 500 ms after the call ended; the core's `dispose` flushes what is left
 * (`flushCallSpans`, bounded by `FLUSH_LIMIT_MS`), so a one-shot `switchboard call` sends its span too.
 */
import type { CallTrace } from './trace-context.js';
import { StateStore } from '../../data/state-store.js';

/** The environment variable that names the collector (it wins over the setting). */
export const OTLP_ENDPOINT_ENV = 'SWITCHBOARD_OTLP_ENDPOINT';
/** The `service.name` of every exported span's resource (OpenTelemetry semantic conventions). */
export const OTLP_SERVICE_NAME = 'mcp-switchboard';
const SERVICE_NAME_KEY = 'service.name';
/** state.json key of the setting: `{ "endpoint": "http://127.0.0.1:4318/v1/traces" }`. */
export const OTLP_STATE_KEY = 'otlp';

/** One finished tool call, as exported. */
export interface CallSpan {
  trace: CallTrace;
  server: string;
  tool: string;
  /** The host whose gateway door made the call. */
  host?: string;
  /** Epoch ms. */
  startMs: number;
  endMs: number;
  /** `ok`; `error` (the tool's `isError` or a failed call); `refused` (Switchboard refused before the server saw it). */
  outcome: 'ok' | 'error' | 'refused';
}

/** Where spans go: `record` never throws and never waits; `flush` sends what is batched. */
export interface SpanSink {
  record(span: CallSpan): void;
  flush?(): Promise<void>;
}

/** Longest wait of `flushCallSpans` for a collector (ms): a dead collector must not hold an exit. */
export const FLUSH_LIMIT_MS = 3000;

/**
 * The collector's traces URL: `value` when it is an http(s) URL with a path, `<origin>/v1/traces`
 * when it names only an origin (the OTLP/HTTP default path); undefined when empty or not http(s).
 */
export function otlpTracesUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/v1/traces';
  return url.toString();
}

/** The collector named now: the environment variable, else the state.json setting; undefined = off. */
export function otlpEndpoint(dataDir: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const fromEnv = env[OTLP_ENDPOINT_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== '') return otlpTracesUrl(fromEnv);
  try {
    const setting = new StateStore(dataDir).get(OTLP_STATE_KEY) as { endpoint?: unknown } | undefined;
    return otlpTracesUrl(setting?.endpoint);
  } catch {
    return undefined;
  }
}

/** Bumped when the setting changes (`prefs:setOtlp`): `callSpans` reads it again. */
let settingVersion = 0;

/** Say the state.json setting changed: every `callSpans` of this process reads it again at its next call. */
export function otlpSettingChanged(): void {
  settingVersion++;
}

/**
 * The span sink to use now (`callSpanSink`), read again only after `otlpSettingChanged` — a tool
 * call costs no file read.
 */
export function callSpans(dataDir: string, env: NodeJS.ProcessEnv = process.env): () => SpanSink | undefined {
  let seen = -1;
  let sink: SpanSink | undefined;
  return () => {
    if (seen !== settingVersion) {
      seen = settingVersion;
      sink = callSpanSink(dataDir, env);
    }
    return sink;
  };
}

/** Loaded exporters, one per endpoint (every handler group of a core shares it). */
const loaded = new Map<string, Promise<SpanSink>>();

/**
 * The span sink of the collector this core names (`otlpEndpoint`), or undefined when export is
 * off — then nothing is loaded. Spans recorded before the packages finished loading are kept and sent.
 */
export function callSpanSink(dataDir: string, env: NodeJS.ProcessEnv = process.env): SpanSink | undefined {
  const url = otlpEndpoint(dataDir, env);
  if (url === undefined) return undefined;
  let sink = loaded.get(url);
  if (!sink) {
    sink = loadSink(url);
    loaded.set(url, sink);
  }
  const ready = sink;
  return { record: (span) => void ready.then((s) => s.record(span)).catch(() => undefined) };
}

/**
 * Send every span still batched, to every collector this process loaded, waiting at most
 * `FLUSH_LIMIT_MS`. Never throws; resolves at once when export was never on.
 */
export async function flushCallSpans(): Promise<void> {
  if (loaded.size === 0) return;
  const all = Promise.all([...loaded.values()].map(async (p) => (await p).flush?.())).then(
    () => undefined,
    () => undefined,
  );
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FLUSH_LIMIT_MS);
    timer.unref();
  });
  await Promise.race([all, limit]);
  clearTimeout(timer);
}

/** Import the OpenTelemetry packages and build the exporting sink (the only place they are named). */
async function loadSink(url: string): Promise<SpanSink> {
  const [{ OTLPTraceExporter }, { TracerProvider, BatchSpanProcessor }, api, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/api'),
    import('@opentelemetry/resources'),
  ]);
  // The ids are the call's own (trace-context.ts): handed to the SDK through its id generator.
  let next: CallTrace | undefined;
  const provider = new TracerProvider({
    // A collector lists the spans under this service (else OpenTelemetry's "unknown_service:node").
    resource: resourceFromAttributes({ [SERVICE_NAME_KEY]: OTLP_SERVICE_NAME }),
    idGenerator: { generateTraceId: () => next?.traceId ?? '', generateSpanId: () => next?.spanId ?? '' },
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url }), scheduledDelayMillis: 500 })],
  });
  const tracer = provider.getTracer('mcp-switchboard');
  return {
    flush: () => provider.forceFlush(),
    record(span) {
      const { trace } = span;
      const parent = trace.parentSpanId
        ? api.trace.setSpanContext(api.ROOT_CONTEXT, { traceId: trace.traceId, spanId: trace.parentSpanId, traceFlags: Number.parseInt(trace.flags, 16) & 1, isRemote: true })
        : api.ROOT_CONTEXT;
      next = trace;
      try {
        const s = tracer.startSpan(
          `tools/call ${span.tool}`,
          {
            kind: api.SpanKind.CLIENT,
            startTime: span.startMs,
            // OpenTelemetry's MCP conventions (mcp.method.name, gen_ai.tool.name) and Switchboard's own.
            attributes: {
              'mcp.method.name': 'tools/call',
              'gen_ai.operation.name': 'execute_tool',
              'gen_ai.tool.name': span.tool,
              'switchboard.server': span.server,
              'switchboard.outcome': span.outcome,
              ...(span.host !== undefined ? { 'switchboard.host': span.host } : {}),
            },
          },
          parent,
        );
        if (span.outcome !== 'ok') s.setStatus({ code: api.SpanStatusCode.ERROR, message: span.outcome });
        s.end(span.endMs);
      } finally {
        next = undefined;
      }
    },
  };
}
