/**
 * The MCP manager (ARCHITECTURE: "manager (owns connections)"): takes the discovered definitions in
 * priority order, diff-and-applies them against what runs (docs/operator-verbs.md reload), and is the one place
 * tools are listed and called by raw names. Emits `status`, `tools` and `log` for every face.
 */
import { EventEmitter } from 'node:events';
import type { LogEntry, ToolCallResult, ToolInfo } from '../../../src-shared/api/status.js';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import { CoreError } from '../errors.js';
import { ServerConnection } from './connection.js';
import { DEFAULT_LOG_CAPACITY, LogStore } from './log-buffer.js';
import { buildToolInfos, isToolExposed } from './tool-bridge.js';
import { launchKey } from './transport-factory.js';
import type { ClientHooks } from './client-hooks.js';
import type { TestReport, TraceEntry } from '../../../src-shared/api/lifecycle.js';
import type { RestartPolicy } from './backoff.js';
import type { ConnectionAuth } from './connection-auth.js';
import { DEFAULT_TRACE_CAPACITY, TraceStore } from './rpc-trace.js';
import { StoredEraMemory, type EraMemory } from './era-memory.js';
import { redactText, secretValues } from '../../../src-shared/redaction.js';
import { ValueResolver } from './value-resolution.js';
import type { Client, Tool } from '@modelcontextprotocol/client';
import type { CallToolOptions, DesiredState, ManagedServer, ManagerEvents, McpManagerApi, ServerRuntime } from './types.js';

/** No held values (a manager without auth). */
const NO_HELD_VALUES = secretValues([]);

/** Options of `McpManager`. */
export interface McpManagerOptions {
  /** `clientInfo.name` sent at initialize (default `mcp-switchboard`). */
  clientName?: string;
  /** `clientInfo.version` sent at initialize (default `0.0.0`). */
  clientVersion?: string;
  /** Log lines kept per server (default 200). */
  logCapacity?: number;
  /** Environment of stdio children before each server's `env` (default `process.env`). */
  baseEnv?: Record<string, string | undefined>;
  /** Absolute project folder: the root of servers whose host offers its workspace (docs/roots.md); none when absent. */
  projectDir?: string;
  /** Inspector hooks handed to every client: server-request broker, roots, notices (issue 5). */
  hooks?: ClientHooks;
  /** Automatic restarts (default docs/connections-supervision.md: 500 ms → 30 s with jitter, `error` after 5 failed starts). */
  restart?: RestartPolicy;
  /** docs/auth.md value resolution (default: a resolver over `baseEnv` with the real shell). */
  values?: ValueResolver;
  /** JSON-RPC trace entries kept per server (default 500). */
  traceCapacity?: number;
  /** OAuth and secret redaction for every connection (issue 6). */
  auth?: ConnectionAuth;
  /** Negotiated protocol eras per definition (issue 10; default: kept in memory for this manager). */
  eras?: EraMemory;
  /**
   * Tools of a server held back from agents beyond its enabledTools/disabledTools (issue 16: a
   * pinned tool that changed in block mode, a tool switched off in Switchboard only). Default none.
   */
  heldTools?: (server: string) => ReadonlySet<string>;
  /**
   * Why a held tool is held, as the end of a sentence after `Tool "x" on server "y"` (e.g. "is held
   * back: it changed since it was pinned …"); undefined falls back to the enabledTools/disabledTools
   * wording. A call to a held tool is refused with it (NOT_FOUND). Default none.
   */
  heldReason?: (server: string, tool: string) => string | undefined;
}

interface Entry {
  connection: ServerConnection;
  desired: DesiredState;
}

/** The user-facing connect failure (docs/operator-verbs.md wording). */
export function connectFailureMessage(name: string, lastError: string | undefined): string {
  return `Failed to connect to "${name}": ${lastError ?? 'not connected'}`;
}

/** Owns every server connection; see `McpManagerApi` for the contract. */
export class McpManager extends EventEmitter<ManagerEvents> implements McpManagerApi {
  private readonly entries = new Map<string, Entry>();
  /** Names in priority order (the order of the last reconcile list). */
  private order: string[] = [];
  private readonly logStore: LogStore;
  private readonly clientName: string;
  private readonly clientVersion: string;
  private readonly baseEnv: Record<string, string | undefined>;
  private readonly projectDir?: string;
  private readonly hooks?: ClientHooks;
  private readonly restartPolicy?: RestartPolicy;
  private readonly auth?: ConnectionAuth;
  private readonly eras: EraMemory;
  /** docs/auth.md resolver; its cache lives until `restartAll` (a fresh context). */
  readonly values: ValueResolver;
  private readonly traceStore: TraceStore;
  /** Reconciles run one after another. */
  private queue: Promise<void> = Promise.resolve();
  private disposed = false;

  private readonly heldTools?: (server: string) => ReadonlySet<string>;
  private readonly heldReason?: (server: string, tool: string) => string | undefined;

  constructor(options: McpManagerOptions = {}) {
    super();
    this.heldTools = options.heldTools;
    this.heldReason = options.heldReason;
    this.clientName = options.clientName ?? 'mcp-switchboard';
    this.clientVersion = options.clientVersion ?? '0.0.0';
    this.baseEnv = options.baseEnv ?? process.env;
    this.projectDir = options.projectDir;
    this.hooks = options.hooks;
    this.restartPolicy = options.restart;
    this.values = options.values ?? new ValueResolver({ env: this.baseEnv });
    // Issue 9 item 4: one redaction rule for logs and the trace, with the secrets the core holds.
    const redactLine = (text: string): string => (options.auth ? options.auth.redact(text) : redactText(text));
    this.traceStore = new TraceStore({
      capacity: options.traceCapacity ?? DEFAULT_TRACE_CAPACITY,
      onEntry: (entry) => this.emit('trace', entry),
      redact: redactLine,
      // Without auth `redactLine` holds no values; with it, the same values the text pass would use.
      ...(options.auth ? (options.auth.heldValues ? { heldValues: () => options.auth!.heldValues!() } : {}) : { heldValues: () => NO_HELD_VALUES }),
      // The trace redacted it with `heldValues` already (rpc-trace.ts); without them, the auth's own pass.
      onServerNotification: (server, message) => this.emit('notification', server, !options.auth?.heldValues && options.auth?.redactValue ? options.auth.redactValue(message) : message),
    });
    this.logStore = new LogStore({
      capacity: options.logCapacity ?? DEFAULT_LOG_CAPACITY,
      onEntry: (entry) => this.emit('log', entry),
      redact: redactLine,
    });
    this.auth = options.auth;
    this.eras = options.eras ?? new StoredEraMemory();
  }

  /**
   * Diff-and-apply `servers` (priority order, first = highest; names unique — discovery dedupes).
   * Removed servers stop; `untrusted`/`disabled`/`stopped` ones get that status and no process or
   * connection; `run` ones that are new, not running, or whose launch fields (transport, command,
   * args, env, cwd, url, headers, auth) changed (re)start, all in parallel; unchanged running ones
   * are left alone (their filters and other fields are updated in place). Resolves once every stop
   * is done and every start has begun (status `connecting`); `settled()` waits for the connects.
   * Calls are serialised. Never rejects for a server's failure (that is its status).
   */
  reconcile(servers: ManagedServer[]): Promise<void> {
    const run = this.queue.then(() => this.apply(servers));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async apply(servers: ManagedServer[]): Promise<void> {
    if (this.disposed) throw new CoreError('INTERNAL', 'The MCP manager has been disposed');
    const wanted = new Map(servers.map((s) => [s.definition.name, s]));
    const stops: Promise<void>[] = [];
    /** Connections to start, and whether the start is a restart (a changed launch config). */
    const starts: [ServerConnection, boolean][] = [];
    const toolsChanged = new Set<string>();

    for (const [name, entry] of this.entries) {
      if (wanted.has(name)) continue;
      this.entries.delete(name);
      if (entry.connection.listedTools().length > 0) toolsChanged.add(name);
      entry.connection.removeAllListeners();
      stops.push(entry.connection.stop());
    }

    for (const { definition, desired } of servers) {
      const entry = this.entries.get(definition.name);
      if (!entry) {
        const connection = this.createConnection(definition);
        this.entries.set(definition.name, { connection, desired });
        if (desired === 'run') starts.push([connection, false]);
        else stops.push(connection.stop(desired));
        continue;
      }
      const { connection } = entry;
      const changed = launchKey(connection.definition) !== launchKey(definition);
      const filtersChanged =
        JSON.stringify([connection.definition.enabledTools, connection.definition.disabledTools]) !==
        JSON.stringify([definition.enabledTools, definition.disabledTools]);
      entry.desired = desired;
      if (desired !== 'run') {
        connection.definition = definition;
        if (connection.status !== desired) stops.push(connection.stop(desired));
        continue;
      }
      const idle = ['stopped', 'disabled', 'untrusted', 'changed'].includes(connection.status);
      if (changed && !idle) {
        stops.push(
          connection.stop().then(() => {
            connection.definition = definition;
          }),
        );
        // The manager restarts it for the new config: counted in restartCount (docs/connections-supervision.md).
        starts.push([connection, true]);
      } else {
        connection.definition = definition;
        // Idle (stopped/disabled/untrusted) → run is a start, not a restart.
        if (idle) starts.push([connection, false]);
        else if (filtersChanged && connection.listedTools().length > 0) {
          toolsChanged.add(definition.name);
          connection.emit('status');
        }
      }
    }

    this.order = servers.map((s) => s.definition.name);
    await Promise.all(stops);
    for (const [connection, asRestart] of starts) void connection.start(asRestart);
    for (const name of toolsChanged) this.emit('tools', name);
  }

  private createConnection(definition: ServerDefinition): ServerConnection {
    const connection = new ServerConnection(definition, {
      clientName: this.clientName,
      clientVersion: this.clientVersion,
      baseEnv: this.baseEnv,
      projectDir: this.projectDir,
      logs: this.logStore,
      hooks: this.hooks,
      restart: this.restartPolicy,
      values: this.values,
      trace: this.traceStore,
      auth: this.auth,
      eras: this.eras,
    });
    connection.on('status', () => this.emit('status', connection.runtime()));
    connection.on('tools', () => this.emit('tools', connection.name));
    return connection;
  }

  /** Resolves when no server is `connecting` (after any reconcile in progress). Never rejects. */
  async settled(): Promise<void> {
    for (;;) {
      await this.queue;
      const pending = [...this.entries.values()]
        .map((e) => e.connection)
        .filter((c) => c.status === 'connecting')
        .map((c) => c.whenSettled());
      if (pending.length === 0) return;
      await Promise.all(pending);
    }
  }

  /** One server's runtime state, or undefined for an unknown name. */
  runtime(name: string): ServerRuntime | undefined {
    return this.entries.get(name)?.connection.runtime();
  }

  /** Every server's runtime state, in priority order. */
  runtimes(): ServerRuntime[] {
    return this.ordered().map((c) => c.runtime());
  }

  /**
   * Agent-visible tools (docs/tool-bridge.md): names assigned over ALL connected servers in priority order (so
   * a name does not change with the filter), then narrowed to `server` when given.
   */
  listTools(server?: string): ToolInfo[] {
    const infos = buildToolInfos(
      this.ordered()
        .filter((c) => c.status === 'connected')
        .map((c) => ({
          server: c.name,
          tools: c.listedTools(),
          ...this.filtersOf(c),
        })),
    );
    return server === undefined ? infos : infos.filter((t) => t.server === server);
  }

  /**
   * Call `tool` on `server` by raw names (docs/tool-bridge.md). Waits for a connect in progress. Throws
   * `CoreError`: NOT_FOUND (unknown server or tool, or a tool the config filters out), DISABLED,
   * UNTRUSTED, NOT_CONNECTED (`Failed to connect to "<name>": <lastError>`, or a stopped server).
   * Tool errors, timeouts, transport failures and cancellation map into the result.
   */
  async callTool(server: string, tool: string, args: Record<string, unknown>, options: CallToolOptions = {}): Promise<ToolCallResult> {
    const entry = this.entries.get(server);
    if (!entry) throw new CoreError('NOT_FOUND', `Unknown server "${server}"`);
    const { connection } = entry;
    if (connection.status === 'connecting') await connection.whenSettled();
    switch (connection.status) {
      case 'connected':
        break;
      case 'disabled':
        throw new CoreError('DISABLED', `Server "${server}" is disabled. Run switchboard enable ${server} first.`);
      case 'untrusted':
        throw new CoreError('UNTRUSTED', `Server "${server}" comes from a project folder that is not trusted. Run switchboard trust first.`);
      case 'changed':
        throw new CoreError('UNTRUSTED', changedMessage(server));
      case 'stopped':
        throw new CoreError('NOT_CONNECTED', `Server "${server}" is stopped. Run switchboard start ${server} first.`);
      case 'backoff':
        throw new CoreError(
          'NOT_CONNECTED',
          `${connectFailureMessage(server, connection.runtime().lastError)} (restarting automatically; retry in a moment)`,
        );
      default:
        throw new CoreError('NOT_CONNECTED', connectFailureMessage(server, connection.runtime().lastError ?? connection.status));
    }
    const raw = connection.listedTools().find((t) => t.name === tool);
    if (!raw) throw new CoreError('NOT_FOUND', `Unknown tool "${tool}" on server "${server}"`);
    if (!isToolExposed(tool, this.filtersOf(connection))) {
      // A held tool says why (a pin in block mode, a Switchboard-only switch), not a list it is not in.
      const held = this.heldTools?.(server).has(tool) ? this.heldReason?.(server, tool) : undefined;
      throw new CoreError('NOT_FOUND', `Tool "${tool}" on server "${server}" ${held ?? 'is filtered out by its enabledTools/disabledTools'}`);
    }
    const result = await connection.callTool(tool, args, options);
    this.emit('status', connection.runtime());
    return result;
  }

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

  /** The connection of `server`; throws NOT_FOUND, or DISABLED/UNTRUSTED for one that may not run. */
  private runnable(server: string): Entry {
    const entry = this.entries.get(server);
    if (!entry) throw new CoreError('NOT_FOUND', `Unknown server "${server}"`);
    if (entry.desired === 'disabled') throw new CoreError('DISABLED', `Server "${server}" is disabled. Run switchboard enable ${server} first.`);
    if (entry.desired === 'untrusted') {
      throw new CoreError('UNTRUSTED', `Server "${server}" comes from a project folder that is not trusted. Run switchboard trust first.`);
    }
    if (entry.desired === 'changed') throw new CoreError('UNTRUSTED', changedMessage(server));
    return entry;
  }

  /**
   * `start <name>` (docs/operator-verbs.md): revive from the current in-memory config; clears the last error and
   * the failed-start count, then connects. Resolves when the attempt ends (status connected, backoff
   * or error). Throws CoreError NOT_FOUND, DISABLED (`Server "<name>" is disabled. Run switchboard
   * enable <name> first.`) or UNTRUSTED.
   */
  async start(server: string): Promise<ServerRuntime> {
    await this.queue;
    const entry = this.runnable(server);
    entry.desired = 'run';
    await entry.connection.start();
    return entry.connection.runtime();
  }

  /**
   * `stop <name>` (docs/operator-verbs.md): kill the process (tree), drop its tools, keep the entry (status
   * `stopped`; the manager will not restart it). Throws like `start`.
   */
  async stop(server: string): Promise<ServerRuntime> {
    await this.queue;
    const entry = this.runnable(server);
    entry.desired = 'stopped';
    await entry.connection.stop('stopped');
    return entry.connection.runtime();
  }

  /**
   * `restart [name]` (docs/operator-verbs.md). With a name: stop + start that server (throws like `start`). Without:
   * stop every running-or-failed server, clear the value cache (a fresh context), start all of them
   * again in parallel; resolves when every attempt has ended. Servers stopped by the user, disabled
   * or untrusted stay as they are.
   */
  async restart(server?: string): Promise<void> {
    await this.queue;
    if (server !== undefined) {
      const entry = this.runnable(server);
      entry.desired = 'run';
      await entry.connection.stop('stopped');
      await entry.connection.start(true);
      return;
    }
    const run = [...this.entries.values()].filter((e) => e.desired === 'run').map((e) => e.connection);
    await Promise.all(run.map((c) => c.stop('stopped')));
    this.values.clear();
    await Promise.all(run.map((c) => c.start(true)));
  }

  /** `test <name>` (docs/operator-verbs.md): connect (or reuse), list tools, ping; latencies and outcome. Throws like `start`. */
  async test(server: string): Promise<TestReport> {
    await this.queue;
    // A server stopped by the user (or left out of a one-shot run) is connected for the test; its
    // desired state is not changed, so a reload does not count it as wanted.
    return this.runnable(server).connection.test();
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

  /** JSON-RPC trace entries of `server` with `seq > afterSeq` (default 0), oldest first. */
  trace(server: string, afterSeq = 0): TraceEntry[] {
    return this.traceStore.entries(server, afterSeq);
  }

  /** Buffered log lines of `server` with `seq > afterSeq` (default 0), oldest first. */
  logs(server: string, afterSeq = 0): LogEntry[] {
    return this.logStore.logs(server, afterSeq);
  }

  /** Stop every server (in parallel) and leave no process behind. Later reconciles are refused. */
  async dispose(): Promise<void> {
    await this.queue;
    this.disposed = true;
    const connections = [...this.entries.values()].map((e) => e.connection);
    this.values.dispose();
    await Promise.all(connections.map((c) => c.stop()));
  }

  private ordered(): ServerConnection[] {
    const out: ServerConnection[] = [];
    for (const name of this.order) {
      const entry = this.entries.get(name);
      if (entry) out.push(entry.connection);
    }
    return out;
  }
}

/** Issue 16: a project server whose definition is not the approved one (docs/trust.md). */
function changedMessage(server: string): string {
  return `Server "${server}" has a definition you have not approved (new or changed since you approved it). Review it: switchboard trust --review`;
}
