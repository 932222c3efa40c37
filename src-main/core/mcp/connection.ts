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
 * Parts: connection-launch.ts (values, auth, transport), connection-failures.ts (messages),
 * restart-schedule.ts (backoff), connection-test.ts (`test`).
 */
import { AFTER_CANCEL_PREFIX, isLateMessage } from './log-level.js';
import { EventEmitter } from 'node:events';
import { SdkError, SdkErrorCode, type Client, type Tool } from '@modelcontextprotocol/client';
import type { TestReport } from '../../../src-shared/api/lifecycle.js';
import type { LogEntry, NegotiatedProtocol, ServerStatusName, ToolCallResult } from '../../../src-shared/api/status.js';
import { DEFAULT_TIMEOUT_MS, type ServerDefinition } from '../../../src-shared/config/server.js';
import { DEFAULT_RESTART_POLICY, type RestartPolicy } from './backoff.js';
import { RestartSchedule } from './restart-schedule.js';
import { keepAliveProbe, NOT_RESPONDING } from './keepalive-probe.js';
import { NotRespondingError, startKeepAlive } from './remote-keepalive.js';
import { ConnectTimeoutError, describeConnectFailure, describeStdioLoss, STDERR_SCAN_LINES } from './connection-failures.js';
import { closeLive, coalescing, isAuthFailure, isSessionExpired, isTransportFailure, listAllTools, type ListToolsExtras } from './connection-helpers.js';
import { cacheStateNow } from './response-cache.js';
import type { ListCacheState } from '../../../src-shared/api/list-cache.js';
import { runServerTest } from './connection-test.js';
import type { ConnectionEvents, ConnectionOptions, Live } from './connection-types.js';
import { prepareLive } from './connection-launch.js';
import type { DroppedValue } from './value-resolution.js';
import { withStreamTimeoutHint } from './stream-timeout-hint.js';
import { executeToolCall, failureMessage, isToolExposed } from './tool-bridge.js';
import { createLineSplitter } from './log-buffer.js';
import { describeLaunch } from './transport-factory.js';
import { needsAuthMessage } from './connection-auth.js';
import { AUTH_REQUIRED, classifyFailure } from './failure-code.js';
import { isRequestTimeout } from './failure-text.js';
import type { Failure } from '../../../src-shared/api/outcome.js';
import { connectDeadlineMs, describeEra, negotiated, priorFor, protocolFor, retryAfter, verdictOf } from './connection-era.js';
import { eraKey } from './era-memory.js';
import { ListenStream, listFilter } from './listen-stream.js';
import type { CallToolOptions, ServerRuntime } from './types.js';
import { taskToFollow } from './task-runner.js';
import { ConnectWatch, connectOverview } from './connect-report.js';
import { watchStall } from './connect-stall.js';
import type { ConnectWait } from '../../../src-shared/api/connect-wait.js';

export type { ConnectionEvents, ConnectionOptions } from './connection-types.js';

/** Latencies kept per server for the sparkline. */
export const LATENCY_WINDOW = 30;
/** One server's runtime: status, tools, client. Public state is read through `runtime()`. */
export class ServerConnection extends EventEmitter<ConnectionEvents> {
  status: ServerStatusName = 'stopped';
  private tools: Tool[] = [];
  private connectedAt?: number;
  /** A remote server that was connected and went away is retried until it is back (issue 14 item 5). */
  private lostWhileUp = false;
  /** What the last tools/list got wrong (a repeated cursor, duplicates), for status (issue 14 item 7). */
  private listWarning?: string;
  /** 2026-07-28 HTTP: tools the SDK left out for an invalid `x-mcp-header` (issue 12 item 4). */
  private excludedTools: { name: string; reason: string }[] = [];
  /** 2026-07-28: how the tool list was last served (issue 12 item 3). */
  private toolsCache?: ListCacheState;
  private lastError?: string;
  /** What `lastError` is, typed (issue 11 item 3). */
  private failure?: Failure;
  private restartCount = 0;
  private latencies: number[] = [];
  private serverInfo?: { name: string; version: string };
  private protocol?: NegotiatedProtocol;
  private capabilities?: Record<string, unknown>;
  private instructions?: string;
  /** The last connect that reached its first tools/list (issue 15 item 4: timings, capabilities sent). */
  private connectWatch?: ConnectWatch;
  private live?: Live;
  private attempt = 0;
  private connecting?: Promise<void>;
  /** The live connection whose tools changed (read by `relist`). */
  private relistTarget?: Live;
  private readonly restarts = new RestartSchedule(() => this.policy);
  private dropped: DroppedValue[] = [];
  /** Log sequence number when the current attempt began (its stderr is what a loss quotes). */
  private attemptLogFrom = 0;
  /** The attempt in progress, for status while connecting (connect-stall.ts). */
  private connectWait?: () => ConnectWait;

  constructor(
    public definition: ServerDefinition,
    private readonly options: ConnectionOptions,
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

  private get policy(): RestartPolicy {
    return this.options.restart ?? DEFAULT_RESTART_POLICY;
  }

  /**
   * Start by hand or by reconcile (idempotent: resolves with the running attempt when connecting or
   * connected). Cancels a pending automatic restart and resets the failed-start count (docs/operator-verbs.md:
   * "`start foo` clears its last error and retries"). Never rejects: a failure leaves status
   * `backoff` or `error` with `lastError`. `asRestart`: an explicit `restart` (counted in
   * `restartCount`); a plain start — first start, or start after a stop — is not a restart.
   */
  start(asRestart = false): Promise<void> {
    if (this.connecting) return this.connecting;
    if (this.status === 'connected') return Promise.resolve();
    this.restarts.cancel();
    this.restarts.failedStarts = 0;
    this.lostWhileUp = false;
    return this.begin(asRestart);
  }

  /**
   * One connect attempt; `asRestart` counts it in `restartCount` (automatic restarts and explicit
   * `restart`, docs/connections-supervision.md). Clears the last error, except on an automatic
   * retry (`keepReason`): its status keeps saying why until this attempt learns better (connect-stall.ts).
   */
  private begin(asRestart: boolean, keepReason = false): Promise<void> {
    if (this.connecting) return this.connecting;
    const attempt = ++this.attempt;
    if (asRestart) this.restartCount++;
    if (!keepReason) {
      this.lastError = undefined;
      this.failure = undefined;
    }
    this.connectedAt = undefined;
    this.setStatus('connecting');
    const run = this.connect(attempt).finally(() => {
      if (this.connecting === run) this.connecting = undefined;
    });
    this.connecting = run;
    return run;
  }

  /**
   * Stop: abort a connect in progress, close the client (stdio: end stdin → SIGTERM → kill tree),
   * drop the tools, then set `finalStatus` (`stopped`, `disabled`, `untrusted` or `changed`).
   */
  async stop(finalStatus: Extract<ServerStatusName, 'stopped' | 'disabled' | 'untrusted' | 'changed'> = 'stopped'): Promise<void> {
    this.attempt++;
    this.restarts.cancel();
    this.connecting = undefined;
    const live = this.live;
    this.live = undefined;
    const hadTools = this.tools.length > 0;
    this.tools = [];
    this.connectedAt = undefined;
    this.protocol = undefined;
    // A stopped server has no current latency (the sparkline starts over at the next connect).
    this.latencies = [];
    if (live) {
      this.note(`stopping (${finalStatus})`);
      await closeLive(live);
    }
    if (finalStatus !== 'stopped') {
      this.lastError = undefined;
      this.failure = undefined;
    }
    this.setStatus(finalStatus);
    if (hadTools) this.emit('tools');
  }

  /** Call a tool on the live client (the manager checks status and tool first). Never throws. */
  async callTool(tool: string, args: Record<string, unknown>, options: CallToolOptions = {}): Promise<ToolCallResult> {
    const live = this.live;
    if (!live || this.status !== 'connected') throw new SdkError(SdkErrorCode.NotConnected, 'Not connected');
    const definition = this.tools.find((t) => t.name === tool);
    const outputSchema = definition?.outputSchema as Record<string, unknown> | undefined;
    const timeoutMs = options.timeoutMs ?? this.definition.timeout ?? DEFAULT_TIMEOUT_MS;
    const hooks = this.options.hooks;
    let events = 0; // progress that reached us: a buffering proxy lets none through (stream-timeout-hint.ts)
    const run = async (on: Live): Promise<[ToolCallResult, unknown]> => {
      let failure: unknown;
      const result = await executeToolCall(on.client, this.name, tool, args, {
        timeoutMs,
        // Issue 12 item 5: a task handle becomes a listed task whose outcome is this call's result.
        followTask: hooks?.followTask && ((task, started) => hooks.followTask!(taskToFollow(on.client, this.name, tool, task, started, timeoutMs, options, outputSchema))),
        signal: options.signal,
        onProgress: (p) => {
          events++;
          options.onProgress?.(p);
        },
        pause: this.options.hooks?.broker?.pauseFor(this.name),
        outputSchema,
        definition,
        onFailure: (err) => {
          failure = err;
        },
      });
      return [result, failure];
    };
    let [result, failure] = await run(live);
    let used = live;
    if (failure !== undefined && isSessionExpired(live, failure) && this.live === live) {
      // docs/connections-supervision.md: a 404 on a request that carried a session id means the session expired:
      // re-initialise once and retry.
      this.note('session expired (HTTP 404 with Mcp-Session-Id): re-initialising and retrying once');
      await this.reinitialise(live);
      if (this.live && this.status === 'connected') {
        used = this.live;
        [result, failure] = await run(used);
      }
    }
    if (failure !== undefined) this.handleRequestFailure(used, failure);
    // The transport closed itself (an oversized reply): say why, not just "Connection closed".
    if (failure !== undefined && used.stdio?.fatalError) result = { ...result, text: `MCP error: ${used.stdio.fatalError}` };
    result = withStreamTimeoutHint(result, this.definition.transport, events); // a buffering proxy (issue 14 item 2)
    // A cancelled call measured the person, not the server: it does not count as latency.
    if (options.signal?.aborted !== true) this.recordLatency(result.durationMs);
    // An error text may quote server output that echoes a token we sent.
    if (result.isError) result = { ...result, text: this.redact(result.text) };
    return result;
  }

  /**
   * `test` (docs/operator-verbs.md): connect (or reuse), list tools, ping; latencies in ms. Never rejects.
   */
  test(): Promise<TestReport> {
    return runServerTest({
      name: this.name,
      status: () => this.status,
      lastError: () => (this.lastError === undefined ? undefined : this.redact(this.lastError)),
      redact: (text) => this.redact(text),
      timeoutMs: this.definition.timeout ?? DEFAULT_TIMEOUT_MS,
      start: () => this.start(),
      live: () => this.live,
      acceptTools: (live, tools) => {
        if (this.live === live) this.tools = tools;
        return this.exposedTools().length;
      },
      recordLatency: (ms) => this.recordLatency(ms),
      requestFailed: (live, err) => this.handleRequestFailure(live, err),
      changed: () => this.emit('status'),
    });
  }

  /** Close `live` quietly (no status noise) and connect again; resolves when that attempt ends. */
  private async reinitialise(live: Live): Promise<void> {
    if (this.live !== live) return this.whenSettled();
    this.live = undefined;
    this.attempt++;
    await closeLive(live);
    await this.begin(true);
  }

  /**
   * After a failure `message`: `backoff` and a timer for the next start, or `error` when the policy
   * forbids restarts or `maxFailedStarts` failed starts in a row are reached (restart-schedule.ts).
   * `idleStatus` is the status without a restart policy (`error` or `disconnected`).
   */
  private afterFailure(message: string, failure: Failure, countsAsFailedStart: boolean, idleStatus: ServerStatusName): void {
    this.lastError = message;
    this.failure = failure;
    // Issue 14 item 5: a remote server that went away is retried for as long as it is enabled (backoff capped at 30 s).
    const next = this.restarts.decide(countsAsFailedStart, this.lostWhileUp);
    if (next.kind === 'idle') return this.setStatus(idleStatus);
    if (next.kind === 'give-up') {
      this.lastError = `${message} (gave up after ${next.failedStarts} failed starts in a row; start it to try again)`;
      this.note(`giving up after ${next.failedStarts} failed starts in a row`);
      return this.setStatus('error');
    }
    this.note(`restarting in ${next.delay} ms`);
    const attempt = this.attempt;
    this.restarts.schedule(next.delay, () => void this.begin(true, true), () => attempt === this.attempt && this.status === 'backoff');
    this.setStatus('backoff');
  }

  /**
   * One connect attempt. `retry` is set on the one immediate retry after a failure that
   * `retryAfter` (connection-era.ts) allows: `forget` drops the remembered era, `legacy` uses the
   * legacy handshake (a stdio server that closed its pipe on the probe).
   */
  private async connect(attempt: number, retry?: 'forget' | 'legacy'): Promise<void> {
    const def = this.definition;
    const timeoutMs = def.timeout ?? DEFAULT_TIMEOUT_MS;
    // A retry quotes only its own process's stderr (the first process's is in the log already).
    const stderrFrom = this.options.logs.lastSeq();
    this.attemptLogFrom = stderrFrom;
    let timer: NodeJS.Timeout | undefined;
    let stall: ReturnType<typeof watchStall> | undefined;
    let live: Live | undefined;
    const watch = new ConnectWatch();
    const memoryKey = eraKey(def);
    let mode: ReturnType<typeof protocolFor> = def.protocol ?? 'auto';
    let prior: ReturnType<typeof priorFor>;
    try {
      mode = protocolFor(def);
      if (retry === 'forget') this.options.eras?.forget(memoryKey);
      prior = retry === 'legacy' ? { kind: 'legacy' } : priorFor(mode, this.options.eras?.recall(memoryKey));
      const prepared = await prepareLive(def, this.options, {
        protocol: mode,
        server: this.name,
        note: (text) => this.note(text),
        isCurrent: () => attempt === this.attempt,
        onDropped: (dropped) => {
          this.dropped = dropped;
        },
      });
      if (!prepared) return;
      const { sse, transport } = prepared;
      watch.observe(transport);
      live = prepared.live;
      const current = live;
      if (sse) sse.onStreamDropped = (reason) => {
        current.dropReason = reason;
        if (this.live === current) this.note(reason);
      };
      this.live = live;
      this.wire(live);
      this.note(`connecting: ${describeLaunch(def)}`);
      const deadlineMs = connectDeadlineMs(def, mode, prior !== undefined, timeoutMs);
      const deadline = new Promise<never>((_, reject) => {
        const why = deadlineMs === timeoutMs ? `Connection timed out after ${timeoutMs} ms` : `Connection timed out after ${deadlineMs} ms (the server/discover probe, then the 2025 handshake, ${timeoutMs} ms each)`;
        timer = setTimeout(() => reject(new ConnectTimeoutError(why)), deadlineMs);
      });
      stall = this.watchStall(attempt, deadlineMs, watch);
      await Promise.race([live.client.connect(transport, { timeout: timeoutMs, signal: live.abort.signal, ...(prior ? { prior } : {}) }), deadline]);
      if (attempt !== this.attempt) return;
      watch.connected();
      const verdict = verdictOf(live.client);
      if (verdict) this.options.eras?.remember(memoryKey, verdict);
      this.protocol = negotiated(live.client, mode, prior !== undefined && retry !== 'legacy');
      this.capabilities = live.client.getServerCapabilities() as Record<string, unknown> | undefined;
      this.instructions = live.client.getInstructions();
      this.listWarning = undefined;
      this.excludedTools = [];
      this.toolsCache = undefined;
      const tools = await Promise.race([listAllTools(live.client, timeoutMs, (ms) => this.recordLatency(ms), (w) => this.onListWarning(w), this.listExtras()), deadline]);
      if (attempt !== this.attempt) return;
      this.tools = tools;
      watch.listed();
      this.connectWatch = watch;
      const info = live.client.getServerVersion();
      this.serverInfo = info ? { name: info.name, version: info.version } : undefined;
      // The failed-start count resets only once the connection has stayed up (restart-schedule.ts).
      this.connectedAt = Date.now();
      this.lostWhileUp = false;
      this.lastError = undefined; // an automatic retry kept the previous attempt's reason until now
      this.failure = undefined;
      this.note(`connected${info ? ` to ${info.name} ${info.version}` : ''}${this.protocol ? ` over ${describeEra(this.protocol)}` : ''}: ${tools.length} tools`);
      this.setStatus('connected');
      this.emit('tools');
      // Issue 14 item 5: a remote server that dies or freezes is seen down within about 5 s
      // (remote-keepalive.ts). A stdio server gets none: its exit is seen on the pipe, and one busy for
      // seconds (a 64 MiB reply, 8 MB arguments on a loaded machine) must not be killed as frozen.
      if (def.transport !== 'stdio') current.keepAlive = startKeepAlive(keepAliveProbe(current, def, this.protocol?.era, timeoutMs), {
        isCurrent: () => this.live === current,
        lastHeardAt: () => current.stdio?.lastReadAt,
        onFailure: (err) => this.handleRequestFailure(current, err),
      });
      if (this.protocol?.era === 'modern') this.listen(live);
    } catch (err) {
      clearTimeout(timer);
      if (attempt !== this.attempt) {
        if (live && this.live !== live) await closeLive(live);
        return;
      }
      let again = retry ? undefined : retryAfter(err, { prior: prior !== undefined, mode, stdio: def.transport === 'stdio' });
      // A process that crashed or never started would do the same again: no retry for a stale era.
      if (again === 'forget' && (live?.stdio?.exitInfo !== undefined || (err as { syscall?: unknown }).syscall === 'spawn')) again = undefined;
      if (again && !(err instanceof ConnectTimeoutError) && !this.options.auth?.isSignInRequired(err)) {
        // What the SDK's sibling probe concludes too: a pipe closed by the probe is a legacy server.
        // Remembered now, so a crash loop does not probe (and spawn twice) on every restart.
        if (again === 'legacy') this.options.eras?.remember(memoryKey, { era: 'legacy', version: 'unknown', at: Date.now() });
        this.note(again === 'forget' ? `the remembered protocol era did not work (${failureMessage(err)}): probing again` : 'the server closed its pipe on the server/discover probe: starting it again with the 2025 handshake');
        this.live = undefined;
        if (live) await closeLive(live);
        if (attempt !== this.attempt) return;
        clearTimeout(timer);
        return this.connect(attempt, again);
      }
      const message = describeConnectFailure(err, { server: this.name, logs: this.options.logs, from: stderrFrom, timeoutMs, stdio: live?.stdio });
      const facts = { timeoutMs, launch: def.command, timedOut: err instanceof ConnectTimeoutError };
      // Read before closing: our own close kills the process, which would look like an exit.
      const exitedByItself = live?.stdio?.exitInfo !== undefined;
      this.note(`error: ${message}`);
      this.live = undefined;
      if (live) await closeLive(live);
      if (attempt !== this.attempt) return;
      // A process that ended before initializing may start next time (a crash loop is capped);
      // a missing command, a refused connection, 401 or a timeout will not fix itself.
      if (this.options.auth?.isSignInRequired(err)) {
        this.lastError = needsAuthMessage(this.name, this.options.auth.signInReason?.(err));
        this.failure = AUTH_REQUIRED;
        this.setStatus('needs-auth');
      } else if (exitedByItself) this.afterFailure(message, classifyFailure(err, { ...facts, exited: true }), true, 'error');
      else if (this.lostWhileUp && (isTransportFailure(err) || err instanceof ConnectTimeoutError || isRequestTimeout(err)) && !isAuthFailure(err)) {
        // Issue 14 item 5: a remote server that went away (refused, reset, HTTP error, frozen) may come back.
        this.afterFailure(message, classifyFailure(err, facts), true, 'error');
      } else {
        this.lastError = message;
        this.failure = classifyFailure(err, facts);
        this.setStatus('error');
      }
    } finally {
      clearTimeout(timer);
      stall?.stop();
      if (this.connectWait === stall?.wait) this.connectWait = undefined;
    }
  }

  /** While attempt `attempt` connects: after a few seconds unanswered its status says why (connect-stall.ts). */
  private watchStall(attempt: number, deadlineMs: number, watch: ConnectWatch): ReturnType<typeof watchStall> {
    const stall = watchStall(deadlineMs, {
      waitingFor: () => watch.waitingFor(),
      isCurrent: () => attempt === this.attempt && this.status === 'connecting',
      stalled: (wait, message, failure) => {
        this.lastError = message;
        this.failure = failure;
        this.note(`${message} after ${Math.round((Date.now() - wait.startedAt) / 1000)} s (this attempt gives up after ${Math.round(deadlineMs / 1000)} s)`);
        this.emit('status');
      },
    });
    this.connectWait = stall.wait;
    // A retry that kept the previous attempt's reason: faces now learn when this attempt gives up.
    if (this.lastError !== undefined) this.emit('status');
    return stall;
  }

  /** Hook the client's and transport's callbacks for one live connection. */
  private wire(live: Live): void {
    const { client, stdio } = live;
    if (stdio) {
      stdio.onStdoutSkipped = (line) => this.options.logs.append(this.name, 'stdout', line);
      stdio.onStdoutOversized = (message) => this.note(message);
    }
    if (stdio?.stderr) {
      const splitter = createLineSplitter((line) => this.options.logs.append(this.name, 'stderr', line));
      stdio.stderr.on('data', (chunk: Buffer) => splitter.push(chunk));
      stdio.stderr.on('end', () => splitter.flush());
    }
    client.onclose = () => this.handleClosed(live);
    client.onerror = (err) => {
      if (this.live !== live) return;
      // A reply or progress for a request we stopped waiting for (cancelled, timed out) is not a
      // broken transport: labelled as what it is (issue 15 item 3).
      if (isLateMessage(err.message)) {
        this.note(`${AFTER_CANCEL_PREFIX} ${err.message.replace(/^Received a/, 'a')} (its request was cancelled or timed out)`);
        return;
      }
      this.note(`transport error: ${err.message}`);
      // A dropped listening stream may be a dead server: ask now rather than at the next tick.
      live.keepAlive?.probeNow();
    };
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      if (this.live !== live || this.status !== 'connected') return;
      this.relistTarget = live;
      void this.relist();
    });
  }

  /**
   * Open the `subscriptions/listen` stream of a modern connection (listen-stream.ts); a re-opened
   * stream re-lists the tools (a change may have gone unheard while it was down).
   */
  private listen(live: Live): void {
    const stream = new ListenStream(live.client, listFilter(this.capabilities), {
      note: (text) => {
        if (this.live === live) this.note(text);
      },
      timeoutMs: this.definition.timeout ?? DEFAULT_TIMEOUT_MS,
      backoff: this.options.restart,
      onReopened: () => {
        if (this.live !== live) return;
        this.relistTarget = live;
        // Changes may have gone unheard while the stream was down: the held list is not trusted.
        this.relistMode = 'refresh';
        void this.relist();
      },
    });
    live.listen = stream;
    stream.open().catch((err: unknown) => {
      if (this.live === live) this.note(`subscriptions/listen refused: ${failureMessage(err)} (list changes will not be heard)`);
    });
  }

  /** The server went away on its own (process exit, closed stream): status changes at once. */
  private handleClosed(live: Live): void {
    if (this.live !== live) return; // we closed it ourselves, or it belongs to an older attempt
    if (this.status === 'connecting') return; // the pending connect fails with the details
    this.live = undefined;
    live.listen?.close();
    live.disposeClient();
    const hadTools = this.tools.length > 0;
    this.tools = [];
    const failedStart = this.restarts.lostAfter(this.upMs());
    this.connectedAt = undefined;
    let status: ServerStatusName = 'disconnected';
    let message = live.dropReason ?? 'Connection closed by the server';
    if (!live.stdio) this.lostWhileUp = true;
    if (live.stdio) {
      const loss = describeStdioLoss(live.stdio, this.stderrOfAttempt());
      message = loss.message;
      if (loss.failed) status = 'error';
    }
    this.note(message);
    if (hadTools) this.emit('tools');
    const failure: Failure = live.stdio ? { code: 'process-exited', retryable: true, hint: "See the server's log for what it printed before it ended." } : { code: 'unreachable', retryable: true };
    this.afterFailure(message, failure, failedStart, status);
  }

  /**
   * docs/connections-supervision.md: "an HTTP server is marked down on the first failed request". A JSON-RPC error, a
   * timeout or a malformed result is an answer (or a slow server), not a dead one; a failed fetch
   * (connection refused, reset) or an HTTP error status marks it `disconnected`.
   */
  private handleRequestFailure(live: Live, err: unknown): void {
    if (!live.stdio && this.live === live && !isTransportFailure(err) && this.options.auth?.isSignInRequired(err)) return this.needsSignInMidSession(live, err);
    // A keep-alive nobody answered (issue 14 item 5) is down on any transport: a frozen stdio process is replaced.
    const frozen = err instanceof NotRespondingError;
    if ((live.stdio && !frozen) || this.live !== live || !(frozen || isTransportFailure(err))) return;
    this.live = undefined;
    const hadTools = this.tools.length > 0;
    this.tools = [];
    const failedStart = this.restarts.lostAfter(this.upMs());
    this.connectedAt = undefined;
    const message = failureMessage(err);
    if (!live.stdio) this.lostWhileUp = true;
    this.note(`${frozen ? 'keep-alive' : 'request'} failed, marking the server down: ${message}`);
    void closeLive(live);
    if (hadTools) this.emit('tools');
    this.afterFailure(message, frozen ? NOT_RESPONDING : classifyFailure(err, { timeoutMs: this.definition.timeout ?? DEFAULT_TIMEOUT_MS }), failedStart, 'disconnected');
  }

  /**
   * A request found that a person must sign in again (docs/auth.md: more scope asked, or the server
   * moved to another authorization server): the server shows `needs-auth` with the reason; a
   * sign-in reconnects it.
   */
  private needsSignInMidSession(live: Live, err: unknown): void {
    this.live = undefined;
    const hadTools = this.tools.length > 0;
    this.tools = [];
    this.connectedAt = undefined;
    this.lastError = needsAuthMessage(this.name, this.options.auth?.signInReason?.(err));
    this.failure = AUTH_REQUIRED;
    this.note(`a request needs a new sign-in: ${this.lastError}`);
    void closeLive(live);
    if (hadTools) this.emit('tools');
    this.setStatus('needs-auth');
  }

  /**
   * Re-list after `notifications/tools/list_changed` on `relistTarget` (the SDK already dropped its
   * cached list), a re-opened listen stream or a person's refresh (`relistMode` `refresh`: fetched
   * even within the list's `ttlMs`); concurrent requests coalesce.
   */
  private readonly relist = coalescing(async () => {
    const live = this.relistTarget;
    if (!live || this.live !== live) return false;
    const cacheMode = this.relistMode;
    this.relistMode = 'use';
    try {
      this.listWarning = undefined;
      const tools = await listAllTools(live.client, this.definition.timeout ?? DEFAULT_TIMEOUT_MS, (ms) => this.recordLatency(ms), (w) => this.onListWarning(w), this.listExtras(cacheMode));
      if (this.live !== live) return false;
      this.tools = tools;
      this.note(`tools changed: ${tools.length} tools`);
      this.emit('tools');
      this.emit('status');
    } catch (err) {
      if (this.live === live) this.note(`tools/list after list_changed failed: ${failureMessage(err)}`);
    }
    return this.live === live;
  });

  /** The stderr lines of the current attempt's process (the last `STDERR_SCAN_LINES`). */
  private stderrOfAttempt(): string[] {
    return this.options.logs
      .logs(this.name, this.attemptLogFrom)
      .filter((e) => e.stream === 'stderr')
      .slice(-STDERR_SCAN_LINES)
      .map((e) => e.text);
  }

  /** How long the current connection has been up (ms; 0 when not connected). */
  private upMs(): number {
    return this.connectedAt === undefined ? 0 : Date.now() - this.connectedAt;
  }

  /** `text` without any known secret value (docs/auth.md: tokens never reach what we show). */
  private redact(text: string): string {
    return this.options.auth ? this.options.auth.redact(text) : text;
  }

  /** How the next `relist` asks: `refresh` once a person or a re-opened stream wants a fetch. */
  private relistMode: 'use' | 'refresh' = 'use';

  /**
   * Re-list the tools now (a person's refresh, issue 12 item 3): fetched even when the held list is
   * still fresh by its `ttlMs`. Resolves when the list is in (or the connection is gone).
   */
  async refreshTools(): Promise<void> {
    if (!this.live || this.status !== 'connected') return;
    this.relistTarget = this.live;
    this.relistMode = 'refresh';
    await this.relist();
  }

  /** `listAllTools` extras: excluded tools and the cache state land on this connection. */
  private listExtras(cacheMode: 'use' | 'refresh' = 'use'): ListToolsExtras {
    return {
      cacheMode,
      onCache: (cache) => {
        this.toolsCache = cache;
      },
      onExcluded: (excluded) => {
        this.excludedTools = excluded;
        // A MUST of 2026-07-28 (SEP-2243): the tool is left out, and the person is told which and why.
        for (const t of excluded) this.note(`warning: tool '${t.name}' left out: invalid x-mcp-header declaration — ${t.reason}`);
      },
    };
  }

  /** A list that lied (issue 14 item 7): kept for status and written to the log. */
  private onListWarning(warning: string): void {
    this.listWarning = warning;
    this.note(`warning: ${warning}`);
  }

  private recordLatency(ms: number): void {
    this.latencies.push(Math.round(ms * 100) / 100);
    if (this.latencies.length > LATENCY_WINDOW) this.latencies.splice(0, this.latencies.length - LATENCY_WINDOW);
  }

  private setStatus(status: ServerStatusName): void {
    this.status = status;
    this.emit('status');
  }

  private note(text: string): LogEntry {
    return this.options.logs.append(this.name, 'system', text);
  }
}

export { listAllTools, MAX_TOOL_PAGES } from './connection-helpers.js';
