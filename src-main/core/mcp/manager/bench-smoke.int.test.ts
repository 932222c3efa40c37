/**
 * Smoke run of `npm run bench` with tiny sizes: the benchmark code runs end to end against real
 * servers and yields a finite, positive ratio for each line. No timing is asserted (issue 4).
 */
import { describe, expect, it } from 'vitest';
import { formatResult, runBenchmarks, startupFloor } from '../../../../bench/bench-lib.js';

describe('benchmarks (smoke)', () => {
  it('produces the four ratios (startup both ways, echo stdio/http median+p99, flood, RSS), the targeted ones with their target', async () => {
    const results = await runBenchmarks({ servers: 2, calls: 5, floodCalls: 3, floodBytesPerCall: 8 * 1024, rounds: 2 });
    expect(results.map((r) => r.name.split(' ')[0])).toEqual(['all-ready', 'for', 'echo', 'echo', 'echo', 'echo', 'reply', 'manager', 'main-process']);
    for (const r of results) {
      expect(Number.isFinite(r.ratio) && r.ratio > 0).toBe(true);
      // Issue 32 item 1: every row prints the spread of its ratio over its repetitions.
      const spread = / \[spread [\d.]+–[\d.]+ over \d+ (rounds|blocks of \d+ calls)\]$/;
      expect(formatResult(r)).toMatch(r.target === undefined ? new RegExp(` → ratio [\\d.]+${spread.source}`) : new RegExp(` → ratio [\\d.]+ \\(target ≤ [\\d.]+, (met|MISSED)(; [^)]+)?\\)${spread.source}`));
      expect(r.spread?.lo).toBeLessThanOrEqual(r.spread?.hi ?? -1);
    }
    expect(results.map((r) => r.spread?.over)).toEqual(['2 rounds', '2 rounds', '5 blocks of 1 calls', '5 blocks of 1 calls', '5 blocks of 1 calls', '5 blocks of 1 calls', '3 blocks of 1 calls', '3 blocks of 1 calls', '2 rounds']);
    expect(results.filter((r) => r.target !== undefined).map((r) => r.target)).toEqual([0.6, 1.1, 1.5, 1.1, 1.5, 1.3]);
    // The start-up row says what bounds it here: the cores its one-by-one side already kept busy.
    expect(results[0] && formatResult(results[0])).toMatch(/\(target ≤ 0\.60, (met|MISSED); floor here ≈ (0\.\d\d|1\.00): one by one kept \d+\.\d\d of \d+ cores busy\)/);
  }, 600_000); // a smoke run of the whole bench; at load ~25 it took over 2 min

  it('puts the start-up floor at the busy share of the cores, never above 1', () => {
    expect(startupFloor(1.42, 2)).toBe('floor here ≈ 0.71: one by one kept 1.42 of 2 cores busy');
    expect(startupFloor(1, 2)).toBe('floor here ≈ 0.50: one by one kept 1.00 of 2 cores busy');
    expect(startupFloor(2.5, 2)).toBe('floor here ≈ 1.00: one by one kept 2.50 of 2 cores busy');
  });
});
