import { describe, expect, it } from 'vitest';
import { EntryWindow } from './entry-window.js';

describe('EntryWindow', () => {
  it('keeps entries oldest first, drops the oldest, sums sizes of the live ones, and compacts without losing any', () => {
    const w = new EntryWindow<number>();
    for (let i = 1; i <= 5000; i++) {
      w.push(i, 2);
      if (w.length > 1000) expect(w.dropOldest(1)).toEqual([i - 1000]);
    }
    expect(w.length).toBe(1000);
    expect(w.bytes).toBe(2000);
    expect(w.at(0)).toBe(4001);
    expect(w.at(999)).toBe(5000);
    expect(w.sizeAt(0)).toBe(2);
    expect([...w]).toEqual(Array.from({ length: 1000 }, (_, i) => 4001 + i));
    expect(w.dropOldest(5)).toEqual([4001, 4002, 4003, 4004, 4005]);
    expect(w.dropOldest(10_000)).toHaveLength(995);
    expect(w.length).toBe(0);
    expect(w.bytes).toBe(0);
  });
});
