/**
 * A first-in first-out queue of small steps run in time slices (issue 13: the window's longest
 * main-thread task). A loaded owner can send one event carrying thousands of notifications; parsing
 * and applying it in one go held the renderer's main thread for 390 ms. Steps run in order until
 * `budgetMs` has passed, then the queue yields the thread (a new task) and carries on, so no task
 * is much longer than the budget plus one step. Nothing is dropped and the order is kept.
 */

/** Runs `run` in a later task. */
export type YieldTask = (run: () => void) => void;

/** Options of `createSlicedQueue`. */
export interface SlicedQueueOptions {
  /** Work per task before yielding, in ms (default 8: half a 60 Hz frame). */
  budgetMs?: number;
  /** Clock in ms (default `performance.now`). */
  now?: () => number;
  /** How to continue in a new task (default: a MessageChannel in a page, else `setTimeout(0)`). */
  yieldTask?: YieldTask;
}

/** The queue. */
export interface SlicedQueue {
  /** Append a step; it runs after every step pushed before it. */
  push(step: () => void): void;
  /** Steps waiting. */
  readonly size: number;
}

/** A task continuation that is not clamped to 4 ms like nested `setTimeout(0)` (pages only). */
function defaultYield(): YieldTask {
  if (typeof MessageChannel !== 'undefined' && typeof document !== 'undefined') {
    const channel = new MessageChannel();
    const queue: (() => void)[] = [];
    channel.port1.onmessage = () => queue.shift()?.();
    return (run) => {
      queue.push(run);
      channel.port2.postMessage(null);
    };
  }
  return (run) => void setTimeout(run, 0);
}

/**
 * Create a queue whose steps run in order, `budgetMs` of them per task (at least one step per
 * task). A step that throws is reported with `console.error` and the queue goes on.
 */
export function createSlicedQueue(options: SlicedQueueOptions = {}): SlicedQueue {
  const budgetMs = options.budgetMs ?? 8;
  const now = options.now ?? (() => performance.now());
  const yieldTask = options.yieldTask ?? defaultYield();
  const steps: (() => void)[] = [];
  let head = 0;
  let scheduled = false;

  const pump = (): void => {
    scheduled = false;
    const start = now();
    do {
      const step = steps[head++]!;
      try {
        step();
      } catch (err) {
        console.error('a queued step threw', err);
      }
    } while (head < steps.length && now() - start < budgetMs);
    if (head >= steps.length) {
      steps.length = 0;
      head = 0;
    } else {
      scheduled = true;
      yieldTask(pump);
    }
  };

  return {
    push(step) {
      steps.push(step);
      if (!scheduled) {
        scheduled = true;
        yieldTask(pump);
      }
    },
    get size() {
      return steps.length - head;
    },
  };
}

/** Items per slice when an array payload is validated and handed over in parts. */
export const SLICE_ITEMS = 100;

/** `items` cut into consecutive slices of at most `size` (one slice for a short array). */
export function slices<T>(items: T[], size = SLICE_ITEMS): T[][] {
  if (items.length <= size) return [items];
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
