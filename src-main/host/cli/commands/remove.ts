/** `switchboard remove|rm <name> [--file F]`: remove a server from the file it lives in (SPEC §5). */
import { removeServerFromFile } from '../../../core/config/config-writer.js';
import { locateServer } from '../../../core/config/server-locator.js';
import type { CommandSpec } from '../command-spec.js';
import { cliDiscover, printOutcome, runWrite } from '../config-cli.js';
import type { CliContext } from '../context.js';

export async function runRemove(ctx: CliContext): Promise<number> {
  const name = ctx.cli.positionals[0]!;
  return runWrite(ctx, async () => {
    const { dctx, result } = await cliDiscover(ctx);
    const loc = locateServer(result, name, ctx.cli.flags.file as string | undefined);
    return printOutcome(ctx, 'Removed', name, await removeServerFromFile(loc, name, dctx));
  });
}

export const removeCommand: CommandSpec = {
  name: 'remove',
  aliases: ['rm'],
  synopsis: 'remove|rm <name> [--file F]',
  summary: 'Remove a server from the file it lives in',
  positionals: [1, 1],
  flags: { file: { type: 'string', help: '--file <path>     Act on the definition in this file (a shadowed one)' } },
  run: runRemove,
};
