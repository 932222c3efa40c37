/**
 * What the format editors share (format-editors.ts): the `FormatEditor` interface, the
 * "does not parse" error, and range helpers on raw text (line starts and ends, splicing).
 */
import { CoreError } from '../facade/errors.js';

/** A path into a config document: keys and list indexes. */
export type Path = (string | number)[];

/** Text edits of one format. Every method throws `CoreError('INVALID_CONFIG')` when the text does not parse. */
export interface FormatEditor {
  /** Throws INVALID_CONFIG (`… does not parse (…); fix it first, it was not changed`) for bad text. */
  check(file: string, text: string): void;
  /** Set (value) or delete (undefined) `key` of the entry at `entry`. */
  setKey(text: string, entry: Path, key: string, value: unknown): string;
  /** Add an entry: `name` into the map at `container`, or appended to the list when `name` is a number (its index). */
  addEntry(text: string, container: Path, name: string | number, entry: Record<string, unknown>): string;
  /** Remove the entry at `entry`. */
  removeEntry(text: string, entry: Path): string;
}

/** The line ending a text uses (`\r\n` when it has any, else `\n`). */
export const eolOf = (text: string): string => (text.includes('\r\n') ? '\r\n' : '\n');

/** The INVALID_CONFIG error for a file that does not parse (`what` at line/column). */
export const unparseable = (file: string, what: string, line?: number, column?: number): CoreError =>
  new CoreError(
    'INVALID_CONFIG',
    `Invalid server config: ${file} does not parse (${what}${line !== undefined ? ` at line ${line}, column ${column ?? 1}` : ''}); fix it first, it was not changed`,
  );

/** Offset of the start of the line holding `at`. */
export const lineStart = (text: string, at: number): number => text.lastIndexOf('\n', at - 1) + 1;
/** Offset just past the newline ending the line holding `at` (or the text's end). */
export function lineEndIncl(text: string, at: number): number {
  const nl = text.indexOf('\n', at);
  return nl < 0 ? text.length : nl + 1;
}
/** `end` moved back over trailing whitespace and newlines. */
export function trimBack(text: string, start: number, end: number): number {
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end;
}
/** `text` with `[start, end)` replaced by `insert`. */
export const splice = (text: string, start: number, end: number, insert: string): string => text.slice(0, start) + insert + text.slice(end);
