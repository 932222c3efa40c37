/**
 * Connect attempts of one server (docs/connections-supervision.md): start (idempotent), stop, a
 * re-initialise after an expired session, and one attempt — values, auth and transport
 * (connection-launch.ts), the protocol era (connection-era.ts), the deadline and its stall report
 * (connect-stall.ts), the first tools/list, the keep-alive of a remote server — and what a failed
 * attempt becomes. Every attempt has a number; anything finishing for an older one is ignored.
 * A part of `ServerConnection` (connection.ts): it works on the connection's state
 * (connection-state.ts) and reaches the other parts only through `LauncherDeps`.
 */
import type { ServerStatusName } from '../../../../src-shared/api/status.js';
import type { Failure } from '../../../../src-shared/api/outcome.js';
import { DEFAULT_TIMEOUT_MS } from '../../../../src-shared/config/server.js';
import { keepAliveProbe } from './keepalive-probe.js';
import { startKeepAlive } from './remote-keepalive.js';
import { ConnectTimeoutError, describeConnectFailure } from '../failures/connection-failures.js';
import { closeLive } from './live-client.js';
import { isAuthFailure, isTokenRequestFailure, isTransportFailure } from '../failures/failure-code.js';
import { listAllTools } from '../tools/tool-listing.js';
import type { Live } from './connection-types.js';
import { prepareLive } from './connection-launch.js';
import { failureMessage } from '../tools/tool-bridge.js';
import { describeLaunch } from '../transport/transport-factory.js';
import { needsAuthMessage, staticCredentialRefusal } from './connection-auth.js';
import { AUTH_REQUIRED, classifyFailure } from '../failures/failure-code.js';
import { isRequestTimeout } from '../failures/failure-text.js';
import { connectDeadlineMs, describeEra, negotiated, priorFor, protocolFor, retryAfter, verdictOf } from '../client/connection-era.js';
import { eraKey } from '../client/era-memory.js';
import { ConnectWatch } from './connect-report.js';
import { watchStall } from './connect-stall.js';
import { legacySseHint } from '../failures/legacy-sse-hint.js';
import type { ConnectionSupervisor } from './connection-supervision.js';
import type { ConnectionState } from './connection-state.js';
import type { ListFollower } from './connection-lists.js';

/** What the launcher needs from the connection's other parts. */
export interface LauncherDeps {
  /** Hooks a live client's callbacks, and takes over failures and losses (connection-supervision.ts). */
  supervisor: Pick<ConnectionSupervisor, 'wire' | 'afterFailure' | 'handleRequestFailure'>;
  /** The first tools/list's extras and warnings, and the listen stream (connection-lists.ts). */
  lists: Pick<ListFollower, 'listExtras' | 'onListWarning' | 'listen' | 'followChange'>;
}

/** Starting, stopping and connecting one server; failures go to connection-supervision.ts. */
export class ConnectionLauncher {
  constructor(
    private readonly state: ConnectionState,
    private readonly deps: LauncherDeps,
  ) {}

  /**
   * Start by hand or by reconcile (idempotent: resolves with the running attempt when connecting or
   * connected). Cancels a pending automatic restart and resets the failed-start count (docs/operator-verbs.md:
   * "`start foo` clears its last error and retries"). Never rejects: a failure leaves status
   * `backoff` or `error` with `lastError`. `asRestart`: an explicit `restart` (counted in
   * `restartCount`); a plain start — first start, or start after a stop — is not a restart.
   */
  start(asRestart = false): Promise<void> {
    if (this.state.connecting) return this.state.connecting;
    if (this.state.status === 'connected') return Promise.resolve();
    this.state.restarts.cancel();
    this.state.restarts.failedStarts = 0;
    this.state.lostWhileUp = false;
    return this.begin(asRestart);
  }

  /**
   * One connect attempt; `asRestart` counts it in `restartCount` (automatic restarts and explicit
   * `restart`, docs/connections-supervision.md). Clears the last error, except on an automatic
   * retry (`keepReason`): its status keeps saying why until this attempt learns better (connect-stall.ts).
   */
  begin(asRestart: boolean, keepReason = false): Promise<void> {
    if (this.state.connecting) return this.state.connecting;
    const attempt = ++this.state.attempt;
    if (asRestart) this.state.restartCount++;
    if (!keepReason) {
      this.state.lastError = undefined;
      this.state.failure = undefined;
    }
    this.state.connectedAt = undefined;
    this.state.setStatus('connecting');
    const run = this.connect(attempt).finally(() => {
      if (this.state.connecting === run) this.state.connecting = undefined;
    });
    this.state.connecting = run;
    return run;
  }

  /**
   * Stop: abort a connect in progress, close the client (stdio: end stdin → SIGTERM → kill tree),
   * drop the tools, then set `finalStatus` (`stopped`, `disabled`, `untrusted` or `changed`).
   */
  async stop(finalStatus: Extract<ServerStatusName, 'stopped' | 'disabled' | 'untrusted' | 'changed'> = 'stopped'): Promise<void> {
    this.state.attempt++;
    this.state.restarts.cancel();
    this.state.connecting = undefined;
    const live = this.state.live;
    this.state.live = undefined;
    const hadTools = this.state.tools.length > 0;
    this.state.tools = [];
    this.state.connectedAt = undefined;
    this.state.protocol = undefined;
    // A stopped server has no current latency (the sparkline starts over at the next connect).
    this.state.latencies = [];
    if (live) {
      this.state.note(`stopping (${finalStatus})`);
      await closeLive(live);
    }
    if (finalStatus !== 'stopped') {
      this.state.lastError = undefined;
      this.state.failure = undefined;
    }
    this.state.setStatus(finalStatus);
    if (hadTools) this.state.emit('tools');
  }

  /** Close `live` quietly (no status noise) and connect again; resolves when that attempt ends. */
  async reinitialise(live: Live): Promise<void> {
    if (this.state.live !== live) return this.state.whenSettled();
    this.state.live = undefined;
    this.state.attempt++;
    await closeLive(live);
    await this.begin(true);
  }

  /**
   * One connect attempt. `retry` is set on the one immediate retry after a failure that
   * `retryAfter` (connection-era.ts) allows: `forget` drops the remembered era, `legacy` uses the
   * legacy handshake (a stdio server that closed its pipe on the probe).
   */
  private async connect(attempt: number, retry?: 'forget' | 'legacy'): Promise<void> {
    const def = this.state.definition;
    const timeoutMs = def.timeout ?? DEFAULT_TIMEOUT_MS;
    // A retry quotes only its own process's stderr (the first process's is in the log already).
    const stderrFrom = this.state.options.logs.lastSeq();
    this.state.attemptLogFrom = stderrFrom;
    let timer: NodeJS.Timeout | undefined;
    let stall: ReturnType<typeof watchStall> | undefined;
    let live: Live | undefined;
    const watch = new ConnectWatch();
    const memoryKey = eraKey(def);
    let mode: ReturnType<typeof protocolFor> = def.protocol ?? 'auto';
    let prior: ReturnType<typeof priorFor>;
    try {
      mode = protocolFor(def);
      if (retry === 'forget') this.state.options.eras?.forget(memoryKey);
      prior = retry === 'legacy' ? { kind: 'legacy' } : priorFor(mode, this.state.options.eras?.recall(memoryKey));
      const prepared = await prepareLive(def, this.state.options, {
        protocol: mode,
        server: this.state.name,
        note: (text) => this.state.note(text),
        isCurrent: () => attempt === this.state.attempt,
        onDropped: (dropped) => {
          this.state.dropped = dropped;
        },
      });
      if (!prepared) return;
      const { sse, transport } = prepared;
      watch.observe(transport);
      live = prepared.live;
      const current = live;
      if (sse) sse.onStreamDropped = (reason) => {
        current.dropReason = reason;
        if (this.state.live === current) this.state.note(reason);
      };
      this.state.live = live;
      this.deps.supervisor.wire(live);
      this.state.note(`connecting: ${describeLaunch(def)}`);
      const deadlineMs = connectDeadlineMs(def, mode, prior !== undefined, timeoutMs);
      const deadline = new Promise<never>((_, reject) => {
        const why = deadlineMs === timeoutMs ? `Connection timed out after ${timeoutMs} ms` : `Connection timed out after ${deadlineMs} ms (the server/discover probe, then the 2025 handshake, ${timeoutMs} ms each)`;
        timer = setTimeout(() => reject(new ConnectTimeoutError(why)), deadlineMs);
      });
      stall = this.watchStall(attempt, deadlineMs, watch);
      await Promise.race([live.client.connect(transport, { timeout: timeoutMs, signal: live.abort.signal, ...(prior ? { prior } : {}) }), deadline]);
      if (attempt !== this.state.attempt) return;
      watch.connected();
      const verdict = verdictOf(live.client);
      if (verdict) this.state.options.eras?.remember(memoryKey, verdict);
      this.state.protocol = negotiated(live.client, mode, prior !== undefined && retry !== 'legacy');
      this.state.capabilities = live.client.getServerCapabilities() as Record<string, unknown> | undefined;
      this.state.instructions = live.client.getInstructions();
      this.state.listWarning = undefined;
      this.state.excludedTools = [];
      this.state.toolsCache = undefined;
      const tools = await Promise.race([listAllTools(live.client, timeoutMs, (ms) => this.state.recordLatency(ms), (w) => this.deps.lists.onListWarning(w), this.deps.lists.listExtras()), deadline]);
      if (attempt !== this.state.attempt) return;
      this.state.tools = tools;
      watch.listed();
      this.state.connectWatch = watch;
      const info = live.client.getServerVersion();
      this.state.serverInfo = info ? { name: info.name, version: info.version } : undefined;
      // The failed-start count resets only once the connection has stayed up (restart-schedule.ts).
      this.state.connectedAt = Date.now();
      this.state.lostWhileUp = false;
      this.state.lastError = undefined; // an automatic retry kept the previous attempt's reason until now
      this.state.failure = undefined;
      this.state.note(`connected${info ? ` to ${info.name} ${info.version}` : ''}${this.state.protocol ? ` over ${describeEra(this.state.protocol)}` : ''}: ${tools.length} tools`);
      this.state.setStatus('connected');
      this.state.emit('tools');
      // A tools/list_changed that came after the first list's reply, while still connecting, is not
      // in that list, and the change handler ignored it (not connected yet): follow it now (list-order.ts).
      if (current.listOrder && current.listOrder.lastChange > current.listOrder.lastReply) this.deps.lists.followChange(current);
      // Issue 14 item 5: a remote server that dies or freezes is seen down within about 5 s
      // (remote-keepalive.ts). A stdio server gets none: its exit is seen on the pipe, and one busy for
      // seconds (a 64 MiB reply, 8 MB arguments on a loaded machine) must not be killed as frozen.
      if (def.transport !== 'stdio') current.keepAlive = startKeepAlive(keepAliveProbe(current, def, this.state.protocol?.era, timeoutMs), {
        isCurrent: () => this.state.live === current,
        lastHeardAt: () => current.stdio?.lastReadAt,
        onFailure: (err) => this.deps.supervisor.handleRequestFailure(current, err),
      });
      if (this.state.protocol?.era === 'modern') this.deps.lists.listen(live);
    } catch (err) {
      clearTimeout(timer);
      if (attempt !== this.state.attempt) {
        if (live && this.state.live !== live) await closeLive(live);
        return;
      }
      let again = retry ? undefined : retryAfter(err, { prior: prior !== undefined, mode, stdio: def.transport === 'stdio' });
      // A process that crashed or never started would do the same again: no retry for a stale era.
      if (again === 'forget' && (live?.stdio?.exitInfo !== undefined || (err as { syscall?: unknown }).syscall === 'spawn')) again = undefined;
      // Nor for a sign-in refused or failed at the authorization server: the era did not fail, and a
      // second attempt would send the grant (a workload JWT, an ID-JAG exchange) again (docs/auth.md).
      if (isTokenRequestFailure(err)) again = undefined;
      if (again && !(err instanceof ConnectTimeoutError) && !this.state.options.auth?.isSignInRequired(err)) {
        // What the SDK's sibling probe concludes too: a pipe closed by the probe is a legacy server.
        // Remembered now, so a crash loop does not probe (and spawn twice) on every restart.
        if (again === 'legacy') this.state.options.eras?.remember(memoryKey, { era: 'legacy', version: 'unknown', at: Date.now() });
        this.state.note(again === 'forget' ? `the remembered protocol era did not work (${failureMessage(err)}): probing again` : 'the server closed its pipe on the server/discover probe: starting it again with the 2025 handshake');
        this.state.live = undefined;
        if (live) await closeLive(live);
        if (attempt !== this.state.attempt) return;
        clearTimeout(timer);
        return this.connect(attempt, again);
      }
      const message = describeConnectFailure(err, { server: this.state.name, logs: this.state.options.logs, from: stderrFrom, timeoutMs, stdio: live?.stdio });
      const facts = { timeoutMs, launch: def.command, url: def.url, cwd: def.cwd, timedOut: err instanceof ConnectTimeoutError };
      // Read before closing: our own close kills the process, which would look like an exit.
      const exitedByItself = live?.stdio?.exitInfo !== undefined;
      this.state.note(`error: ${message}`);
      this.state.live = undefined;
      if (live) await closeLive(live);
      if (attempt !== this.state.attempt) return;
      // An http definition of a legacy HTTP+SSE server: the hint says to write sse (legacy-sse-hint.ts).
      const sseHint = await legacySseHint(def, err);
      if (attempt !== this.state.attempt) return;
      const classify = (extra: { exited?: boolean } = {}): Failure => {
        const failure = classifyFailure(err, { ...facts, ...extra });
        return sseHint ? { ...failure, hint: sseHint } : failure;
      };
      // A process that ended before initializing may start next time (a crash loop is capped);
      // a missing command, a refused connection, 401 or a timeout will not fix itself.
      const staticRefusal = this.state.options.auth?.isSignInRequired(err) ? staticCredentialRefusal(this.state.name, def, this.state.dropped) : undefined;
      if (staticRefusal !== undefined) {
        // A static credential the server refused: no sign-in can fix it (trial 8 F13).
        this.state.lastError = staticRefusal;
        this.state.failure = classifyFailure(err, facts);
        this.state.setStatus('error');
      } else if (this.state.options.auth?.isSignInRequired(err)) {
        this.state.lastError = needsAuthMessage(this.state.name, this.state.options.auth.signInReason?.(err));
        this.state.failure = AUTH_REQUIRED;
        this.state.setStatus('needs-auth');
      } else if (exitedByItself) this.deps.supervisor.afterFailure(message, classify({ exited: true }), true, 'error');
      else if (this.state.lostWhileUp && (isTransportFailure(err) || err instanceof ConnectTimeoutError || isRequestTimeout(err)) && !isAuthFailure(err)) {
        // Issue 14 item 5: a remote server that went away (refused, reset, HTTP error, frozen) may come back.
        this.deps.supervisor.afterFailure(message, classify(), true, 'error');
      } else {
        this.state.lastError = message;
        this.state.failure = classify();
        this.state.setStatus('error');
      }
    } finally {
      clearTimeout(timer);
      stall?.stop();
      if (this.state.connectWait === stall?.wait) this.state.connectWait = undefined;
    }
  }

  /** While attempt `attempt` connects: after a few seconds unanswered its status says why (connect-stall.ts). */
  private watchStall(attempt: number, deadlineMs: number, watch: ConnectWatch): ReturnType<typeof watchStall> {
    const stall = watchStall(deadlineMs, {
      waitingFor: () => watch.waitingFor(),
      isCurrent: () => attempt === this.state.attempt && this.state.status === 'connecting',
      stalled: (wait, message, failure) => {
        this.state.lastError = message;
        this.state.failure = failure;
        this.state.note(`${message} after ${Math.round((Date.now() - wait.startedAt) / 1000)} s (this attempt gives up after ${Math.round(deadlineMs / 1000)} s)`);
        this.state.emit('status');
      },
    });
    this.state.connectWait = stall.wait;
    // A retry that kept the previous attempt's reason: faces now learn when this attempt gives up.
    if (this.state.lastError !== undefined) this.state.emit('status');
    return stall;
  }
}
