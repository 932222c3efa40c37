import { describe, expect, it, vi } from 'vitest';
import { createFrameBatch, createFrameLatest, throttledFrames, type FrameScheduler } from './frame-batch.js';

/** A scheduler the test drives: `tick()` runs what is due. */
function manualFrames(): { schedule: FrameScheduler; tick(): void; pending(): number } {
  let due: (() => void)[] = [];
  return {
    schedule: (run) => {
      due.push(run);
      return () => (due = due.filter((r) => r !== run));
    },
    tick() {
      const now = due;
      due = [];
      for (const r of now) r();
    },
    pending: () => due.length,
  };
}

describe('createFrameBatch', () => {
  it('hands over every item of a frame in one flush, in push order, none lost', () => {
    const frames = manualFrames();
    const flushes: number[][] = [];
    const batch = createFrameBatch<number>((items) => flushes.push(items), frames.schedule);
    for (let i = 1; i <= 1000; i++) batch.push([i]);
    expect(frames.pending()).toBe(1);
    frames.tick();
    batch.push([1001, 1002]);
    frames.tick();
    frames.tick();
    expect(flushes.map((f) => f.length)).toEqual([1000, 2]);
    expect(flushes.flat()).toEqual(Array.from({ length: 1002 }, (_, i) => i + 1));
  });

  it('never flushes an empty batch; cancel drops what is held', () => {
    const frames = manualFrames();
    const flushes: number[][] = [];
    const batch = createFrameBatch<number>((items) => flushes.push(items), frames.schedule);
    batch.push([]);
    expect(frames.pending()).toBe(0);
    batch.push([1]);
    batch.cancel();
    frames.tick();
    expect(flushes).toEqual([]);
    batch.push([2]);
    batch.flushNow();
    expect(flushes).toEqual([[2]]);
    expect(frames.pending()).toBe(0);
  });

  it('works with a scheduler that runs at once', () => {
    const flushes: number[][] = [];
    const batch = createFrameBatch<number>((items) => flushes.push(items), (run) => (run(), () => undefined));
    batch.push([1]);
    batch.push([2]);
    expect(flushes).toEqual([[1], [2]]);
  });
});

describe('createFrameLatest', () => {
  it('keeps only the last value of a frame', () => {
    const frames = manualFrames();
    const seen: string[] = [];
    const latest = createFrameLatest<string>((v) => seen.push(v), frames.schedule);
    latest.push('a');
    latest.push('b');
    latest.push('c');
    frames.tick();
    expect(seen).toEqual(['c']);
  });
});

describe('throttledFrames', () => {
  it('runs at most once per interval, none lost: a batch pushed sooner waits for the rest of the interval, then a frame', () => {
    vi.useFakeTimers();
    try {
      const frames = manualFrames();
      let clock = 0;
      const flushes: number[][] = [];
      const batch = createFrameBatch<number>((items) => flushes.push(items), throttledFrames(100, frames.schedule, () => clock));
      batch.push([1]);
      frames.tick(); // the first run waits for a frame only
      expect(flushes).toEqual([[1]]);
      clock = 30;
      batch.push([2]);
      batch.push([3]);
      expect(frames.pending()).toBe(0); // held back: 70 ms of the interval left
      clock = 100;
      vi.advanceTimersByTime(70);
      expect(frames.pending()).toBe(1);
      batch.push([4]);
      frames.tick();
      expect(flushes).toEqual([[1], [2, 3, 4]]);
      // cancel while waiting drops the wait and what is held
      clock = 120;
      batch.push([5]);
      batch.cancel();
      vi.advanceTimersByTime(200);
      expect(frames.pending()).toBe(0);
      expect(flushes).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
