/**
 * The Server overview's facts about a connect (issue 15 item 4, docs/protocol-eras.md "Server
 * overview"): `ConnectWatch` times one connect attempt's phases from its transport (spawn, the
 * `server/discover` probe, the handshake, the first `tools/list`), keeps the capabilities we sent
 * as they went on the wire, and notes the server's requests that 2026-07-28 deprecates (roots,
 * sampling). `connectOverview` adds what the connection's settings and the server's capabilities
 * show (HTTP+SSE, logging, the 2025 handshake). Wraps the transport in place like rpc-trace.ts.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { ConnectTimings, DeprecatedFeature } from '../../../../src-shared/api/connect-report.js';
import type { NegotiatedProtocol } from '../../../../src-shared/api/status.js';
import type { TransportType } from '../../../../src-shared/config/server.js';

const round = (ms: number): number => Math.max(0, Math.round(ms * 10) / 10);
/** The 2026-07-28 per-request `_meta` key of the client's capabilities. */
const CAPABILITIES_META = 'io.modelcontextprotocol/clientCapabilities';

type Message = { id?: string | number; method?: string; params?: Record<string, unknown> & { _meta?: Record<string, unknown>; includeContext?: unknown } };

/** One connect attempt, timed from `new ConnectWatch()` (ms, `performance.now`). */
export class ConnectWatch {
  private readonly t0 = performance.now();
  private readonly startedAt = Date.now();
  private spawned?: number;
  private probeSent?: number;
  private probeDone?: number;
  private connectedAt?: number;
  /** The phases, once the first tools/list is done. */
  timings?: ConnectTimings;
  /** The capabilities we sent: `initialize`'s, or the probe's `_meta` envelope on 2026-07-28. */
  clientCapabilities?: Record<string, unknown>;
  /** Requests the server sent that 2026-07-28 deprecates (`roots/list`, `sampling/createMessage`), and sampling's `includeContext`. */
  readonly serverRequests = new Set<string>();
  /** The request of this connect sent last and not answered yet (connect-stall.ts). */
  private pending?: { id: string | number; method: string };

  /** Wrap `transport` (before `client.connect`): `start` ends the spawn phase; requests and replies time the probe. */
  observe(transport: Transport): void {
    const start = transport.start.bind(transport);
    transport.start = async () => {
      await start();
      this.spawned ??= performance.now();
    };
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      this.sent(message as Message);
      return send(message, options);
    };
    const previous = transport.onmessage;
    transport.onmessage = (message, extra) => {
      if (this.pending && (message as Message).method === undefined && (message as Message).id === this.pending.id) this.pending = undefined;
      this.received(message as Message);
      previous?.(message, extra);
    };
  }

  /** `client.connect` resolved (on 2026-07-28 that is the probe's answer). */
  connected(): void {
    this.connectedAt = performance.now();
    if (this.probeSent !== undefined) this.probeDone ??= this.connectedAt;
  }

  /** The first tools/list is done: the timings are complete. */
  listed(): void {
    const end = performance.now();
    const spawned = this.spawned ?? this.t0;
    const connected = this.connectedAt ?? end;
    const probed = this.probeDone !== undefined && this.probeSent !== undefined ? this.probeDone : undefined;
    const spawnMs = round(spawned - this.t0);
    const probeMs = probed !== undefined ? round(probed - Math.max(spawned, this.probeSent!)) : undefined;
    const handshakeMs = round(connected - Math.max(spawned, probed ?? spawned));
    const firstListMs = round(end - connected);
    this.timings = { startedAt: this.startedAt, spawnMs, ...(probeMs !== undefined ? { probeMs } : {}), handshakeMs, firstListMs, totalMs: round(spawnMs + (probeMs ?? 0) + handshakeMs + firstListMs) };
  }

  /** The request of this connect (until its first tools/list is done) sent last and not answered yet. */
  waitingFor(): string | undefined {
    return this.pending?.method;
  }

  private sent(m: Message): void {
    if (!this.timings && m.method !== undefined && m.id !== undefined) this.pending = { id: m.id, method: m.method };
    if (this.connectedAt !== undefined || m.id === undefined) return;
    if (m.method === 'server/discover') {
      this.probeSent ??= performance.now();
      this.clientCapabilities ??= m.params?._meta?.[CAPABILITIES_META] as Record<string, unknown> | undefined;
    } else if (m.method === 'initialize') {
      // The SDK reads the probe's answer itself (our onmessage is not installed yet): the probe
      // ends when the 2025 handshake begins, or when the connect resolves.
      if (this.probeSent !== undefined) this.probeDone ??= performance.now();
      this.clientCapabilities = (m.params?.capabilities as Record<string, unknown> | undefined) ?? this.clientCapabilities;
    }
  }

  private received(m: Message): void {
    if (m.method === undefined || m.id === undefined) return;
    if (m.method === 'roots/list' || m.method === 'sampling/createMessage') this.serverRequests.add(m.method);
    const include = m.params?.includeContext;
    if (m.method === 'sampling/createMessage' && (include === 'thisServer' || include === 'allServers')) this.serverRequests.add(`includeContext:${include}`);
  }
}

/** What a connection knows, for `connectOverview`. */
export interface OverviewInput {
  transport: TransportType;
  protocol?: NegotiatedProtocol;
  capabilities?: Record<string, unknown>;
}

/**
 * Features in use that 2026-07-28 deprecates (its "Deprecated" page: Roots, Sampling, Logging —
 * SEP-2577; includeContext values; HTTP+SSE — SEP-2596) or no longer has (the 2025 handshake and
 * sessions, when the server speaks the 2025 era). Empty when none.
 */
export function deprecatedInUse(watch: ConnectWatch | undefined, input: OverviewInput): DeprecatedFeature[] {
  const out: DeprecatedFeature[] = [];
  const seen = watch?.serverRequests ?? new Set<string>();
  if (input.transport === 'sse') out.push({ feature: 'HTTP+SSE transport', status: 'deprecated', detail: 'This server is reached over HTTP+SSE (deprecated since 2025-03-26, SEP-2596). Migrate to Streamable HTTP.' });
  if (input.protocol?.era === 'legacy') {
    out.push({ feature: 'initialize handshake and sessions', status: 'removed', detail: `The server speaks ${input.protocol.version} (2025 era): 2026-07-28 has no initialize handshake or Mcp-Session-Id; it is stateless with server/discover.` });
  }
  if (input.capabilities && 'logging' in input.capabilities) out.push({ feature: 'Logging', status: 'deprecated', detail: 'The server declares the logging capability (logging/setLevel, notifications/message; SEP-2577). Migration: log to stderr for stdio, OpenTelemetry for observability.' });
  if (seen.has('roots/list')) out.push({ feature: 'Roots', status: 'deprecated', detail: 'The server asked for roots/list (SEP-2577). Migration: pass directories or files as tool parameters, resource URIs or server configuration.' });
  if (seen.has('sampling/createMessage')) out.push({ feature: 'Sampling', status: 'deprecated', detail: 'The server sent sampling/createMessage (SEP-2577). Migration: the server integrates with an LLM provider directly.' });
  for (const v of ['thisServer', 'allServers']) {
    if (seen.has(`includeContext:${v}`)) out.push({ feature: `includeContext: "${v}"`, status: 'deprecated', detail: `A sampling request asked for includeContext "${v}" (deprecated in 2025-11-25). Migration: omit it or use "none".` });
  }
  return out;
}

/** The overview fields of a server's runtime: capabilities we sent (while connected), last connect's timings, deprecations in use. */
export function connectOverview(watch: ConnectWatch | undefined, input: OverviewInput & { connected: boolean }): { clientCapabilities?: Record<string, unknown>; connectTimings?: ConnectTimings; deprecated?: DeprecatedFeature[] } {
  const out: ReturnType<typeof connectOverview> = {};
  if (watch?.timings) out.connectTimings = { ...watch.timings };
  if (!input.connected) return out;
  if (watch?.clientCapabilities) out.clientCapabilities = watch.clientCapabilities;
  const deprecated = deprecatedInUse(watch, input);
  if (deprecated.length > 0) out.deprecated = deprecated;
  return out;
}
