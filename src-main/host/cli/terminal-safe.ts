/**
 * Terminal-safe text. Server names, tool results, stderr lines and config values are untrusted
 * (a repository nobody trusted can name a server `"\u001b]0;…"`): printed raw, escape sequences
 * would retitle the terminal, clear the screen or forge output. Every control character except
 * newline and tab is shown as a visible escape instead (`\x1b`, `\r`, `\u009b`).
 */

// C0 controls except \t (09) and \n (0a), DEL, and C1 controls.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** `text` with every control character except `\n` and `\t` replaced by a visible escape. */
export function terminalSafe(text: string): string {
  return text.replace(CONTROL, (ch) => {
    if (ch === '\r') return '\\r';
    const code = ch.charCodeAt(0);
    return code <= 0xff && code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
