/**
 * Coalescing of bursty core events before they reach a wire (servers:changed, logs:appended).
 * Plain timers, unref'd so a one-shot CLI is never kept alive by a pending flush.
 */

/**
 * Calls `flush` at most once per `delayMs` (default 50 ms) after `poke()`: the first poke of a
 * burst arms the timer, later pokes ride along (so a steady stream still flushes every `delayMs`,
 * never starves). `cancel()` drops a pending flush; `flushNow()` runs it at once if one is pending.
 */
export class Coalescer {
  private timer: NodeJS.Timeout | undefined;
  /** When the pending flush runs (ms since the epoch). */
  private due = 0;

  constructor(
    private readonly flush: () => void,
    private readonly delayMs = 50,
  ) {}

  /**
   * Flush `delayMs` from now (default the constructor's), or sooner when a flush is already due
   * sooner; a pending flush due later than that is brought forward (a poke that wants the news soon
   * is never held back by one that could wait).
   */
  poke(delayMs = this.delayMs): void {
    const due = Date.now() + delayMs;
    if (this.timer) {
      if (this.due <= due) return;
      clearTimeout(this.timer);
    }
    this.due = due;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, delayMs);
    this.timer.unref?.();
  }

  flushNow(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flush();
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/**
 * Most items in one delivered array. An owner short of CPU (a 1,000/s burst on a loaded 2-core
 * machine) gathers thousands of items in one window; as one event that is one 200-300 KB wire
 * message, and a browser spends 20-40 ms of its main thread in one task just receiving it (issue 13,
 * measured in Chromium traces). Cut in arrays of this size, each message is a short task of its own.
 */
export const MAX_BATCH_ITEMS = 200;

/**
 * Collects items and hands them over once per `delayMs` window (default 50 ms), in order, as
 * consecutive arrays of at most `maxItems` (default `MAX_BATCH_ITEMS`).
 */
export class Batcher<T> {
  private items: T[] = [];
  private readonly coalescer: Coalescer;

  constructor(deliver: (items: T[]) => void, delayMs = 50, maxItems = MAX_BATCH_ITEMS) {
    this.coalescer = new Coalescer(() => {
      const batch = this.items;
      this.items = [];
      for (let i = 0; i < batch.length; i += maxItems) deliver(batch.length <= maxItems ? batch : batch.slice(i, i + maxItems));
    }, delayMs);
  }

  push(item: T): void {
    this.items.push(item);
    this.coalescer.poke();
  }

  flushNow(): void {
    this.coalescer.flushNow();
  }

  cancel(): void {
    this.items = [];
    this.coalescer.cancel();
  }
}
