import { describe, expect, it } from 'vitest';
import { hiddenCharsIn, showHidden } from './visible-text.js';

describe('showHidden', () => {
  it('escapes bidi overrides, zero-width and tag characters with a visible marker (trial 5 finding 1)', () => {
    expect(showHidden('/tmp/safe\u202Esj.live')).toBe('/tmp/safe\\u202esj.live');
    expect(showHidden('a\u200Bb\u2066c\u2069d\uFEFFe\u00ADf')).toBe('a\\u200bb\\u2066c\\u2069d\\ufeffe\\u00adf');
    expect(showHidden('x\u{E0041}\u{E0042}')).toBe('x\\u{e0041}\\u{e0042}');
    expect(showHidden('node\u202e\u0000')).toBe('node\\u202e\\x00');
  });
  it('escapes controls as the terminal rule always did, keeps newline, tab, emoji sequences and accents', () => {
    expect(showHidden('evil\u001b]0;PWNED\u0007\r\u009b')).toBe('evil\\x1b]0;PWNED\\x07\\r\\u009b');
    expect(showHidden('● ok\n\tEcho: héllo 🙂 👨\u200D👩\u200D👧 ❤\uFE0F')).toBe('● ok\n\tEcho: héllo 🙂 👨\u200D👩\u200D👧 ❤\uFE0F');
    expect(showHidden('a\u200Db')).toBe('a\\u200db');
  });
  it('lists the hidden characters found, each once', () => {
    expect(hiddenCharsIn('a\u202Eb\u202Ec\u0000')).toEqual(['U+202E', 'U+0000']);
    expect(hiddenCharsIn('plain')).toEqual([]);
  });
});
