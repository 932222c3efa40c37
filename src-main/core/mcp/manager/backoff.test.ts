import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_RESTART_POLICY } from './backoff.js';

describe('backoffDelay', () => {
  const noJitter = { ...DEFAULT_RESTART_POLICY, jitter: 0 };
  it('doubles from 500 ms and caps at 30 s (docs/connections-supervision.md)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map((n) => backoffDelay(n, noJitter))).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
  it('jitter only shortens, within its fraction', () => {
    expect(backoffDelay(0, DEFAULT_RESTART_POLICY, () => 0)).toBe(400);
    expect(backoffDelay(0, DEFAULT_RESTART_POLICY, () => 1)).toBe(500);
    expect(backoffDelay(10, DEFAULT_RESTART_POLICY, () => 0)).toBe(24000);
    expect(backoffDelay(10, DEFAULT_RESTART_POLICY, () => 0.999)).toBeLessThanOrEqual(30000);
  });
});
