/**
 * `coalescing` (connection-lists.ts), the runner behind a connection's re-list: a call made while a
 * run is in flight must be answered by a run that began after the call. The list-cache test once
 * passed only on retry: a person's refresh arriving as a cached re-list ended joined that run and got
 * its old list. These tests place the second call at every microtask step around the end of the
 * first run, where the old runner handed back the run that had already finished.
 */
import { describe, expect, it } from 'vitest';
import { coalescing } from './connection-lists.js';

/** A task whose runs are numbered; the first waits for `release`. */
function gatedTask() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const started: number[] = [];
  const finished: number[] = [];
  let n = 0;
  const task = async (): Promise<boolean> => {
    const mine = ++n;
    started.push(mine);
    if (mine === 1) await gate;
    finished.push(mine);
    return true;
  };
  return { task, release: () => release(), started, finished };
}

const ticks = async (k: number): Promise<void> => {
  for (let i = 0; i < k; i++) await Promise.resolve();
};

describe('coalescing', () => {
  it('a call made while a run is in flight waits for a run that started after it (at every microtask step around the end)', async () => {
    for (let k = 0; k <= 12; k++) {
      const t = gatedTask();
      const run = coalescing(t.task);
      const first = run();
      t.release();
      await ticks(k);
      const runsBefore = t.started.length;
      await run();
      // The run that answered the second call started after it was made.
      expect(t.started.length, `second call ${k} microtasks after the release`).toBe(runsBefore + 1);
      expect(t.finished.at(-1)).toBe(t.started.at(-1));
      await first;
    }
  });

  it('a burst of calls during one run folds into one more run', async () => {
    const t = gatedTask();
    const run = coalescing(t.task);
    const first = run();
    const burst = [run(), run(), run()];
    t.release();
    await Promise.all([first, ...burst]);
    expect(t.started).toEqual([1, 2]);
  });

  it('a task that fails rejects its callers and a queued run still runs', async () => {
    let n = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const run = coalescing(async () => {
      n++;
      if (n === 1) {
        await gate;
        throw new Error('boom');
      }
      return true;
    });
    const first = run();
    const second = run();
    release();
    await expect(first).rejects.toThrow('boom');
    await second;
    expect(n).toBe(2);
  });
});
