import { describe, expect, it } from 'vitest';
import { readPrefs } from './prefs.js';

describe('readPrefs', () => {
  it('reads the stored list, sorted and deduplicated; a bad value reads as the defaults', () => {
    expect(readPrefs({ noDestructiveConfirm: ['b', 'a', 'b', 3] })).toEqual({ noDestructiveConfirm: ['a', 'b'], theme: 'system' });
    expect(readPrefs(undefined)).toEqual({ noDestructiveConfirm: [], theme: 'system' });
    expect(readPrefs(['x'])).toEqual({ noDestructiveConfirm: [], theme: 'system' });
    expect(readPrefs({ noDestructiveConfirm: 'x' })).toEqual({ noDestructiveConfirm: [], theme: 'system' });
  });

  it('reads the theme choice; anything but light or dark reads as system', () => {
    expect(readPrefs({ theme: 'dark' }).theme).toBe('dark');
    expect(readPrefs({ theme: 'light', noDestructiveConfirm: ['a'] })).toEqual({ noDestructiveConfirm: ['a'], theme: 'light' });
    expect(readPrefs({ theme: 'purple' }).theme).toBe('system');
  });
});
