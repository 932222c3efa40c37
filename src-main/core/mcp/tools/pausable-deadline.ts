/**
 * A request deadline that stops counting while a person is answering (issue 14 item 2): while a
 * server's elicitation or sampling dialog is open, the timeout of the requests waiting on that
 * server is paused, and resumes with the time it had left once the dialog is answered. Progress
 * restarts it at the full timeout (docs/tool-bridge.md § Calls: progress resets the timeout).
 *
 * Both eras: on 2026-07-28 the question arrives as an `input_required` result the client answers
 * between two legs of the same call; in the 2025 era it is a server-initiated request while the
 * call is pending (on stdio nothing ties it to one call, so every call to that server waits).
 */

/** Whether a person is answering something for one server, and when that changes. */
export interface PauseSource {
  isPaused(): boolean;
  /** Calls `listener` whenever `isPaused()` may have changed; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

/** The longest delay `setTimeout` takes (ms, about 24.8 days): the SDK's own timer gets this when we keep the deadline. */
export const NO_SDK_TIMEOUT_MS = 2_147_483_647;

/**
 * A deadline of `timeoutMs` (ms) that calls `onExpire` once, paused while `pause.isPaused()`.
 * `reset()` restarts the full timeout; `dispose()` stops it (always call it when the request ends).
 */
export class PausableDeadline {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private remainingMs: number;
  private startedAt = 0;
  private done = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly timeoutMs: number,
    private readonly onExpire: () => void,
    private readonly pause?: PauseSource,
  ) {
    this.remainingMs = timeoutMs;
    this.unsubscribe = pause?.onChange(() => this.sync()) ?? (() => undefined);
    this.sync();
  }

  /** Progress arrived: the full timeout again (still paused if a person is answering). */
  reset(): void {
    if (this.done) return;
    this.stop();
    this.remainingMs = this.timeoutMs;
    this.sync();
  }

  /** Whether the clock is stopped because a person is answering. */
  get paused(): boolean {
    return !this.done && this.timer === undefined;
  }

  dispose(): void {
    this.done = true;
    this.stop();
    this.unsubscribe();
  }

  private sync(): void {
    if (this.done) return;
    const paused = this.pause?.isPaused() === true;
    if (paused && this.timer !== undefined) {
      this.remainingMs = Math.max(0, this.remainingMs - (Date.now() - this.startedAt));
      this.stop();
    } else if (!paused && this.timer === undefined) {
      this.startedAt = Date.now();
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.dispose();
        this.onExpire();
      }, this.remainingMs);
      this.timer.unref?.();
    }
  }

  private stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
