/**
 * Supervision of one connection (docs/connections-supervision.md): the client's and transport's
 * callbacks, a server that went away by itself (process exit, closed stream), a failed request or an
 * unanswered keep-alive that marks a remote server down, a request that needs a new sign-in, and
 * what follows a failure — `backoff` with a restart timer (restart-schedule.ts) or `error`.
 * A part of `ServerConnection` (connection.ts): it works on the connection's state
 * (connection-state.ts) and reaches the other parts only through `SupervisorDeps`.
 */
import { AFTER_CANCEL_PREFIX, isLateMessage } from '../logs/log-level.js';
import type { ServerStatusName } from '../../../../src-shared/api/status.js';
import { DEFAULT_TIMEOUT_MS } from '../../../../src-shared/config/server.js';
import { NOT_RESPONDING } from './keepalive-probe.js';
import { NotRespondingError } from './remote-keepalive.js';
import { describeStdioLoss } from '../failures/connection-failures.js';
import { closeLive } from './live-client.js';
import { isTransportFailure } from '../failures/failure-code.js';
import type { Live } from './connection-types.js';
import { failureMessage } from '../tools/tool-bridge.js';
import { createLineSplitter } from '../logs/log-buffer.js';
import { needsAuthMessage } from './connection-auth.js';
import { AUTH_REQUIRED, classifyFailure } from '../failures/failure-code.js';
import type { Failure } from '../../../../src-shared/api/outcome.js';
import type { ConnectionState } from './connection-state.js';
import { SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';

/** What the supervisor needs from the connection's other parts. */
export interface SupervisorDeps {
  /** Begin one connect attempt (the launcher's `begin`, connection-attempt.ts): a scheduled restart. */
  begin(asRestart: boolean, keepReason?: boolean): Promise<void>;
  /** `notifications/tools/list_changed` arrived on `live` (the list follower's `followChange`, connection-lists.ts). */
  toolsChanged(live: Live): void;
}

/** What happens when a connection fails or goes away; connect attempts are connection-attempt.ts's. */
export class ConnectionSupervisor {
  constructor(
    private readonly state: ConnectionState,
    private readonly deps: SupervisorDeps,
  ) {}

  /**
   * After a failure `message`: `backoff` and a timer for the next start, or `error` when the policy
   * forbids restarts or `maxFailedStarts` failed starts in a row are reached (restart-schedule.ts).
   * `idleStatus` is the status without a restart policy (`error` or `disconnected`).
   */
  afterFailure(message: string, failure: Failure, countsAsFailedStart: boolean, idleStatus: ServerStatusName): void {
    this.state.lastError = message;
    this.state.failure = failure;
    // Issue 14 item 5: a remote server that went away is retried for as long as it is enabled (backoff capped at 30 s).
    const next = this.state.restarts.decide(countsAsFailedStart, this.state.lostWhileUp);
    if (next.kind === 'idle') return this.state.setStatus(idleStatus);
    if (next.kind === 'give-up') {
      this.state.lastError = `${message} (gave up after ${next.failedStarts} failed starts in a row; start it to try again)`;
      this.state.note(`giving up after ${next.failedStarts} failed starts in a row`);
      return this.state.setStatus('error');
    }
    this.state.note(`restarting in ${next.delay} ms`);
    const attempt = this.state.attempt;
    this.state.restarts.schedule(next.delay, () => void this.deps.begin(true, true), () => attempt === this.state.attempt && this.state.status === 'backoff');
    this.state.setStatus('backoff');
  }

  /** Connections whose GET listener was refused (404/501) and said so once. */
  private readonly noStreamNoted = new WeakSet<Live>();

  /** Hook the client's and transport's callbacks for one live connection. */
  wire(live: Live): void {
    const { client, stdio } = live;
    if (stdio) {
      stdio.onStdoutSkipped = (line) => this.state.options.logs.append(this.state.name, 'stdout', line);
      stdio.onStdoutOversized = (message) => this.state.note(message);
    }
    if (stdio?.stderr) {
      const splitter = createLineSplitter((line) => this.state.options.logs.append(this.state.name, 'stderr', line));
      stdio.stderr.on('data', (chunk: Buffer) => splitter.push(chunk));
      stdio.stderr.on('end', () => splitter.flush());
    }
    client.onclose = () => this.handleClosed(live);
    client.onerror = (err) => {
      if (this.state.live !== live) return;
      // A reply or progress for a request we stopped waiting for (cancelled, timed out) is not a
      // broken transport: labelled as what it is (issue 15 item 3).
      if (isLateMessage(err.message)) {
        this.state.note(`${AFTER_CANCEL_PREFIX} ${err.message.replace(/^Received a/, 'a')} (its request was cancelled or timed out)`);
        return;
      }
      // Issue 28 item 10: a server without a stream of its own answers the optional GET 404/501 (405 the
      // SDK takes silently): one calm line per connection, no probe — it is up and still answers.
      const noStream = noStreamStatus(err);
      if (noStream !== undefined) {
        if (this.noStreamNoted.has(live)) return;
        this.noStreamNoted.add(live);
        this.state.note(`the server offers no stream of its own (GET answered ${noStream}): no stream offered, so it can push nothing unasked; replies still come`);
        return;
      }
      this.state.note(`transport error: ${err.message}`);
      // A dropped listening stream may be a dead server: ask now rather than at the next tick.
      live.keepAlive?.probeNow();
    };
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      // While connecting, the first list covers a change that came before its reply; one after it
      // is followed once connected (connection-attempt.ts, list-order.ts).
      if (this.state.live !== live || this.state.status !== 'connected') return;
      this.deps.toolsChanged(live);
    });
  }

  /** The server went away on its own (process exit, closed stream): status changes at once. */
  handleClosed(live: Live): void {
    if (this.state.live !== live) return; // we closed it ourselves, or it belongs to an older attempt
    if (this.state.status === 'connecting') return; // the pending connect fails with the details
    this.state.live = undefined;
    live.listen?.close();
    live.disposeClient();
    const hadTools = this.state.tools.length > 0;
    this.state.tools = [];
    const failedStart = this.state.restarts.lostAfter(this.state.upMs());
    this.state.connectedAt = undefined;
    let status: ServerStatusName = 'disconnected';
    let message = live.dropReason ?? 'Connection closed by the server';
    if (!live.stdio) this.state.lostWhileUp = true;
    if (live.stdio) {
      const loss = describeStdioLoss(live.stdio, this.state.stderrOfAttempt());
      message = loss.message;
      if (loss.failed) status = 'error';
    }
    this.state.note(message);
    if (hadTools) this.state.emit('tools');
    const failure: Failure = live.stdio ? { code: 'process-exited', retryable: true, hint: "See the server's log for what it printed before it ended." } : { code: 'unreachable', retryable: true };
    this.afterFailure(message, failure, failedStart, status);
  }

  /**
   * docs/connections-supervision.md: "an HTTP server is marked down on the first failed request". A JSON-RPC error, a
   * timeout or a malformed result is an answer (or a slow server), not a dead one; a failed fetch
   * (connection refused, reset) or an HTTP error status marks it `disconnected`.
   */
  handleRequestFailure(live: Live, err: unknown): void {
    if (!live.stdio && this.state.live === live && !isTransportFailure(err) && this.state.options.auth?.isSignInRequired(err)) return this.needsSignInMidSession(live, err);
    // A keep-alive nobody answered (issue 14 item 5) is down on any transport: a frozen stdio process is replaced.
    const frozen = err instanceof NotRespondingError;
    if ((live.stdio && !frozen) || this.state.live !== live || !(frozen || isTransportFailure(err))) return;
    this.state.live = undefined;
    const hadTools = this.state.tools.length > 0;
    this.state.tools = [];
    const failedStart = this.state.restarts.lostAfter(this.state.upMs());
    this.state.connectedAt = undefined;
    const message = failureMessage(err);
    if (!live.stdio) this.state.lostWhileUp = true;
    this.state.note(`${frozen ? 'keep-alive' : 'request'} failed, marking the server down: ${message}`);
    void closeLive(live);
    if (hadTools) this.state.emit('tools');
    this.afterFailure(message, frozen ? NOT_RESPONDING : classifyFailure(err, { timeoutMs: this.state.definition.timeout ?? DEFAULT_TIMEOUT_MS }), failedStart, 'disconnected');
  }

  /**
   * A request found that a person must sign in again (docs/auth.md: more scope asked, or the server
   * moved to another authorization server): the server shows `needs-auth` with the reason; a
   * sign-in reconnects it.
   */
  private needsSignInMidSession(live: Live, err: unknown): void {
    this.state.live = undefined;
    const hadTools = this.state.tools.length > 0;
    this.state.tools = [];
    this.state.connectedAt = undefined;
    this.state.lastError = needsAuthMessage(this.state.name, this.state.options.auth?.signInReason?.(err));
    this.state.failure = AUTH_REQUIRED;
    this.state.note(`a request needs a new sign-in: ${this.state.lastError}`);
    void closeLive(live);
    if (hadTools) this.state.emit('tools');
    this.state.setStatus('needs-auth');
  }
}

/** 404 or 501 when `err` is the SDK's refusal to open the optional GET stream with that status; else undefined. */
function noStreamStatus(err: unknown): number | undefined {
  if (!(err instanceof SdkHttpError) || err.code !== SdkErrorCode.ClientHttpFailedToOpenStream) return undefined;
  return err.status === 404 || err.status === 501 ? err.status : undefined;
}
