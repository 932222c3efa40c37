import { describe, expect, it } from 'vitest';
import { displayRows, formatSize, isLargeText, LARGE_TEXT_CHARS, previewOf } from './large-text.js';

describe('large results', () => {
  it('previews at a line break near the limit, and cuts long lines into rows', () => {
    const text = 'abc\n'.repeat(10);
    expect(previewOf(text, 10)).toBe('abc\nabc');
    expect(previewOf('x'.repeat(30), 10)).toBe('x'.repeat(10));
    expect(displayRows('ab\ncdefg', 2)).toEqual(['ab', 'cd', 'ef', 'g']);
    expect(isLargeText('x'.repeat(LARGE_TEXT_CHARS + 1))).toBe(true);
    expect(isLargeText('x')).toBe(false);
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatSize(1536)).toBe('1.5 KB');
  });

  it('splits a 5 MB text into rows, a single 5 MB line into many', () => {
    const text = 'The quick brown fox jumps over the lazy dog. 0123456789\n'.repeat(95_000);
    expect(displayRows(text)).toHaveLength(95_001);
    expect(displayRows('y'.repeat(5 * 1024 * 1024))).toHaveLength(Math.ceil((5 * 1024 * 1024) / 2000));
  });
});

describe('row offsets', () => {
  it('indexes rows in slices and cuts them back out, long lines split', async () => {
    const { rowStartsSlice, rowText } = await import('./large-text.js');
    const text = 'ab\ncdefg\n\nh';
    const starts: number[] = [];
    let pos = 0;
    while (pos < text.length) pos = rowStartsSlice(text, pos, Math.min(text.length, pos + 3), starts, 2);
    expect(starts.map((_, i) => rowText(text, starts, i))).toEqual(['ab', 'cd', 'ef', 'g', '', 'h']);
  });
});
