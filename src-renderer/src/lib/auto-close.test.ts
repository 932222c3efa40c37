import { describe, expect, it } from 'vitest';
import { autoCloseDelay, TOAST_MS } from './auto-close.js';

describe('autoCloseDelay', () => {
  it('closes a success or info toast after the default delay, never an error', () => {
    expect(autoCloseDelay(false)).toBe(TOAST_MS);
    expect(autoCloseDelay(false, 1500)).toBe(1500);
    expect(autoCloseDelay(true)).toBeUndefined();
  });
});
