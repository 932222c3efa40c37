import { describe, expect, it } from 'vitest';
import { terminalSafe } from './terminal-safe.js';

describe('terminalSafe', () => {
  it('shows escape sequences from untrusted text as visible escapes', () => {
    expect(terminalSafe('evil\u001b]0;PWNED\u0007\u001b[2J')).toBe('evil\\x1b]0;PWNED\\x07\\x1b[2J');
    expect(terminalSafe('a\rb\u009bc\u007f')).toBe('a\\rb\\u009bc\\x7f');
  });
  it('shows bidi overrides and invisible characters escaped too (trial 5 finding 1)', () => {
    expect(terminalSafe('/tmp/safe\u202Esj.live\u200B')).toBe('/tmp/safe\\u202esj.live\\u200b');
  });
  it('keeps newlines, tabs and printable Unicode as they are', () => {
    expect(terminalSafe('● ok\n\tEcho: héllo 🙂')).toBe('● ok\n\tEcho: héllo 🙂');
  });
});
