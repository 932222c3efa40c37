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

  constructor(
    private readonly flush: () => void,
    private readonly delayMs = 50,
  ) {}

  poke(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, this.delayMs);
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

/** Collects items and hands them over as one array per `delayMs` window (default 50 ms). */
export class Batcher<T> {
  private items: T[] = [];
  private readonly coalescer: Coalescer;

  constructor(deliver: (items: T[]) => void, delayMs = 50) {
    this.coalescer = new Coalescer(() => {
      const batch = this.items;
      this.items = [];
      if (batch.length > 0) deliver(batch);
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
