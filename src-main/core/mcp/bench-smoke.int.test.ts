/**
 * Smoke run of `npm run bench` with tiny sizes: the benchmark code runs end to end against real
 * servers and yields a finite, positive ratio for each line. No timing is asserted (issue 4).
 */
import { describe, expect, it } from 'vitest';
import { formatResult, runBenchmarks } from '../../../bench/bench-lib.js';

describe('benchmarks (smoke)', () => {
  it('produces the four ratios (startup, echo stdio/http median+p99, flood, RSS)', async () => {
    const results = await runBenchmarks({ servers: 2, calls: 5, floodCalls: 3, floodBytesPerCall: 8 * 1024 });
    expect(results.map((r) => r.name.split(' ')[0])).toEqual(['all-ready', 'echo', 'echo', 'echo', 'echo', 'reply', 'manager', 'main-process']);
    for (const r of results) {
      expect(Number.isFinite(r.ratio) && r.ratio > 0).toBe(true);
      expect(formatResult(r)).toMatch(/ → ratio [\d.]+$/);
    }
  }, 600_000); // a smoke run of the whole bench; at load ~25 it took over 2 min
});
