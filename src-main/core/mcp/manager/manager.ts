/**
 * The MCP manager (ARCHITECTURE: "manager (owns connections)"): takes the discovered definitions in
 * priority order, diff-and-applies them against what runs (docs/operator-verbs.md reload), and is the one place
 * tools are listed and called by raw names. Emits `status`, `tools` and `log` for every face.
 */
import type { LogEntry, ToolCallResult, ToolInfo } from '../../../../src-shared/api/status.js';
import { CoreError } from '../../facade/errors.js';
import { refusalError, resolveTool, type ResolvedTool, type ToolResolution, type ToolSource } from '../tools/resolve-tool.js';
import { ServerConnection } from '../connection/connection.js';
import { buildToolInfos, isToolExposed } from '../tools/tool-bridge.js';
import { ToolInfosMemo } from '../tools/tool-infos-memo.js';
import { inListingOrder, OFF_BY_LIST, offForAgentsInfos } from '../tools/off-for-agents.js';
import type { TraceEntry } from '../../../../src-shared/api/lifecycle.js';
import type { Client, Tool } from '@modelcontextprotocol/client';
import type { CallToolOptions, ManagedServer, McpManagerApi, ServerRuntime } from './types.js';
import { ManagerSupervision, type Entry } from './manager-supervision.js';
import { EventEmitter } from 'node:events';
import type { ManagerEvents } from './types.js';
import type { McpManagerOptions } from './manager-options.js';
import { managerServices } from './manager-services.js';
import type { LogStore } from '../logs/log-buffer.js';
import type { TraceStore } from '../logs/trace-store.js';
import type { ValueResolver } from '../connection/value-resolution.js';
import type { TestReport } from '../../../../src-shared/api/lifecycle.js';

export type { McpManagerOptions } from './manager-options.js';
export { connectFailureMessage } from './manager-messages.js';

/**
 * Owns every server connection; see `McpManagerApi` for the contract. It owns two parts: its
 * services (manager-services.ts: logs, trace, values, eras) and its supervision
 * (manager-supervision.ts: reconcile and the lifecycle verbs, working on this manager's `entries`).
 */
export class McpManager extends EventEmitter<ManagerEvents> implements McpManagerApi {
  /** Every managed server by name (reconciled by `supervision`). */
  private readonly entries = new Map<string, Entry>();
  private readonly supervision: ManagerSupervision;
  private readonly logStore: LogStore;
  private readonly traceStore: TraceStore;
  /** docs/auth.md resolver; its cache lives until `restart()` of every server (a fresh context). */
  readonly values: ValueResolver;
  private readonly heldTools?: (server: string) => ReadonlySet<string>;
  private readonly heldReason?: (server: string, tool: string) => string | undefined;
  private readonly blockedTools?: (server: string) => ReadonlySet<string>;

  constructor(options: McpManagerOptions = {}) {
    super();
    this.heldTools = options.heldTools;
    this.heldReason = options.heldReason;
    this.blockedTools = options.blockedTools;
    const services = managerServices(options, {
      log: (entry) => this.emit('log', entry),
      trace: (entry) => this.emit('trace', entry),
      traceListened: () => this.listenerCount('trace') > 0,
      notification: (server, message) => this.emit('notification', server, message),
    });
    this.logStore = services.logStore;
    this.traceStore = services.traceStore;
    this.values = services.values;
    this.supervision = new ManagerSupervision({
      entries: this.entries,
      connection: services.connection,
      values: services.values,
      eras: services.eras,
      onStatus: (runtime) => this.emit('status', runtime),
      onTools: (server) => this.emit('tools', server),
    });
  }

  /** See `ManagerSupervision.reconcile` (manager-supervision.ts): diff-and-apply, serialised, never rejects for a server. */
  reconcile(servers: ManagedServer[]): Promise<void> {
    return this.supervision.reconcile(servers);
  }

  /** Resolves when no server is `connecting` (after any reconcile in progress). Never rejects. */
  settled(): Promise<void> {
    return this.supervision.settled();
  }

  /** `start <name>` (manager-supervision.ts). Throws CoreError NOT_FOUND, DISABLED or UNTRUSTED. */
  start(server: string): Promise<ServerRuntime> {
    return this.supervision.start(server);
  }

  /** `stop <name>` (manager-supervision.ts). Throws like `start`. */
  stop(server: string): Promise<ServerRuntime> {
    return this.supervision.stop(server);
  }

  /** `restart [name]` (manager-supervision.ts). With a name, throws like `start`. */
  restart(server?: string): Promise<void> {
    return this.supervision.restart(server);
  }

  /** `test <name>` (manager-supervision.ts). Throws like `start`. */
  test(server: string): Promise<TestReport> {
    return this.supervision.test(server);
  }

  /** Stop every server and leave no process behind; later reconciles are refused (manager-supervision.ts). */
  dispose(): Promise<void> {
    return this.supervision.dispose();
  }

  /** One server's runtime state, or undefined for an unknown name. */
  runtime(name: string): ServerRuntime | undefined {
    return this.entries.get(name)?.connection.runtime();
  }

  /** Every server's runtime state, in priority order. */
  runtimes(): ServerRuntime[] {
    return this.supervision.ordered().map((c) => c.runtime());
  }

  /**
   * Agent-visible tools (docs/tool-bridge.md): names assigned over ALL connected servers in priority order (so
   * a name does not change with the filter), then narrowed to `server` when given.
   */
  listTools(server?: string, options: { offForAgents?: boolean } = {}): ToolInfo[] {
    const connected = this.supervision.ordered().filter((c) => c.status === 'connected');
    const infos = this.agentInfos(connected);
    // Copies: the memo's objects are handed out again on the next call.
    const mine = (server === undefined ? infos : infos.filter((t) => t.server === server)).map((t) => ({ ...t }));
    if (!options.offForAgents) return mine;
    // Issue 32: the window lists the tools off for agents too, each in its server's listing order.
    return connected.filter((c) => server === undefined || c.name === server).flatMap((c) => {
      const exposed = mine.filter((t) => t.server === c.name);
      return inListingOrder(c.listedTools(), exposed, this.offTools(c.name, c.listedTools(), exposed));
    });
  }

  /** The memo's agent-visible list over `connected` (not copied: never hand its objects out). */
  private agentInfos(connected: ServerConnection[]): ToolInfo[] {
    const entries = connected.map((c) => ({
      server: c.name,
      tools: c.listedTools(),
      ...this.filtersOf(c),
    }));
    return this.toolInfosMemo.of(entries, buildToolInfos);
  }

  /** `server`'s tools off for agents (not exposed, not blocked by a pin), marked with why (off-for-agents.ts). */
  private offTools(server: string, listed: Tool[], exposed: ToolInfo[]): ToolInfo[] {
    const held = this.heldTools?.(server);
    const reason = (tool: string): string => (held?.has(tool) ? (this.heldReason?.(server, tool)?.replace(/^is /, '') ?? OFF_BY_LIST) : OFF_BY_LIST);
    return offForAgentsInfos(server, listed, exposed, this.blockedTools?.(server) ?? new Set(), reason);
  }

  /** The last names assigned, reused while every connected server's listing and filters are the same (each call resolves its tool through them). */
  private readonly toolInfosMemo = new ToolInfosMemo();

  /**
   * Resolve `tool` on `server` by raw names (tools/resolve-tool.ts): the one lookup every face's call
   * goes through (the `tools:call` handler, rule calls, replays, the gateway). Waits for a connect in
   * progress; never throws: a refusal carries the code and the CLI's text.
   */
  resolveTool(server: string, tool: string, person = false): Promise<ToolResolution<ServerConnection>> {
    return resolveTool(this.toolSource, server, tool, person);
  }

  /**
   * Call `tool` on `server` by raw names (docs/tool-bridge.md). Waits for a connect in progress. Throws
   * `CoreError`: NOT_FOUND (unknown server or tool, or a tool the config filters out), DISABLED,
   * UNTRUSTED, NOT_CONNECTED (`Failed to connect to "<name>": <lastError>`, or a stopped server).
   * Tool errors, timeouts, transport failures and cancellation map into the result.
   */
  async callTool(server: string, tool: string, args: Record<string, unknown>, options: CallToolOptions = {}): Promise<ToolCallResult> {
    const resolved = await this.resolveTool(server, tool);
    if (!resolved.ok) throw refusalError(resolved);
    return this.callResolved(resolved, args, options);
  }

  /** Run a call `resolveTool` resolved (its connection's status is announced after). Throws as `callTool` does once resolved. */
  async callResolved(resolved: ResolvedTool<ServerConnection>, args: Record<string, unknown>, options: CallToolOptions = {}): Promise<ToolCallResult> {
    const result = await resolved.connection.callTool(resolved, args, options);
    // The snapshot is built only for someone listening (issue 32 item 1: a call's own path).
    if (this.listenerCount('status') > 0) this.emit('status', resolved.connection.runtime());
    return result;
  }

  /** What `resolveTool` reads of this manager. */
  private readonly toolSource: ToolSource<ServerConnection> = {
    connection: (server) => this.entries.get(server)?.connection,
    filters: (connection) => this.filtersOf(connection),
    heldReason: (server, tool) => (this.heldTools?.(server).has(tool) ? this.heldReason?.(server, tool) : undefined),
    exposed: (server, tool, person) => {
      if (person) return this.listTools(server, { offForAgents: true }).find((t) => t.name === tool);
      // One copy, of the tool asked for (issue 32 item 1: every call copied every exposed tool).
      const found = this.agentInfos(this.supervision.ordered().filter((c) => c.status === 'connected')).find((t) => t.server === server && t.name === tool);
      return found && { ...found };
    },
    blocked: (server, tool) => this.blockedTools?.(server).has(tool) ?? false,
  };

  /**
   * Run `fn` with `server`'s live SDK client (issue 5: the inspector's resources, prompts,
   * completions, logging level and tasks). Waits for a connect in progress. Throws `CoreError`
   * NOT_FOUND (unknown server) or NOT_CONNECTED (not connected, with the reason).
   */
  /**
   * Re-list `server`'s tools now (a person's refresh, issue 12 item 3): fetched even when the held
   * 2026-07-28 list is still fresh by its `ttlMs`. Resolves the runtime after. Throws
   * `CoreError('NOT_FOUND' | 'NOT_CONNECTED')`.
   */
  async refreshTools(server: string): Promise<ServerRuntime> {
    await this.withClient(server, async () => undefined);
    const { connection } = this.entries.get(server)!;
    await connection.refreshTools();
    return connection.runtime();
  }

  async withClient<T>(server: string, fn: (client: Client) => Promise<T>): Promise<T> {
    const entry = this.entries.get(server);
    if (!entry) throw new CoreError('NOT_FOUND', `Unknown server "${server}"`);
    const { connection } = entry;
    if (connection.status === 'connecting') await connection.whenSettled();
    const client = connection.liveClient();
    if (!client) {
      const why = connection.runtime().lastError ?? connection.status;
      throw new CoreError('NOT_CONNECTED', `Server "${server}" is not connected (${why})`);
    }
    return fn(client);
  }

  /** Raw tool names of `server` that its enabledTools/disabledTools hide (empty when not connected). */
  filteredOutTools(server: string): string[] {
    const connection = this.entries.get(server)?.connection;
    if (!connection) return [];
    return connection
      .listedTools()
      .filter((t) => !isToolExposed(t.name, this.filtersOf(connection)))
      .map((t) => t.name);
  }

  /** The raw tools `server` listed (empty unless connected): what tool pins compare (issue 16). */
  rawTools(server: string): Tool[] {
    return this.entries.get(server)?.connection.listedTools() ?? [];
  }

  /** A connection's tool filters with the held tools (issue 16) added to `disabledTools`. */
  private filtersOf(c: ServerConnection): { enabledTools?: string[]; disabledTools?: string[] } {
    const held = this.heldTools?.(c.name);
    const { enabledTools, disabledTools } = c.definition;
    if (!held || held.size === 0) return { enabledTools, disabledTools };
    return { enabledTools: enabledTools?.filter((t) => !held.has(t)), disabledTools: [...(disabledTools ?? []), ...held] };
  }

  /** Pids of the stdio server processes alive now (direct children; their descendants are not listed). */
  childPids(): number[] {
    const out: number[] = [];
    for (const { connection } of this.entries.values()) {
      const pid = connection.processId();
      if (pid !== undefined) out.push(pid);
    }
    return out;
  }

  /** JSON-RPC trace entries of `server` (every server's, merged, when absent) with `seq > afterSeq` (default 0), oldest first. */
  trace(server?: string, afterSeq = 0): TraceEntry[] {
    return this.traceStore.entries(server, afterSeq);
  }

  /** The highest trace `seq` given so far. */
  traceLastSeq(): number {
    return this.traceStore.lastSeq();
  }

  /** Add a system line to `server`'s log (redacted like every line; e.g. the SDK's own line during its sign-in). */
  note(server: string, text: string): void {
    this.logStore.append(server, 'system', text);
  }

  /** Buffered log lines of `server` with `seq > afterSeq` (default 0), oldest first. */
  logs(server: string, afterSeq = 0): LogEntry[] {
    return this.logStore.logs(server, afterSeq);
  }
}
