/**
 * Tool results that are JSON text (many servers return `JSON.stringify(result)` as a text block):
 * recognise them so the result view can pretty-print them in a code block instead of running
 * them through markdown, which joins their lines into one paragraph. Pure.
 */

/** Longest text tried as JSON (characters); larger texts use the large-result preview instead. */
export const MAX_JSON_CHARS = 1_000_000;

/**
 * The object or array `text` holds (after trimming), else `undefined` — a bare string, number,
 * `true` or `null` reads fine as it is, and a text past MAX_JSON_CHARS is not tried.
 */
export function parseJsonText(text: string): object | undefined {
  const t = text.trim();
  if (t.length < 2 || t.length > MAX_JSON_CHARS) return undefined;
  const first = t[0];
  const last = t[t.length - 1];
  if (!((first === '{' && last === '}') || (first === '[' && last === ']'))) return undefined;
  try {
    return JSON.parse(t) as object;
  } catch {
    return undefined;
  }
}

/** `text` pretty-printed (2-space indent) when it is a JSON object or array (see parseJsonText), else `undefined`. */
export function prettyJson(text: string): string | undefined {
  const v = parseJsonText(text);
  return v === undefined ? undefined : JSON.stringify(v, null, 2);
}
