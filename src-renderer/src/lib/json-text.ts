/**
 * Tool results that are JSON text (many servers return `JSON.stringify(result)` as a text block):
 * recognise them so the result view can pretty-print them in a code block instead of running
 * them through markdown, which joins their lines into one paragraph. Pure.
 */

/** Longest text tried as JSON (characters); larger texts use the large-result preview instead. */
export const MAX_JSON_CHARS = 1_000_000;

/**
 * `text` pretty-printed (2-space indent) when it is a JSON object or array (after trimming), else
 * `undefined` — a bare string, number, `true` or `null` reads fine as it is.
 */
export function prettyJson(text: string): string | undefined {
  const t = text.trim();
  if (t.length < 2 || t.length > MAX_JSON_CHARS) return undefined;
  const first = t[0];
  const last = t[t.length - 1];
  if (!((first === '{' && last === '}') || (first === '[' && last === ']'))) return undefined;
  try {
    return JSON.stringify(JSON.parse(t), null, 2);
  } catch {
    return undefined;
  }
}
