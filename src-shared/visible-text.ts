/**
 * Characters that change how text looks without being seen (docs/inspecting.md § Install links;
 * trial 5 finding 1): control characters, bidirectional overrides and isolates (U+202E turns
 * `/tmp/safe\u202Esj.live` into what reads as `/tmp/safeevil.js`), zero-width and other invisible
 * characters, line/paragraph separators and tag characters. Every face shows them as a visible
 * escape (`\x1b`, `\u202e`, `\u{e0041}`) so what a person reads is what the program gets. Pure.
 */

/**
 * C0 controls except \t and \n, DEL, C1 controls, the soft hyphen, Arabic letter mark, Mongolian
 * vowel separator, zero-width and bidi marks, U+2028/2029, bidi embeddings/overrides/isolates,
 * invisible operators, the BOM, interlinear annotation marks, and tag characters. A zero-width
 * joiner stays when an emoji follows it (👨‍👩‍👧 is drawn as one picture), and variation selectors stay.
 */
const HIDDEN =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b\u200c\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]|\u200d(?!\p{Extended_Pictographic})|[\u{e0000}-\u{e007f}]/gu;

/** The visible escape of one hidden character: `\r`, `\x1b` below U+0080, `\u202e`, `\u{e0041}` above U+FFFF. */
function escapeOf(ch: string): string {
  if (ch === '\r') return '\\r';
  const code = ch.codePointAt(0)!;
  if (code < 0x80) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code > 0xffff) return `\\u{${code.toString(16)}}`;
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * `text` with every hidden character (see the file header; newline and tab are kept) replaced by
 * its visible escape: `showHidden('a\u202Eb')` is `a\u202eb` written out with a backslash.
 */
export function showHidden(text: string): string {
  HIDDEN.lastIndex = 0;
  return HIDDEN.test(text) ? text.replace(HIDDEN, escapeOf) : text;
}

/** The hidden characters in `text` as `U+202E` labels, each once, in order of appearance (empty when none). */
export function hiddenCharsIn(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(HIDDEN)) seen.add(`U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
  return [...seen];
}
