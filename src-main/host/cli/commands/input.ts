/**
 * `switchboard input <id>`: answer a VS Code `${input:<id>}` prompt once (docs/config-discovery.md); the answer is
 * read from stdin — on a terminal without echo, as a password prompt — and kept in the OS
 * keychain as `input:<id>`; never written to a file.
 */
import { createInterface } from 'node:readline';
import { EXIT, UsageError } from '../args.js';
import { printFailure } from '../output.js';
import { withOwnerOrOffline } from '../owner-link.js';
import type { CommandSpec } from '../command-spec.js';
import type { CliContext } from '../context.js';
import { PromptCancelled, readHidden } from '../read-hidden.js';

/** One line from stdin: hidden on a terminal, else the first line of what is piped in. */
async function readAnswer(id: string): Promise<string> {
  if (process.stdin.isTTY) {
    try {
      return await readHidden(process.stdin, process.stderr, `Value for \${input:${id}} (not shown as you type): `);
    } catch (err) {
      if (err instanceof PromptCancelled) throw new UsageError(`No value given for \${input:${id}}`);
      throw err;
    }
  }
  const rl = createInterface({ input: process.stdin, terminal: false });
  try {
    // Empty input (EOF before a line) is an empty answer, not a wait that never ends.
    return await new Promise<string>((resolve) => {
      rl.once('line', resolve);
      rl.once('close', () => resolve(''));
    });
  } finally {
    rl.close();
  }
}

export async function runInput(ctx: CliContext): Promise<number> {
  const id = ctx.cli.positionals[0]!;
  const answer = (await readAnswer(id)).trim();
  if (answer === '') throw new UsageError(`No value given for \${input:${id}}`);
  // `config:answerInput`: the owner (which reconnects what waited for it) or a one-shot core.
  return withOwnerOrOffline(ctx, async (call) => {
    const r = await call('config:answerInput', { id, value: answer });
    if (!r.ok) return printFailure(ctx, r.error);
    ctx.io.out(`Stored the answer to \${input:${id}} in ${r.data.where ?? 'the OS keychain'}`);
    return EXIT.OK;
  });
}

export const inputCommand: CommandSpec = {
  name: 'input',
  synopsis: 'input <id>',
  summary: 'Answer a VS Code ${input:id} prompt (read without echo; kept in the OS keychain)',
  positionals: [1, 1],
  run: runInput,
};
