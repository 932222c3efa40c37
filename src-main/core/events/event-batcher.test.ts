import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Batcher, Coalescer } from './event-batcher.js';

describe('Coalescer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('flushes a burst once, after the window, and again for a later burst', () => {
    const flush = vi.fn();
    const c = new Coalescer(flush, 50);
    c.poke();
    c.poke();
    vi.advanceTimersByTime(49);
    expect(flush).not.toHaveBeenCalled();
    c.poke();
    vi.advanceTimersByTime(1);
    expect(flush).toHaveBeenCalledTimes(1);
    c.poke();
    vi.advanceTimersByTime(50);
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('does not starve under a steady stream, and cancel drops a pending flush', () => {
    const flush = vi.fn();
    const c = new Coalescer(flush, 50);
    for (let t = 0; t < 200; t += 10) {
      c.poke();
      vi.advanceTimersByTime(10);
    }
    expect(flush).toHaveBeenCalledTimes(4);
    c.poke();
    c.cancel();
    vi.advanceTimersByTime(100);
    expect(flush).toHaveBeenCalledTimes(4);
  });

  it('lets a poke that may wait ride along, and brings it forward for one that may not', () => {
    const flush = vi.fn();
    const c = new Coalescer(flush, 50);
    c.poke(500);
    vi.advanceTimersByTime(100);
    c.poke(500);
    expect(flush).not.toHaveBeenCalled();
    // Due 50 ms from now, sooner than the pending 500: brought forward.
    c.poke();
    vi.advanceTimersByTime(49);
    expect(flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(flush).toHaveBeenCalledTimes(1);
    // A pending 50 ms flush is not pushed back by one that may wait.
    c.poke();
    c.poke(500);
    vi.advanceTimersByTime(50);
    expect(flush).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(flush).toHaveBeenCalledTimes(2);
  });
});

describe('Batcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('delivers items in order as one array per window; flushNow and cancel', () => {
    const batches: number[][] = [];
    const b = new Batcher<number>((items) => batches.push(items), 50);
    b.push(1);
    b.push(2);
    vi.advanceTimersByTime(50);
    b.push(3);
    b.flushNow();
    b.push(4);
    b.cancel();
    vi.advanceTimersByTime(100);
    expect(batches).toEqual([[1, 2], [3]]);
  });

  it('cuts a large window into consecutive arrays of at most maxItems, in order, none lost', () => {
    const batches: number[][] = [];
    const b = new Batcher<number>((items) => batches.push(items), 50, 200);
    for (let i = 1; i <= 450; i++) b.push(i);
    vi.advanceTimersByTime(50);
    expect(batches.map((x) => x.length)).toEqual([200, 200, 50]);
    expect(batches.flat()).toEqual(Array.from({ length: 450 }, (_, i) => i + 1));
  });
});
