import { describe, expect, it } from 'vitest';
import { retryingImport } from './lazy-retry.js';

describe('retryingImport', () => {
  it('tries a failed import again, waiting longer each time, until it loads', async () => {
    let calls = 0;
    const failures: string[] = [];
    const load = retryingImport(
      () => (++calls < 4 ? Promise.reject(new TypeError(`Failed to fetch dynamically imported module (${calls})`)) : Promise.resolve({ default: 'view' })),
      [1, 2],
      (err, attempt) => failures.push(`${attempt}: ${(err as Error).message}`),
    );
    await expect(load()).resolves.toEqual({ default: 'view' });
    expect(calls).toBe(4);
    expect(failures).toEqual(['1: Failed to fetch dynamically imported module (1)', '2: Failed to fetch dynamically imported module (2)', '3: Failed to fetch dynamically imported module (3)']);
  });

  it('loads at once when the import works', async () => {
    let calls = 0;
    await expect(retryingImport(() => (calls++, Promise.resolve(7)))()).resolves.toBe(7);
    expect(calls).toBe(1);
  });
});
