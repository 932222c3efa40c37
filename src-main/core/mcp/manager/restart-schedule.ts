/**
 * Automatic restarts of one server (docs/connections-supervision.md): failed starts in a row are counted, each failure gets
 * a backoff delay from the policy, and after `maxFailedStarts` the server stays down until started
 * by hand. Held in a connection's state (connection-state.ts) and driven by its supervisor and launcher.
 */
import { backoffDelay, STABLE_CONNECTION_MS, type RestartPolicy } from './backoff.js';

/** What to do after a failure: stay down (no restarts), give up, or restart after `delay` ms. */
export type RestartDecision = { kind: 'idle' } | { kind: 'give-up'; failedStarts: number } | { kind: 'backoff'; delay: number };

/** The failed-start count and the pending restart timer of one server. */
export class RestartSchedule {
  /** Failed starts in a row (reset by a connection that stayed up `stableAfterMs`, or a start by hand). */
  failedStarts = 0;
  /** When the pending restart fires (epoch ms), if one is pending. */
  nextRestartAt?: number;
  private timer?: NodeJS.Timeout;

  /** `policy`: read on every decision (the connection's current policy). */
  constructor(private readonly policy: () => RestartPolicy) {}

  /**
   * A connection that was up for `upMs` went away: if it stayed up at least `stableAfterMs` the
   * failed-start count starts over and the loss is not a failed start; a shorter life counts as one
   * (a crash loop right after `initialize` must back off and give up too — docs/connections-supervision.md).
   * Returns whether the loss counts as a failed start.
   */
  lostAfter(upMs: number): boolean {
    if (upMs >= (this.policy().stableAfterMs ?? STABLE_CONNECTION_MS)) {
      this.failedStarts = 0;
      return false;
    }
    return true;
  }

  /** Clear a pending restart. */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.nextRestartAt = undefined;
  }

  /**
   * After a failure: `idle` when the policy forbids restarts, `give-up` when `maxFailedStarts`
   * failed starts in a row are reached, else `backoff` with the delay (ms). `countsAsFailedStart`
   * is false for the loss of a server that was connected (a crash, not a failed start).
   * `neverGiveUp` (remote servers, issue 14 item 5): keep backing off, capped at `maxDelayMs`.
   */
  decide(countsAsFailedStart: boolean, neverGiveUp = false): RestartDecision {
    const policy = this.policy();
    if (policy.maxFailedStarts <= 0) return { kind: 'idle' };
    if (countsAsFailedStart) this.failedStarts++;
    if (!neverGiveUp && this.failedStarts >= policy.maxFailedStarts) return { kind: 'give-up', failedStarts: this.failedStarts };
    return { kind: 'backoff', delay: backoffDelay(this.failedStarts, policy) };
  }

  /** Call `restart` after `delay` ms unless `stillWanted()` is false by then; `nextRestartAt` is set meanwhile. */
  schedule(delay: number, restart: () => void, stillWanted: () => boolean): void {
    this.cancel();
    this.nextRestartAt = Date.now() + delay;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!stillWanted()) return;
      this.nextRestartAt = undefined;
      restart();
    }, delay);
  }
}
