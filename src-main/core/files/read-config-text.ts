/**
 * Reading a config file's text without ever blocking or reading something that is not a file
 * (issue #3 bad input): opened non-blocking, checked to be a regular file before reading, so a FIFO
 * in place of a config file is refused at once instead of waiting for a writer forever.
 */
import { isUtf8 } from 'node:buffer';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/** A config path that exists but is not a regular file (a folder, a FIFO, a socket, a device). */
export class NotAFileError extends Error {
  readonly code = 'ENOTFILE';
}

/** A config file to edit whose bytes are not UTF-8 (attack pass, issue 14): rewriting its decoded text would replace them with U+FFFD. */
export class NotUtf8Error extends Error {
  readonly code = 'ENOTUTF8';
  constructor() {
    super('it is not valid UTF-8 text (Switchboard edits config files only as UTF-8; save it as UTF-8 and try again)');
  }
}

/** Options of `readConfigText`. */
export interface ReadConfigTextOptions {
  /** The text will be written back: bytes that are not UTF-8 reject with `NotUtf8Error` instead of decoding to U+FFFD. */
  forEdit?: boolean;
}

/**
 * The UTF-8 text of `path` (a byte order mark kept; for reading, bytes that are not UTF-8 decode to U+FFFD). Rejects with the fs error (`ENOENT`, `EACCES`, `ELOOP` for a symlink
 * loop…) or `NotAFileError` ("is a folder, not a file" / "is a FIFO, not a file") — never blocks.
 */
export async function readConfigText(path: string, options: ReadConfigTextOptions = {}): Promise<string> {
  const bytes = await readConfigBytes(path);
  if (!options.forEdit) return bytes.toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new NotUtf8Error();
  }
}

/** The bytes of `path`, opened and checked as `readConfigText` says. */
async function readConfigBytes(path: string): Promise<Buffer> {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer (not on Windows).
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) {
      const what = stat.isDirectory() ? 'a folder' : stat.isFIFO() ? 'a FIFO (named pipe)' : stat.isSocket() ? 'a socket' : 'a device';
      throw new NotAFileError(`${path} is ${what}, not a file`);
    }
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * The offset in `text` (`bytes` decoded as UTF-8, bytes that are not UTF-8 as U+FFFD) of the first
 * U+FFFD that stands for such bytes; undefined when all of `bytes` is UTF-8. A U+FFFD the file
 * really holds (its bytes EF BF BD) is passed over: up to the first bad byte, the text re-encodes to
 * the file's bytes exactly.
 */
export function firstNotUtf8(bytes: Uint8Array, text: string): number | undefined {
  if (isUtf8(bytes)) return undefined;
  // The byte offset is carried forward from one U+FFFD to the next (each real one is 3 bytes), so a
  // hostile file of a million real U+FFFDs is read once, not once per U+FFFD.
  let byte = 0;
  let from = 0;
  for (let at = text.indexOf('\uFFFD'); at >= 0; at = text.indexOf('\uFFFD', at + 1)) {
    byte += Buffer.byteLength(text.slice(from, at), 'utf8');
    if (!(bytes[byte] === 0xef && bytes[byte + 1] === 0xbf && bytes[byte + 2] === 0xbd)) return at;
    byte += 3;
    from = at + 1;
  }
  return undefined;
}

/** The message of a read failure for a warning: `ELOOP` reads as a symlink loop. */
export function readFailureMessage(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ELOOP') return `Cannot read config file: it is a symlink loop (${(err as Error).message})`;
  return `Cannot read config file: ${(err as Error).message}`;
}

/**
 * The text of a config file, or why there is none: `missing` (ENOENT/ENOTDIR) or `unreadable` with
 * its message. `notUtf8At`: the offset in `text` of the first U+FFFD that stands for bytes that are
 * not UTF-8 (absent when every byte is UTF-8). Never throws.
 */
export type TextOutcome = { kind: 'missing' } | { kind: 'unreadable'; message: string } | { kind: 'text'; text: string; notUtf8At?: number };

/** `readConfigText` as an outcome (see `TextOutcome`); what every config reader starts with. */
export async function readConfigTextOutcome(path: string): Promise<TextOutcome> {
  try {
    const bytes = await readConfigBytes(path);
    const text = bytes.toString('utf8');
    const at = firstNotUtf8(bytes, text);
    return at === undefined ? { kind: 'text', text } : { kind: 'text', text, notUtf8At: at };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    return { kind: 'unreadable', message: readFailureMessage(err) };
  }
}
