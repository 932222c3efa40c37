import { describe, expect, it } from 'vitest';
import { toRootUri } from './server-settings.js';

describe('toRootUri', () => {
  it('turns a typed folder into a file URI', () => {
    expect(toRootUri('/home/me/my repo')).toBe('file:///home/me/my%20repo');
    expect(toRootUri('file:///x')).toBe('file:///x');
  });
});
