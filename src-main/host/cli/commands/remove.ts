/**
 * `switchboard remove|rm <name> [--file F]`: remove a server from the file it lives in (docs/operator-verbs.md).
 * Without `--file` only the winning definition goes; when another file's definition takes over it
 * says so, and a second copy of the name is never removed without its `--file`.
 */
import type { CommandSpec } from '../command-spec.js';
import { runWrite } from '../config-cli.js';
import type { CliContext } from '../context.js';

export async function runRemove(ctx: CliContext): Promise<number> {
  const name = ctx.cli.positionals[0]!;
  const file = ctx.cli.flags.file as string | undefined;
  return runWrite(ctx, 'Removed', name, (call) => call('config:remove', { name, ...(file ? { file } : {}) }));
}

export const removeCommand: CommandSpec = {
  name: 'remove',
  aliases: ['rm'],
  synopsis: 'remove|rm <name> [--file F]',
  summary: 'Remove a server from the file it lives in (the winning definition; --file for another)',
  positionals: [1, 1],
  flags: { file: { type: 'string', help: '--file <path>     Act on the definition in this file (a shadowed one)' } },
  run: runRemove,
};
