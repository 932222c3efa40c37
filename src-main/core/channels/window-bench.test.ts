/**
 * The channels-window bench row's arithmetic (bench/channels-window.ts): latency from emit to the
 * first row update that showed an entry, percentiles, and the printed lines (a skip says why).
 * The browser run itself is `npm run bench -- --only=channels-window`.
 */
import { describe, expect, it } from 'vitest';
import { formatWindowResult, latency, rowLatencies, WINDOW_SMALL } from '../../../bench/channels-window.js';

describe('channels-window bench row', () => {
  it('times each entry to the first row update whose newest number reached it', () => {
    const sent = [1, 2, 3, 4, 5].map((n) => ({ n, at: 1000 + n * 10 }));
    // Updates at 1100 (newest 2) and 1200 (newest 5).
    expect(rowLatencies(sent, [[1100, 2], [1200, 5]])).toEqual([90, 80, 170, 160, 150]);
    // An entry no update showed is left out (not counted as shown).
    expect(rowLatencies(sent, [[1100, 2]])).toEqual([90, 80]);
    expect(latency([5, 1, 3, 2, 4])).toEqual({ p50: 3, p99: 5, max: 5, count: 5 });
    expect(latency([])).toEqual({ p50: 0, p99: 0, max: 0, count: 0 });
  });

  it('prints figures beside their targets, and why the browser part was skipped', () => {
    const lines = formatWindowResult({ sizes: WINDOW_SMALL, longestMs: 72, longTasks: 2, kept: 199, ownerCpuUs: 150, ownerLoop: { p99: 12.4, max: 30 }, stored: latency([1]), window: latency([120, 300]), cli: latency([40]), load: [2, 3] });
    expect(lines[0]).toBe('200 notifications/s for 1 s into the window: longest main-thread task 72 ms wall (2 tasks over 50 ms) (target < 100 ms, met; load 2.0 → 3.0)');
    expect(lines[1]).toBe('200 notifications/s for 1 s into the window: kept 199 of 200 in channels.jsonl (target all, MISSED); owner CPU 150 µs per notification');
    expect(lines[2]).toBe('200 notifications/s for 1 s into the window: owner event-loop delay p99 12 ms, max 30 ms');
    expect(lines[4]).toBe('200 notifications/s for 1 s into the window: latency server → row in the window p50 300 ms, p99 300 ms, max 300 ms (2 entries) (target p99 ≤ 250 ms, MISSED)');
    expect(lines[5]).toBe('200 notifications/s for 1 s: latency server → line of switchboard channels -f p50 40 ms, p99 40 ms, max 40 ms (1 entries) (target < 1000 ms, met)');
    const fast = formatWindowResult({ sizes: WINDOW_SMALL, longestMs: 0, longTasks: 0, kept: 200, ownerCpuUs: 150, stored: latency([1]), window: latency([250]), load: [2, 3] });
    expect(fast[1]).toContain('(target all, met)');
    expect(fast[3]).toMatch(/\(target p99 ≤ 250 ms, met\)$/);
    const skipped = formatWindowResult({ sizes: WINDOW_SMALL, skipped: 'Chromium is not installed at /usr/bin/chromium (apt-get install chromium)', load: [1, 1] });
    expect(skipped).toEqual(['200 notifications/s for 1 s into the window: browser part skipped — Chromium is not installed at /usr/bin/chromium (apt-get install chromium)']);
  });
});
