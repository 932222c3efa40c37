/**
 * Supervision of every server connection (ARCHITECTURE: "manager (owns connections)"): takes the
 * discovered definitions in priority order and diff-and-applies them against what runs
 * (docs/operator-verbs.md reload), and runs the lifecycle verbs. A part `McpManager` owns (manager.ts):
 * it works on the manager's map of entries and reaches the rest through `SupervisionDeps`.
 */
import type { ServerDefinition } from '../../../../src-shared/config/server.js';
import { CoreError } from '../../facade/errors.js';
import { ServerConnection } from '../connection/connection.js';
import { launchKey } from '../transport/transport-factory.js';
import type { TestReport } from '../../../../src-shared/api/lifecycle.js';
import { eraKey, type EraMemory } from '../client/era-memory.js';
import type { ValueResolver } from '../connection/value-resolution.js';
import type { ConnectionOptions } from '../connection/connection-types.js';
import type { DesiredState, ManagedServer, ServerRuntime } from './types.js';
import { changedMessage } from './manager-messages.js';


/** How long `settled()` waits before looking again at a server still `connecting` with no attempt to await (ms). */
export const SETTLE_POLL_MS = 25;

/** One managed server: its connection and what should become of it. */
export interface Entry {
  connection: ServerConnection;
  desired: DesiredState;
}

/** What the supervision needs from the manager that owns it. */
export interface SupervisionDeps {
  /** The manager's servers by name: the supervision adds, removes and updates entries here. */
  entries: Map<string, Entry>;
  /** The services every new connection is built with (manager-services.ts). */
  connection: ConnectionOptions;
  /** Cleared on a restart of every server; disposed with the manager. */
  values: ValueResolver;
  /** Forgotten per server on an explicit restart (docs/protocol-eras.md). */
  eras: EraMemory;
  /** A server's runtime changed (the manager's `status` event). */
  onStatus(runtime: ServerRuntime): void;
  /** A server's tool list changed (the manager's `tools` event). */
  onTools(server: string): void;
}

/**
 * The manager's supervision: reconcile definitions against what runs, start/stop/restart/test by
 * name, dispose. Queries and calls are `McpManager`'s (manager.ts).
 */
export class ManagerSupervision {
  private readonly entries: Map<string, Entry>;
  /** Names in priority order (the order of the last reconcile list). */
  private order: string[] = [];
  /** Reconciles run one after another. */
  private queue: Promise<void> = Promise.resolve();
  private disposed = false;

  constructor(private readonly deps: SupervisionDeps) {
    this.entries = deps.entries;
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
    for (const name of toolsChanged) this.deps.onTools(name);
  }

  private createConnection(definition: ServerDefinition): ServerConnection {
    const connection = new ServerConnection(definition, this.deps.connection);
    connection.on('status', () => this.deps.onStatus(connection.runtime()));
    connection.on('tools', () => this.deps.onTools(connection.name));
    return connection;
  }

  /**
   * Resolves when no server is `connecting` (after any reconcile in progress). Never rejects.
   * A connection can read `connecting` with no attempt to wait for (a stop closing its process, an
   * attempt not yet begun): then this waits `SETTLE_POLL_MS` before looking again — never a loop of
   * resolved promises, which starves the event loop (no timer, no child exit can run, so the status
   * never changes) and spins a core for good.
   */
  async settled(): Promise<void> {
    for (;;) {
      await this.queue;
      const connecting = [...this.entries.values()].map((e) => e.connection).filter((c) => c.status === 'connecting');
      if (connecting.length === 0) return;
      await Promise.all(connecting.map((c) => c.whenSettled()));
      if (connecting.some((c) => c.status === 'connecting')) await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    }
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
   * or untrusted stay as they are. An explicit restart forgets the remembered protocol era and probes
   * again (docs/protocol-eras.md): the person may have changed the server's code, which the
   * definition-keyed memory cannot see (trial 6: an upgraded server kept its 2025 era on Restart).
   */
  async restart(server?: string): Promise<void> {
    await this.queue;
    if (server !== undefined) {
      const entry = this.runnable(server);
      entry.desired = 'run';
      await entry.connection.stop('stopped');
      this.deps.eras.forget(eraKey(entry.connection.definition));
      await entry.connection.start(true);
      return;
    }
    const run = [...this.entries.values()].filter((e) => e.desired === 'run').map((e) => e.connection);
    await Promise.all(run.map((c) => c.stop('stopped')));
    for (const c of run) this.deps.eras.forget(eraKey(c.definition));
    this.deps.values.clear();
    await Promise.all(run.map((c) => c.start(true)));
  }

  /** `test <name>` (docs/operator-verbs.md): connect (or reuse), list tools, ping; latencies and outcome. Throws like `start`. */
  async test(server: string): Promise<TestReport> {
    await this.queue;
    // A server stopped by the user (or left out of a one-shot run) is connected for the test; its
    // desired state is not changed, so a reload does not count it as wanted.
    return this.runnable(server).connection.test();
  }

  /** Stop every server (in parallel) and leave no process behind. Later reconciles are refused. */
  async dispose(): Promise<void> {
    await this.queue;
    this.disposed = true;
    const connections = [...this.entries.values()].map((e) => e.connection);
    this.deps.values.dispose();
    await Promise.all(connections.map((c) => c.stop()));
  }

  /** The connections in priority order (the last reconcile's). */
  ordered(): ServerConnection[] {
    const out: ServerConnection[] = [];
    for (const name of this.order) {
      const entry = this.entries.get(name);
      if (entry) out.push(entry.connection);
    }
    return out;
  }
}
