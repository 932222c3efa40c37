/**
 * `switchboard input <id>`: answer a VS Code `${input:<id>}` prompt once (SPEC §2); the answer is
 * read from stdin (a prompt on a terminal, hidden is not possible without a TTY library, so it
 * says so) and kept in the OS keychain as `input:<id>`; never written to a file.
 */
import { createInterface } from 'node:readline/promises';
import { storeInputAnswer } from '../../../core/secrets/secret-refs.js';
import { KeytarSecretStore } from '../../../core/secrets/secret-store.js';
import { EXIT, UsageError } from '../args.js';
import type { CommandSpec } from '../command-spec.js';
import type { CliContext } from '../context.js';

export async function runInput(ctx: CliContext): Promise<number> {
  const id = ctx.cli.positionals[0]!;
  const rl = createInterface({ input: process.stdin, output: process.stdin.isTTY ? process.stderr : undefined, terminal: process.stdin.isTTY });
  const answer = (await rl.question(process.stdin.isTTY ? `Value for \${input:${id}} (shown as you type): ` : '')).trim();
  rl.close();
  if (answer === '') throw new UsageError(`No value given for \${input:${id}}`);
  await storeInputAnswer(new KeytarSecretStore(ctx.platform.env.SWITCHBOARD_KEYCHAIN_SERVICE || undefined), id, answer);
  ctx.io.out(`Stored the answer to \${input:${id}} in the OS keychain`);
  return EXIT.OK;
}

export const inputCommand: CommandSpec = {
  name: 'input',
  synopsis: 'input <id>',
  summary: 'Answer a VS Code ${input:id} prompt (kept in the OS keychain)',
  positionals: [1, 1],
  run: runInput,
};
