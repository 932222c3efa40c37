/**
 * A connect attempt that gets no answer explains itself (docs/connections-supervision.md "A server
 * that does not answer"): a remote server that accepts the TCP connection and never answers (a
 * frozen process, an overloaded proxy) would show a bare `connecting` for up to its whole connect
 * timeout per attempt. After `CONNECT_STALL_MS` without the connect finishing, the status carries a
 * typed reason (a retryable `timeout`, with a hint) and the request it waits on, well before the
 * attempt gives up. Used by the launcher of `ServerConnection` (connection-attempt.ts); status lives in connection-state.ts.
 */
import type { ConnectWait } from '../../../../src-shared/api/connect-wait.js';
import type { Failure } from '../../../../src-shared/api/outcome.js';

/** How long an attempt may go unanswered before its status says so (ms): the keep-alive's unanswered bound (remote-keepalive.ts). */
export const CONNECT_STALL_MS = 3_000;

/** `no answer to initialize yet` (the request it waits on, or the connection itself). */
export function stallMessage(waitingFor: string | undefined): string {
  return `no answer to ${waitingFor ?? 'the connection'} yet`;
}

/** The typed reason of a stalled attempt: retryable, with what to check and when it gives up. */
export function stallFailure(waitingFor: string | undefined, deadlineMs: number): Failure {
  return {
    code: 'timeout',
    retryable: true,
    hint: `The server has not answered ${waitingFor ?? 'the connection'} (a stopped or frozen process, or an overloaded host or proxy); this attempt gives up after ${deadlineMs} ms. Raise the timeout if it is only slow to start.`,
  };
}

/** What a stall watch reports to its connection. */
export interface StallTarget {
  /** The request sent and not yet answered (connect-report.ts `ConnectWatch.waitingFor`). */
  waitingFor(): string | undefined;
  /** Still this connection's current attempt, still connecting. */
  isCurrent(): boolean;
  /** The attempt stalled: `wait` (stalled), the message and the typed reason. */
  stalled(wait: ConnectWait, message: string, failure: Failure): void;
}

/**
 * Watch one attempt whose deadline is `deadlineMs` from now: returns its `ConnectWait` (not
 * stalled yet; `waitingFor` read when asked) and a `stop` to call when the attempt ends.
 * `stallMs`: default `CONNECT_STALL_MS` (never past the deadline).
 */
export function watchStall(deadlineMs: number, target: StallTarget, stallMs = CONNECT_STALL_MS): { wait: () => ConnectWait; stop: () => void } {
  const startedAt = Date.now();
  let stalled = false;
  const wait = (): ConnectWait => {
    const waitingFor = target.waitingFor();
    return { startedAt, givesUpAt: startedAt + deadlineMs, ...(waitingFor ? { waitingFor } : {}), stalled };
  };
  const timer = setTimeout(() => {
    if (!target.isCurrent()) return;
    stalled = true;
    const waitingFor = target.waitingFor();
    target.stalled(wait(), stallMessage(waitingFor), stallFailure(waitingFor, deadlineMs));
  }, Math.min(stallMs, deadlineMs));
  timer.unref?.();
  return { wait, stop: () => clearTimeout(timer) };
}
