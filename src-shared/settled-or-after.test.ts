/** settled-or-after.ts: the bounded wait of the gateway's start-up. */
import { describe, expect, it } from 'vitest';
import { settledOrAfter } from './settled-or-after.js';

describe('settledOrAfter', () => {
  it('resolves with the promise, after the time when it never settles, and at once for no time', async () => {
    const order: string[] = [];
    let settle: () => void = () => undefined;
    const early = settledOrAfter(new Promise<void>((r) => (settle = r)), 60_000).then(() => order.push('settled'));
    const late = settledOrAfter(new Promise<void>(() => undefined), 10).then(() => order.push('timed out'));
    const none = settledOrAfter(new Promise<void>(() => undefined), 0).then(() => order.push('no wait'));
    const failed = settledOrAfter(Promise.reject(new Error('x')), 60_000).then(() => order.push('rejected'));
    await Promise.all([none, failed]);
    settle();
    await Promise.all([early, late]);
    expect(order).toEqual(['no wait', 'rejected', 'settled', 'timed out']);
  });
});
