/**
 * Terminal-safe text. Server names, tool results, stderr lines and config values are untrusted
 * (a repository nobody trusted can name a server `"\u001b]0;…"`): printed raw, escape sequences
 * would retitle the terminal, clear the screen or forge output, and a bidi override would make
 * text read differently from what it is. Every hidden character except newline and tab is shown
 * as a visible escape instead (`\x1b`, `\r`, `\u009b`, `\u202e`): the shared rule of
 * src-shared/visible-text.ts, which the install dialog uses too.
 */
import { showHidden } from '../../../src-shared/visible-text.js';

/** `text` with every hidden character except `\n` and `\t` replaced by a visible escape. */
export function terminalSafe(text: string): string {
  return showHidden(text);
}
