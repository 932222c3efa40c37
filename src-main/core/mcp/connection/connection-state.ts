/**
 * What one server connection knows (connection.ts, docs/connections-supervision.md): its status, tools,
 * last error and typed failure, latencies, negotiated protocol and live client, and the serialisable
 * `runtime()` every face reads. A part of `ServerConnection`, shared by its other parts — the list
 * follower (connection-lists.ts), the supervisor (connection-supervision.ts) and the launcher
 * (connection-attempt.ts) — which read and write these fields and emit the connection's events here.
 */
import { EventEmitter } from 'node:events';
import { type Client, type Tool } from '@modelcontextprotocol/client';
import type { LogEntry, NegotiatedProtocol, ServerStatusName } from '../../../../src-shared/api/status.js';
import { type ServerDefinition } from '../../../../src-shared/config/server.js';
import { DEFAULT_RESTART_POLICY, type RestartPolicy } from '../manager/backoff.js';
import { RestartSchedule } from '../manager/restart-schedule.js';
import { STDERR_SCAN_LINES } from '../failures/connection-failures.js';
import { cacheStateNow } from '../client/response-cache.js';
import type { ListCacheState } from '../../../../src-shared/api/list-cache.js';
import type { ConnectionEvents, ConnectionOptions, Live } from './connection-types.js';
import type { DroppedValue } from './value-resolution.js';
import { isToolExposed } from '../tools/tool-bridge.js';
import type { Failure } from '../../../../src-shared/api/outcome.js';
import type { ServerRuntime } from '../manager/types.js';
import { invalidTools } from '../tools/tool-validity.js';
import { ConnectWatch, connectOverview } from './connect-report.js';
import type { ConnectWait } from '../../../../src-shared/api/connect-wait.js';

/** Latencies kept per server for the sparkline. */
export const LATENCY_WINDOW = 30;
/**
 * One server's state and the small helpers every part uses (log notes, status events, redaction).
 * The connection's events (`status`, `tools`) are emitted on this object; `ServerConnection` hands
 * out its listeners.
 */
export class ConnectionState extends EventEmitter<ConnectionEvents> {
  status: ServerStatusName = 'stopped';
  tools: Tool[] = [];
  connectedAt?: number;
  /** A remote server that was connected and went away is retried until it is back (issue 14 item 5). */
  lostWhileUp = false;
  /** What the last tools/list got wrong (a repeated cursor, duplicates), for status (issue 14 item 7). */
  listWarning?: string;
  /** 2026-07-28 HTTP: tools the SDK left out for an invalid `x-mcp-header` (issue 12 item 4). */
  excludedTools: { name: string; reason: string }[] = [];
  /** 2026-07-28: how the tool list was last served (issue 12 item 3). */
  toolsCache?: ListCacheState;
  lastError?: string;
  /** What `lastError` is, typed (issue 11 item 3). */
  failure?: Failure;
  restartCount = 0;
  latencies: number[] = [];
  serverInfo?: { name: string; version: string };
  protocol?: NegotiatedProtocol;
  capabilities?: Record<string, unknown>;
  instructions?: string;
  /** The last connect that reached its first tools/list (issue 15 item 4: timings, capabilities sent). */
  connectWatch?: ConnectWatch;
  live?: Live;
  attempt = 0;
  connecting?: Promise<void>;
  readonly restarts = new RestartSchedule(() => this.policy);
  dropped: DroppedValue[] = [];
  /** Log sequence number when the current attempt began (its stderr is what a loss quotes). */
  attemptLogFrom = 0;
  /** The attempt in progress, for status while connecting (connect-stall.ts). */
  connectWait?: () => ConnectWait;

  constructor(
    public definition: ServerDefinition,
    readonly options: ConnectionOptions,
  ) {
    super();
  }

  get name(): string {
    return this.definition.name;
  }

  /** Serialisable runtime state (docs/connections-supervision.md). `toolCount` counts exposed tools (after filters). */
  runtime(): ServerRuntime {
    const rt: ServerRuntime = {
      name: this.name,
      status: this.status,
      toolCount: this.exposedTools().length,
      restartCount: this.restartCount,
      recentLatencyMs: [...this.latencies],
    };
    if (this.connectedAt !== undefined) rt.connectedAt = this.connectedAt;
    // Server text (stderr, an HTTP body) may echo a token we sent: never show a known secret.
    if (this.lastError !== undefined) rt.lastError = this.redact(this.lastError);
    if (this.failure !== undefined && this.lastError !== undefined) rt.failure = { ...this.failure, ...(this.failure.hint ? { hint: this.redact(this.failure.hint) } : {}) };
    if (this.serverInfo) rt.serverInfo = { ...this.serverInfo };
    if (this.protocol && this.status === 'connected') {
      rt.protocol = { ...this.protocol };
      if (this.capabilities) rt.capabilities = this.capabilities;
      if (this.instructions !== undefined) rt.instructions = this.instructions;
    }
    Object.assign(rt, connectOverview(this.connectWatch, { transport: this.definition.transport, protocol: this.protocol, capabilities: this.capabilities, connected: this.status === 'connected' }));
    if (this.dropped.length > 0) rt.droppedValues = this.dropped.map((d) => ({ ...d }));
    if (this.listWarning !== undefined && this.status === 'connected') rt.listWarning = this.listWarning;
    if (this.excludedTools.length > 0 && this.status === 'connected') rt.excludedTools = this.excludedTools.map((t) => ({ ...t }));
    const invalid = this.status === 'connected' ? invalidTools(this.tools) : [];
    if (invalid.length > 0) rt.invalidTools = invalid;
    if (this.toolsCache && this.status === 'connected') rt.toolsCache = cacheStateNow(this.toolsCache);
    if (this.restarts.nextRestartAt !== undefined && this.status === 'backoff') rt.nextRestartAt = this.restarts.nextRestartAt;
    if (this.connectWait && this.status === 'connecting') rt.connectWait = this.connectWait();
    return rt;
  }

  /** The raw tools as listed (empty unless connected). */
  listedTools(): Tool[] {
    return this.tools;
  }

  /** The listed tools that pass the definition's enabledTools/disabledTools filter. */
  exposedTools(): Tool[] {
    return this.tools.filter((t) => isToolExposed(t.name, this.definition));
  }

  /** The live SDK client while connected (the inspector's requests go through it), else undefined. */
  liveClient(): Client | undefined {
    return this.status === 'connected' ? this.live?.client : undefined;
  }

  /** The pid of the live stdio process (connecting or connected, not yet exited), else undefined. */
  processId(): number | undefined {
    const stdio = this.live?.stdio;
    return stdio && stdio.exitInfo === undefined ? stdio.spawnedPid : undefined;
  }

  /** The current connect attempt, or a resolved promise when not connecting. */
  whenSettled(): Promise<void> {
    return this.connecting ?? Promise.resolve();
  }

  get policy(): RestartPolicy {
    return this.options.restart ?? DEFAULT_RESTART_POLICY;
  }

  /** The stderr lines of the current attempt's process (the last `STDERR_SCAN_LINES`). */
  stderrOfAttempt(): string[] {
    return this.options.logs
      .logs(this.name, this.attemptLogFrom)
      .filter((e) => e.stream === 'stderr')
      .slice(-STDERR_SCAN_LINES)
      .map((e) => e.text);
  }

  /** How long the current connection has been up (ms; 0 when not connected). */
  upMs(): number {
    return this.connectedAt === undefined ? 0 : Date.now() - this.connectedAt;
  }

  /** `text` without any known secret value (docs/auth.md: tokens never reach what we show). */
  redact(text: string): string {
    return this.options.auth ? this.options.auth.redact(text) : text;
  }

  recordLatency(ms: number): void {
    this.latencies.push(Math.round(ms * 100) / 100);
    if (this.latencies.length > LATENCY_WINDOW) this.latencies.splice(0, this.latencies.length - LATENCY_WINDOW);
  }

  setStatus(status: ServerStatusName): void {
    this.status = status;
    this.emit('status');
  }

  note(text: string): LogEntry {
    return this.options.logs.append(this.name, 'system', text);
  }
}
