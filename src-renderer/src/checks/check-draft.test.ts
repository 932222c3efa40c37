/** The "Save as check" form's draft (issue 15 item 7): starts from the last result; typed JSON is checked before saving. */
import { describe, expect, it } from 'vitest';
import type { ToolCallResult, ToolInfo } from '../../../src-shared/api/status.js';
import { draftAssertions, initialDraft } from './check-draft.js';

const tool = { server: 's', name: 't', inputSchema: {}, outputSchema: { type: 'object' } } as unknown as ToolInfo;
const result: ToolCallResult = { server: 's', tool: 't', isError: false, text: '{"a":1}', content: [], structuredContent: { a: 1 }, durationMs: 3 };

describe('check drafts', () => {
  it('start from the last result: isError, its structured value, the output schema', () => {
    const d = initialDraft(tool, result);
    expect(draftAssertions(d)).toEqual({ ok: true, expect: [{ kind: 'isError', value: false }, { kind: 'equals', value: { a: 1 } }, { kind: 'outputSchema' }] });
  });

  it('do not take an exact value from a preview (a truncated result)', () => {
    const d = initialDraft(tool, { ...result, truncated: { resultId: 'r', totalChars: 9_000_000 } });
    expect(d.equals).toEqual({ on: false, json: '' });
  });

  it('refuse typed values that are not JSON, and a path without $', () => {
    const d = initialDraft(tool, undefined);
    expect(draftAssertions({ ...d, equals: { on: true, json: 'Echo: hi' } })).toMatchObject({ ok: false, error: expect.stringMatching(/^Exact value: not JSON/) });
    expect(draftAssertions({ ...d, path: { on: true, path: 'content', mode: 'equals', json: '1' } })).toMatchObject({ ok: false, error: expect.stringMatching(/^JSON path: a JSONPath starts with "\$"/) });
    expect(draftAssertions({ ...d, path: { on: true, path: '$.content[0].text', mode: 'contains', json: '"hi"' }, underMs: { on: true, ms: 200 } })).toEqual({
      ok: true,
      expect: [{ kind: 'isError', value: false }, { kind: 'path', path: '$.content[0].text', contains: 'hi' }, { kind: 'outputSchema' }, { kind: 'underMs', ms: 200 }],
    });
  });
});
