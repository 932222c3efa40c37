import { describe, expect, it } from 'vitest';
import { readPrefs } from './prefs.js';

describe('readPrefs', () => {
  it('reads the stored list, sorted and deduplicated; a bad value reads as the defaults', () => {
    expect(readPrefs({ noDestructiveConfirm: ['b', 'a', 'b', 3] })).toEqual({ noDestructiveConfirm: ['a', 'b'] });
    expect(readPrefs(undefined)).toEqual({ noDestructiveConfirm: [] });
    expect(readPrefs(['x'])).toEqual({ noDestructiveConfirm: [] });
    expect(readPrefs({ noDestructiveConfirm: 'x' })).toEqual({ noDestructiveConfirm: [] });
  });
});
