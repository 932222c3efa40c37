import { describe, expect, it } from 'vitest';
import { parseConfirm, parseGuardTimeout } from './guard.js';

describe('switchboard guard (issue 31 item 3)', () => {
  it('reads the CLI’s --confirm and --timeout', () => {
    expect(parseConfirm(['destructive'])).toBe('destructive');
    expect(parseConfirm(['a,b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(() => parseConfirm(['off', 'a'])).toThrow('not a mix');
    expect([parseGuardTimeout('120s'), parseGuardTimeout('2m'), parseGuardTimeout('1500ms'), parseGuardTimeout('5000')]).toEqual([120_000, 120_000, 1500, 5000]);
    expect(() => parseGuardTimeout('11m')).toThrow('--timeout must be 1s to 10m');
  });
});
