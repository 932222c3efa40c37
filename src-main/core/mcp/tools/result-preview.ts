/**
 * Large results as previews (issue 5 §3: "a result of several MB keeps the window responsive"):
 * a face that renders asks `tools:call` for `previewChars`; the wire then carries the first
 * characters of each long text, and the whole flattened text stays in main for `tools:fullText`.
 * A 5 MB text otherwise crosses the wire twice (`text` and its content block) and costs the
 * renderer's main thread a long JSON parse.
 */
import type { ToolCallResult } from '../../../../src-shared/api/status.js';

/** Full texts kept (the oldest is dropped first). */
export const MAX_KEPT_RESULTS = 5;

let nextId = 1;

/**
 * Cut `result` for the wire when its text is longer than `previewChars`: `text` and every longer
 * text block (also an embedded resource's text) keep their first `previewChars` characters;
 * `truncated` says how long the text was and under which id `kept` holds it. A shorter result is
 * returned unchanged. Pure except for `kept`, which is trimmed to `MAX_KEPT_RESULTS`.
 */
export function truncateResult(result: ToolCallResult, previewChars: number, kept: Map<string, string>): ToolCallResult {
  const long = (s: unknown): s is string => typeof s === 'string' && s.length > previewChars;
  const blocksLong = result.content.some((b) => long(b.text) || long((b.resource as { text?: unknown } | undefined)?.text));
  if (!long(result.text) && !blocksLong) return result;
  const resultId = `result-${nextId++}`;
  kept.set(resultId, result.text);
  while (kept.size > MAX_KEPT_RESULTS) kept.delete(kept.keys().next().value!);
  const content = result.content.map((b) => {
    if (long(b.text)) return { ...b, text: b.text.slice(0, previewChars) };
    const r = b.resource as { text?: unknown } | undefined;
    if (r && long(r.text)) return { ...b, resource: { ...r, text: r.text.slice(0, previewChars) } };
    return b;
  });
  return { ...result, text: result.text.slice(0, previewChars), content, truncated: { resultId, totalChars: result.text.length } };
}
