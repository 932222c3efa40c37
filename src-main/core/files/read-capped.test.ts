/** readCapped: a body with no content-length is read up to the cap and no further. */
import { describe, expect, it } from 'vitest';
import { readCapped } from './read-capped.js';

describe('readCapped', () => {
  it('stops an endless body past the cap (undefined) and reads a body within it whole', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled += 1;
        c.enqueue(new Uint8Array(1024));
      },
    });
    expect(await readCapped(new Response(endless), 4096)).toBeUndefined();
    expect(pulled).toBeLessThan(10);
    expect((await readCapped(new Response('{"a":1}'), 7))?.toString('utf8')).toBe('{"a":1}');
    expect(await readCapped(new Response('{"a":1}'), 6)).toBeUndefined();
  });
});
