/**
 * One store update per animation frame (issue 13): events that arrive between two frames are
 * collected and handed over together, so 1,000 notifications a second are a few React renders a
 * second, not one per event. Nothing is dropped: every pushed item is in exactly one flush, in
 * push order.
 */

/** Schedules `run` once; returns a cancel function. */
export type FrameScheduler = (run: () => void) => () => void;

/** Frames stop in a hidden tab; the timer still flushes (at most this late, in ms). */
export const FRAME_FALLBACK_MS = 100;

/** The next animation frame, or `FRAME_FALLBACK_MS` when frames are not running (hidden tab, tests). */
export const nextFrame: FrameScheduler = (run) => {
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
    run();
  };
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(once) : undefined;
  const timer = setTimeout(once, FRAME_FALLBACK_MS);
  return () => {
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
};

/**
 * `schedule`, at most once per `intervalMs` (issue 13): a run asked for sooner than `intervalMs`
 * after the previous one waits for the rest of the interval, then for `schedule` (the next frame).
 * During a burst of 1,000 notifications a second the list and the unread counts then render ~10
 * times a second instead of every frame: fewer, not larger, tasks (the rows on screen are replaced
 * whole either way), which is what keeps a shared 2-core machine's main thread responsive. A quiet
 * stream is unaffected: its first run waits for the next frame only.
 * `intervalMs` default 100; `now` is `performance.now` by default (ms).
 */
export function throttledFrames(intervalMs = 100, schedule: FrameScheduler = nextFrame, now: () => number = () => performance.now()): FrameScheduler {
  let last = -Infinity;
  return (run) => {
    let cancelInner: (() => void) | undefined;
    const go = (): void => {
      cancelInner = schedule(() => {
        last = now();
        run();
      });
    };
    const wait = last + intervalMs - now();
    if (wait <= 0) {
      go();
      return () => cancelInner?.();
    }
    const timer = setTimeout(go, wait);
    return () => {
      clearTimeout(timer);
      cancelInner?.();
    };
  };
}

/** A batch that flushes once per frame. */
export interface FrameBatch<T> {
  /** Add items; they are flushed with the others of this frame. */
  push(items: readonly T[]): void;
  /** Flush what is held now (nothing when empty). */
  flushNow(): void;
  /** Drop what is held and stop. */
  cancel(): void;
}

/**
 * Collect items and call `flush` with all of them once per frame (by `schedule`, default
 * `nextFrame`). `flush` is never called with an empty array.
 */
export function createFrameBatch<T>(flush: (items: T[]) => void, schedule: FrameScheduler = nextFrame): FrameBatch<T> {
  let held: T[] = [];
  let scheduled = false;
  let cancelScheduled: (() => void) | undefined;
  const stop = (): void => {
    cancelScheduled?.();
    cancelScheduled = undefined;
    scheduled = false;
  };
  const flushNow = (): void => {
    stop();
    if (held.length === 0) return;
    const items = held;
    held = [];
    flush(items);
  };
  return {
    push(items) {
      if (items.length === 0) return;
      for (const item of items) held.push(item);
      if (scheduled) return;
      scheduled = true;
      const cancel = schedule(flushNow);
      // A scheduler may run at once (tests); then there is nothing left to cancel.
      if (scheduled) cancelScheduled = cancel;
    },
    flushNow,
    cancel() {
      stop();
      held = [];
    },
  };
}

/** The latest value per frame (a summary that replaces the previous one): `flush` gets the last pushed. */
export function createFrameLatest<T>(flush: (value: T) => void, schedule: FrameScheduler = nextFrame): { push(value: T): void; cancel(): void } {
  const batch = createFrameBatch<T>((values) => flush(values[values.length - 1]!), schedule);
  return { push: (value) => batch.push([value]), cancel: () => batch.cancel() };
}
