import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { PromptCancelled, readHidden, type RawInput } from './read-hidden.js';

/** A stand-in for a TTY stdin: records raw-mode switches; `type` feeds keystrokes. */
function fakeTty(): RawInput & { modes: boolean[]; type(text: string): void; isRaw: boolean } {
  const em = new EventEmitter();
  const tty = {
    isRaw: false,
    modes: [] as boolean[],
    setRawMode(raw: boolean) {
      tty.isRaw = raw;
      tty.modes.push(raw);
    },
    on: (e: 'data', l: (c: Buffer | string) => void) => em.on(e, l),
    removeListener: (e: 'data', l: (c: Buffer | string) => void) => em.removeListener(e, l),
    resume: () => undefined,
    pause: () => undefined,
    type: (text: string) => void em.emit('data', Buffer.from(text)),
  };
  return tty;
}

describe('readHidden', () => {
  it('reads a line in raw mode without echoing it (Backspace edits), then restores the mode', async () => {
    const tty = fakeTty();
    const written: string[] = [];
    const answer = readHidden(tty, { write: (t) => written.push(t) }, 'Value: ');
    tty.type('s3cx');
    tty.type('\u007fret\r');
    expect(await answer).toBe('s3cret');
    expect(written).toEqual(['Value: ', '\n']);
    expect(tty.modes).toEqual([true, false]);
  });

  it('writes the prompt terminal-safe: an escape sequence in it is shown, not sent', async () => {
    const tty = fakeTty();
    const written: string[] = [];
    const answer = readHidden(tty, { write: (t) => written.push(t) }, 'Key for \u001b[2Jevil: ');
    tty.type('x\r');
    await answer;
    expect(written).toEqual(['Key for \\x1b[2Jevil: ', '\n']);
  });

  it('Ctrl-C cancels and restores the mode', async () => {
    const tty = fakeTty();
    const answer = readHidden(tty, { write: () => undefined }, '');
    tty.type('abc\u0003');
    await expect(answer).rejects.toBeInstanceOf(PromptCancelled);
    expect(tty.isRaw).toBe(false);
  });
});
