/**
 * Smoke run of the channels benchmark (issue 13) with tiny sizes: it runs end to end against the
 * real notifying server, and none of the notifications is lost in channels.jsonl. No timing is
 * asserted.
 */
import { expect, it } from 'vitest';
import { benchChannels, CHANNELS_SMALL } from '../../../bench/channels-bench.js';
import { formatResult } from '../../../bench/bench-lib.js';

it('keeps every notification of a small burst and yields three finite ratios', async () => {
  const results = await benchChannels(CHANNELS_SMALL);
  const total = CHANNELS_SMALL.rate * CHANNELS_SMALL.seconds;
  expect(results).toHaveLength(3);
  expect(results[0]).toMatchObject({ manager: total, raw: total, ratio: 1 });
  for (const r of results) {
    // Heap figures of a one-second burst are within GC noise (a ratio may round to 0): finite is what counts here.
    expect(Number.isFinite(r.ratio) && r.ratio >= 0).toBe(true);
    expect(formatResult(r)).toMatch(/ → ratio [\d.]+$/);
  }
}, 120_000);
