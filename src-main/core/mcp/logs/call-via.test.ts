import { describe, expect, it } from 'vitest';
import { currentVia, withVia } from './call-via.js';

describe('currentVia (issue 32 item 1: no context lookup until a door has run a request)', () => {
  it('is undefined outside a door, the door inside one, and undefined again after it', async () => {
    expect(currentVia()).toBeUndefined();
    expect(await withVia(undefined, async () => currentVia())).toBeUndefined();
    const seen = await withVia({ host: 'claude-code' }, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return currentVia();
    });
    expect(seen).toEqual({ host: 'claude-code' });
    expect(currentVia()).toBeUndefined();
  });
});
