/**
 * Large tool results (issue 5: "a result of several MB keeps the window responsive"): a bounded
 * preview, and the full text cut into display lines for a virtual list. Pure.
 */

/** Text above this many characters is shown as a preview first (no markdown, no full render). */
export const LARGE_TEXT_CHARS = 64 * 1024;
/** Characters of the preview. */
export const PREVIEW_CHARS = 16 * 1024;
/** Display lines longer than this are cut into several rows (a 5 MB single line must not be one row). */
export const MAX_ROW_CHARS = 2000;

/** Whether a text needs the preview treatment. */
export function isLargeText(text: string): boolean {
  return text.length > LARGE_TEXT_CHARS;
}

/** The first `PREVIEW_CHARS` characters, cut at the last line break when there is one nearby. */
export function previewOf(text: string, chars = PREVIEW_CHARS): string {
  if (text.length <= chars) return text;
  const cut = text.lastIndexOf('\n', chars);
  return text.slice(0, cut > chars / 2 ? cut : chars);
}

/** Split into display rows: at line breaks, and every `max` characters within a long line. */
export function displayRows(text: string, max = MAX_ROW_CHARS): string[] {
  const rows: string[] = [];
  for (const line of text.split('\n')) {
    if (line.length <= max) rows.push(line);
    else for (let i = 0; i < line.length; i += max) rows.push(line.slice(i, i + max));
  }
  return rows;
}

/** `5.0 MB`, `12.3 KB`, `800 B` (characters counted as bytes: an approximation for display). */
export function formatSize(chars: number): string {
  if (chars >= 1024 * 1024) return `${(chars / (1024 * 1024)).toFixed(1)} MB`;
  if (chars >= 1024) return `${(chars / 1024).toFixed(1)} KB`;
  return `${chars} B`;
}

/**
 * Start offsets of the display rows of `text[from, to)` (rows end at a line break or after `max`
 * characters), appended to `out`. Returns where the next slice starts. Offsets, not strings: a
 * 5 MB text has ~60 000 rows and building them as strings is what makes the main thread stall.
 */
export function rowStartsSlice(text: string, from: number, to: number, out: number[], max = MAX_ROW_CHARS): number {
  let pos = from;
  while (pos < to) {
    out.push(pos);
    const nl = text.indexOf('\n', pos);
    const lineEnd = nl < 0 ? text.length : nl;
    pos = lineEnd - pos > max ? pos + max : lineEnd + 1;
  }
  return pos;
}

/** The text of row `i` given the row starts (without its line break). */
export function rowText(text: string, starts: readonly number[], i: number): string {
  const start = starts[i]!;
  const end = i + 1 < starts.length ? starts[i + 1]! : text.length;
  return text.slice(start, text[end - 1] === '\n' ? end - 1 : end);
}
