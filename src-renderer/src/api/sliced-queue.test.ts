import { describe, expect, it } from 'vitest';
import { createSlicedQueue, slices } from './sliced-queue.js';

describe('createSlicedQueue', () => {
  it('runs steps in order, yielding once the budget is spent, and loses none', () => {
    let clock = 0;
    const tasks: (() => void)[] = [];
    const queue = createSlicedQueue({ budgetMs: 8, now: () => clock, yieldTask: (run) => tasks.push(run) });
    const ran: number[] = [];
    for (let i = 0; i < 10; i++)
      queue.push(() => {
        ran.push(i);
        clock += 3; // each step costs 3 ms: three steps fit in an 8 ms slice (0, 3, 6 → 9)
      });
    expect(ran).toEqual([]);
    const perTask: number[] = [];
    while (tasks.length) {
      const before = ran.length;
      tasks.shift()!();
      perTask.push(ran.length - before);
    }
    expect(perTask).toEqual([3, 3, 3, 1]);
    expect(ran).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(queue.size).toBe(0);
  });

  it('runs at least one step per task, and goes on after a step that throws', () => {
    let clock = 0;
    const tasks: (() => void)[] = [];
    const queue = createSlicedQueue({ budgetMs: 1, now: () => clock, yieldTask: (run) => tasks.push(run) });
    const ran: string[] = [];
    const error = console.error;
    console.error = () => undefined;
    try {
      queue.push(() => {
        clock += 50;
        throw new Error('boom');
      });
      queue.push(() => ran.push('next'));
      while (tasks.length) tasks.shift()!();
    } finally {
      console.error = error;
    }
    expect(ran).toEqual(['next']);
  });
});

describe('slices', () => {
  it('cuts an array into consecutive parts that join back to it', () => {
    const items = Array.from({ length: 250 }, (_, i) => i);
    const parts = slices(items, 100);
    expect(parts.map((p) => p.length)).toEqual([100, 100, 50]);
    expect(parts.flat()).toEqual(items);
    expect(slices([1, 2], 100)).toEqual([[1, 2]]);
  });
});
