/**
 * The manager's public face (ARCHITECTURE rule 6): definitions in, serialisable runtime state out.
 * The manager keeps private rich state per server; the outside sees `ServerRuntime`.
 */
import type { ServerDefinition } from '../../../../src-shared/config/server.js';
import type { LogEntry, NegotiatedProtocol, ServerStatusName, ToolCallResult, ToolInfo, ToolProblem } from '../../../../src-shared/api/status.js';
import type { Failure } from '../../../../src-shared/api/outcome.js';
import type { TraceEntry } from '../../../../src-shared/api/lifecycle.js';
import type { ListCacheState } from '../../../../src-shared/api/list-cache.js';
import type { ConnectTimings, DeprecatedFeature } from '../../../../src-shared/api/connect-report.js';
import type { ConnectWait } from '../../../../src-shared/api/connect-wait.js';
import type { CallTrace } from '../logs/trace-context.js';

/** What the manager should do with a definition. */
export type DesiredState = 'run' | 'untrusted' | 'changed' | 'disabled' | 'stopped';

/** A definition handed to the manager, in priority order (first = highest). */
export interface ManagedServer {
  definition: ServerDefinition;
  desired: DesiredState;
}

/** One server's serialisable runtime state (docs/connections-supervision.md). Times epoch ms, durations ms. */
export interface ServerRuntime {
  name: string;
  status: ServerStatusName;
  toolCount: number;
  connectedAt?: number;
  lastError?: string;
  /** What `lastError` is, typed (issue 11 item 3). */
  failure?: Failure;
  restartCount: number;
  recentLatencyMs: number[];
  serverInfo?: { name: string; version: string };
  /** Negotiated protocol generation while connected (issue 10). */
  protocol?: NegotiatedProtocol;
  /** The server's capabilities and instructions while connected. */
  capabilities?: Record<string, unknown>;
  instructions?: string;
  /** Issue 15 item 4 (connect-report.ts): capabilities we sent, the last connect's phases, deprecations in use. */
  clientCapabilities?: Record<string, unknown>;
  connectTimings?: ConnectTimings;
  deprecated?: DeprecatedFeature[];
  /** Env/header entries left out at connect time (docs/auth.md). */
  droppedValues?: { key: string; reason: string }[];
  /** What the last tools/list got wrong: a repeated cursor, duplicates dropped, the true count (issue 14 item 7). */
  listWarning?: string;
  /** 2026-07-28 HTTP: tools left out for an invalid `x-mcp-header` declaration (issue 12 item 4). */
  excludedTools?: { name: string; reason: string }[];
  /** Listed tools that do not match the MCP schema (tool-validity.ts). */
  invalidTools?: { name: string; problems: ToolProblem[] }[];
  /** 2026-07-28: how the tool list was last served (issue 12 item 3). */
  toolsCache?: ListCacheState;
  /** While `backoff`: when the next automatic start is due (epoch ms). */
  nextRestartAt?: number;
  /** While `connecting`: the attempt in progress (src-shared/api/connect-wait.ts). */
  connectWait?: ConnectWait;
}

/** Options of a tool call. */
export interface CallToolOptions {
  signal?: AbortSignal;
  /** Called for each `notifications/progress` of this call. */
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Overrides the server's timeout (ms). */
  timeoutMs?: number;
  /** The face's id of the call (`tools:call`), kept on a task a 2026-07-28 server answers it with. */
  callId?: string;
  /** The call's W3C trace (trace-context.ts `startCallTrace`); absent: the call starts its own. */
  trace?: CallTrace;
}

/** Events the manager emits (main → every face). */
export interface ManagerEvents {
  /** A server's runtime state changed. */
  status: [ServerRuntime];
  /** A server's tool list changed (connect, disconnect, list_changed). */
  tools: [string];
  /** New log lines (stderr, skipped stdout, lifecycle notes). */
  log: [LogEntry];
  /** A JSON-RPC message was traced (redacted). */
  trace: [TraceEntry];
  /** A server sent a notification (whole, redacted): the channels seam (issue 13). */
  notification: [string, { method: string; params?: unknown }];
}

/** The manager contract the core composes (implemented in `manager.ts`). */
export interface McpManagerApi {
  /** Diff-and-apply: start what should run and is not, stop what should not, restart what changed. */
  reconcile(servers: ManagedServer[]): Promise<void>;
  /** Resolves when no server is `connecting` (used by one-shot CLI commands). */
  settled(): Promise<void>;
  runtime(name: string): ServerRuntime | undefined;
  runtimes(): ServerRuntime[];
  /** Agent-visible tools of all connected servers (or one), named per docs/tool-bridge.md over priority order. */
  listTools(server?: string, options?: { offForAgents?: boolean }): ToolInfo[];
  /** Call a tool by raw names. Never throws for tool or transport failures: they map into the result. */
  callTool(server: string, tool: string, args: Record<string, unknown>, options?: CallToolOptions): Promise<ToolCallResult>;
  /** Buffered log lines of a server with `seq > afterSeq`. */
  logs(server: string, afterSeq?: number): LogEntry[];
  /** Stop every server and leave no process behind. */
  dispose(): Promise<void>;
}
