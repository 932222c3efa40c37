/**
 * Reading a secret from a terminal without echo (docs/auth.md: secrets never shown). The terminal goes
 * into raw mode for the answer, nothing typed is written back, and the mode is restored whatever
 * happens. Enter ends the answer; Backspace deletes; Ctrl-C or Ctrl-D on an empty answer cancels.
 */

import { terminalSafe } from './terminal-safe.js';

/** The parts of a TTY input stream this needs (process.stdin on a terminal). */
export interface RawInput {
  isRaw?: boolean;
  setRawMode(raw: boolean): unknown;
  on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  removeListener(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  resume(): unknown;
  pause(): unknown;
}

/** Thrown when the person cancels the prompt (Ctrl-C, or Ctrl-D before typing anything). */
export class PromptCancelled extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'PromptCancelled';
  }
}

/**
 * Write `prompt` to `output`, then read one line from the raw-mode `input` without echoing it.
 * The prompt often carries registry or card text (untrusted), so it is written through
 * `terminalSafe`: an escape sequence in it shows as `\x1b[…`, never acts on the terminal.
 * Resolves to the text typed (without the line end); rejects with `PromptCancelled`.
 */
export function readHidden(input: RawInput, output: { write(text: string): unknown }, prompt: string): Promise<string> {
  output.write(terminalSafe(prompt));
  const wasRaw = input.isRaw === true;
  input.setRawMode(true);
  input.resume();
  return new Promise<string>((resolve, reject) => {
    let answer = '';
    const finish = (error?: Error): void => {
      input.removeListener('data', onData);
      input.setRawMode(wasRaw);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(answer);
    };
    const onData = (chunk: Buffer | string): void => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003' || (ch === '\u0004' && answer === '')) return finish(new PromptCancelled());
        if (ch === '\u0004') return finish();
        if (ch === '\u007f' || ch === '\b') answer = [...answer].slice(0, -1).join('');
        else if (ch >= ' ') answer += ch;
      }
    };
    input.on('data', onData);
  });
}
