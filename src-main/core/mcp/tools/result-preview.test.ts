import { describe, expect, it } from 'vitest';
import type { ToolCallResult } from '../../../../src-shared/api/status.js';
import { MAX_KEPT_RESULTS, truncateResult } from './result-preview.js';

const big = 'x'.repeat(5000);
const result = (text: string): ToolCallResult => ({
  server: 's',
  tool: 't',
  isError: false,
  text,
  content: [{ type: 'text', text }, { type: 'image', data: 'AAAA', mimeType: 'image/png' }],
  durationMs: 3,
});

describe('truncateResult', () => {
  it('leaves a short result alone', () => {
    const kept = new Map<string, string>();
    const r = result('short');
    expect(truncateResult(r, 1024, kept)).toBe(r);
    expect(kept.size).toBe(0);
  });

  it('cuts text and long blocks, keeps the full text under the id, other blocks untouched', () => {
    const kept = new Map<string, string>();
    const r = truncateResult(result(big), 1024, kept);
    expect(r.text).toHaveLength(1024);
    expect(r.content[0]!.text as string).toHaveLength(1024);
    expect(r.content[1]).toEqual({ type: 'image', data: 'AAAA', mimeType: 'image/png' });
    expect(r.truncated).toEqual({ resultId: expect.any(String), totalChars: 5000 });
    expect(kept.get(r.truncated!.resultId)).toBe(big);
  });

  it(`keeps only the last ${MAX_KEPT_RESULTS} full texts`, () => {
    const kept = new Map<string, string>();
    const ids = Array.from({ length: MAX_KEPT_RESULTS + 2 }, () => truncateResult(result(big), 1024, kept).truncated!.resultId);
    expect([...kept.keys()]).toEqual(ids.slice(2));
  });
});
