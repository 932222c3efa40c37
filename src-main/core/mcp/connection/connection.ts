/**
 * One server's lifecycle (docs/connections-supervision.md): resolve its values (docs/auth.md), connect through the SDK client and
 * transport, list tools, follow `tools/list_changed`, notice when the server goes away, restart it
 * with backoff, stop cleanly.
 *
 * Every connect attempt has a number; anything that finishes for an older attempt (a connect that
 * lost a race with `stop()`, a close event of a replaced client) is ignored.
 *
 * Supervision: a server that was connected and went away (stdio exit, dropped SSE stream, failed
 * HTTP request) and a stdio server whose process ended before initializing are restarted after a
 * backoff delay (`backoff` status, `nextRestartAt`); after `maxFailedStarts` failed starts in a row
 * it stays in `error` until started by hand. Failures a retry cannot fix (command not found, 401,
 * a bad URL, a timeout) go to `error` at once — docs/operator-verbs.md: `start` clears the error and retries.
 * Composition, not a class chain (issue 29 item 2): `ServerConnection` owns four parts, each its own
 * file and constructed here with only what it needs —
 * - `state` (connection-state.ts): status, tools, last error, latencies, live client, `runtime()`,
 *   and the `status`/`tools` events;
 * - `lists` (connection-lists.ts): tool-list refresh, `list_changed`, the listen stream;
 * - `supervisor` (connection-supervision.ts): losses, failed requests, backoff and restarts;
 * - `launcher` (connection-attempt.ts): start, stop, one connect attempt.
 * A call is resolved in tools/resolve-tool.ts, run here, and its result built in tools/call-result.ts.
 * The parts share `state`; one part reaches another only through a narrow interface of callbacks
 * (`SupervisorDeps`, `LauncherDeps`). This file adds tool calls and `test`.
 * Helpers: connection-launch.ts (values, auth, transport), connection-failures.ts (messages),
 * restart-schedule.ts (backoff), server-test.ts (`test`).
 */
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { TestReport } from '../../../../src-shared/api/lifecycle.js';
import type { ToolCallResult } from '../../../../src-shared/api/status.js';
import { DEFAULT_TIMEOUT_MS } from '../../../../src-shared/config/server.js';
import { isSessionExpired } from './live-client.js';
import { listAllTools } from '../tools/tool-listing.js';
import { runServerTest } from './server-test.js';
import type { ConnectionEvents, ConnectionOptions, Live } from './connection-types.js';
import { buildCallResult, SESSION_RETRY_NOTE } from '../tools/call-result.js';
import type { ToolTarget } from '../tools/resolve-tool.js';
import { executeToolCall } from '../tools/tool-bridge.js';
import type { CallToolOptions } from '../manager/types.js';
import { taskToFollow } from '../tools/task-runner.js';
import { ConnectionLauncher } from './connection-attempt.js';
import { ConnectionState } from './connection-state.js';
import { ListFollower } from './connection-lists.js';
import { ConnectionSupervisor } from './connection-supervision.js';
import type { Client, Tool } from '@modelcontextprotocol/client';
import type { ServerStatusName } from '../../../../src-shared/api/status.js';
import type { ServerDefinition } from '../../../../src-shared/config/server.js';
import type { ServerRuntime } from '../manager/types.js';

export type { ConnectionEvents, ConnectionOptions } from './connection-types.js';
export { LATENCY_WINDOW } from './connection-state.js';

/** One server's runtime: status, tools, client. Public state is read through `runtime()`. */
export class ServerConnection {
  /** What this connection knows, and its events (connection-state.ts). */
  private readonly state: ConnectionState;
  /** Tool-list refresh and the listen stream (connection-lists.ts). */
  private readonly lists: ListFollower;
  /** Losses, failed requests, backoff (connection-supervision.ts). */
  private readonly supervisor: ConnectionSupervisor;
  /** Start, stop and one connect attempt (connection-attempt.ts). */
  private readonly launcher: ConnectionLauncher;

  constructor(definition: ServerDefinition, options: ConnectionOptions) {
    this.state = new ConnectionState(definition, options);
    this.lists = new ListFollower(this.state);
    this.supervisor = new ConnectionSupervisor(this.state, {
      begin: (asRestart, keepReason) => this.launcher.begin(asRestart, keepReason),
      toolsChanged: (live) => this.lists.followChange(live),
    });
    this.launcher = new ConnectionLauncher(this.state, { supervisor: this.supervisor, lists: this.lists });
  }

  /** The definition this connection runs; the manager replaces it on reload (a launch change restarts first). */
  get definition(): ServerDefinition {
    return this.state.definition;
  }

  set definition(definition: ServerDefinition) {
    this.state.definition = definition;
  }

  get name(): string {
    return this.state.name;
  }

  /** The current status (docs/connections-supervision.md); read-only here, the parts set it. */
  get status(): ServerStatusName {
    return this.state.status;
  }

  /** Serialisable runtime state (connection-state.ts `runtime`). */
  runtime(): ServerRuntime {
    return this.state.runtime();
  }

  /** The raw tools as listed (empty unless connected). */
  listedTools(): Tool[] {
    return this.state.listedTools();
  }

  /** The listed tools that pass the definition's enabledTools/disabledTools filter. */
  exposedTools(): Tool[] {
    return this.state.exposedTools();
  }

  /** The live SDK client while connected (the inspector's requests go through it), else undefined. */
  liveClient(): Client | undefined {
    return this.state.liveClient();
  }

  /** The pid of the live stdio process (connecting or connected, not yet exited), else undefined. */
  processId(): number | undefined {
    return this.state.processId();
  }

  /** The current connect attempt, or a resolved promise when not connecting. */
  whenSettled(): Promise<void> {
    return this.state.whenSettled();
  }

  /** Listen to `status` (any runtime change) or `tools` (the tool list changed). */
  on(event: keyof ConnectionEvents, listener: () => void): this {
    this.state.on(event, listener);
    return this;
  }

  /** Emit `event` to this connection's listeners (the manager's `status` after a filter change). */
  emit(event: keyof ConnectionEvents): boolean {
    return this.state.emit(event);
  }

  /** Drop every listener (the manager, when it lets the connection go). */
  removeAllListeners(): this {
    this.state.removeAllListeners();
    return this;
  }

  /** See `ConnectionLauncher.start` (connection-attempt.ts): idempotent, never rejects. */
  start(asRestart = false): Promise<void> {
    return this.launcher.start(asRestart);
  }

  /** See `ConnectionLauncher.stop` (connection-attempt.ts): close, drop the tools, set `finalStatus`. */
  stop(finalStatus?: Parameters<ConnectionLauncher['stop']>[0]): Promise<void> {
    return this.launcher.stop(finalStatus);
  }

  /** A person's refresh of the tool list (connection-lists.ts `refreshTools`). */
  refreshTools(): Promise<void> {
    return this.lists.refreshTools();
  }

  /**
   * Run a resolved call on the live client (tools/resolve-tool.ts checked status and tool; the
   * words of its result are tools/call-result.ts's). Never throws for the call's own failures: they
   * map into the result; throws `SdkError(NotConnected)` when the connection went away since.
   */
  async callTool(target: ToolTarget, args: Record<string, unknown>, options: CallToolOptions = {}): Promise<ToolCallResult> {
    const live = this.state.live;
    if (!live || this.status !== 'connected') throw new SdkError(SdkErrorCode.NotConnected, 'Not connected');
    const { name: tool, definition, outputSchema } = target;
    const timeoutMs = options.timeoutMs ?? target.timeoutMs;
    const hooks = this.state.options.hooks;
    let events = 0; // progress that reached us: a buffering proxy lets none through (stream-timeout-hint.ts)
    const run = async (on: Live): Promise<[ToolCallResult, unknown]> => {
      let failure: unknown;
      const result = await executeToolCall(on.client, this.name, tool, args, {
        timeoutMs,
        // Issue 12 item 5: a task handle becomes a listed task whose outcome is this call's result.
        followTask: hooks?.followTask && ((task, started, trace) => hooks.followTask!(taskToFollow(on.client, this.name, tool, task, started, timeoutMs, { ...options, trace }, outputSchema))),
        signal: options.signal,
        onProgress: (p) => {
          events++;
          options.onProgress?.(p);
        },
        pause: this.state.options.hooks?.broker?.pauseFor(this.name),
        outputSchema,
        definition,
        ...(options.trace ? { trace: options.trace } : {}),
        onFailure: (err) => {
          failure = err;
        },
      });
      return [result, failure];
    };
    let [result, failure] = await run(live);
    let used = live;
    if (failure !== undefined && isSessionExpired(live, failure) && this.state.live === live) {
      // docs/connections-supervision.md: a 404 on a request that carried a session id means the session expired:
      // re-initialise once and retry.
      this.state.note(SESSION_RETRY_NOTE);
      await this.launcher.reinitialise(live);
      if (this.state.live && this.status === 'connected') {
        used = this.state.live;
        [result, failure] = await run(used);
      }
    }
    if (failure !== undefined) this.supervisor.handleRequestFailure(used, failure);
    const statusNow: string = this.status; // changed by handleRequestFailure (TypeScript still narrows it to 'connected')
    result = buildCallResult({
      result,
      thrown: failure,
      timeoutMs,
      transport: this.definition.transport,
      eventsSeen: events,
      stdio: used.stdio,
      stderrTail: () => this.state.stderrOfAttempt(),
      needsAuth: statusNow === 'needs-auth' ? this.state.lastError : undefined,
      redact: (text) => this.state.redact(text),
    });
    // A cancelled call measured the person, not the server: it does not count as latency.
    if (options.signal?.aborted !== true) this.state.recordLatency(result.durationMs);
    return result;
  }

  /**
   * `test` (docs/operator-verbs.md): connect (or reuse), list tools, ping; latencies in ms. Never rejects.
   */
  test(): Promise<TestReport> {
    return runServerTest({
      name: this.name,
      status: () => this.status,
      lastError: () => (this.state.lastError === undefined ? undefined : this.state.redact(this.state.lastError)),
      redact: (text) => this.state.redact(text),
      timeoutMs: this.definition.timeout ?? DEFAULT_TIMEOUT_MS,
      start: () => this.start(),
      live: () => this.state.live,
      acceptTools: (live, tools) => {
        if (this.state.live === live) this.state.tools = tools;
        return this.exposedTools().length;
      },
      recordLatency: (ms) => this.state.recordLatency(ms),
      requestFailed: (live, err) => this.supervisor.handleRequestFailure(live, err),
      changed: () => this.state.emit('status'),
    });
  }
}

export { listAllTools, MAX_TOOL_PAGES } from '../tools/tool-listing.js';
