/**
 * `switchboard enable|disable <name> [--file F]` (SPEC §5): written to the server's file where its
 * host has a flag or list; for hosts without one it applies in Switchboard only, and says so.
 */
import { setServerEnabled } from '../../../core/config/config-writer.js';
import { locateServer } from '../../../core/config/server-locator.js';
import type { CommandSpec } from '../command-spec.js';
import { cliDiscover, printOutcome, runWrite } from '../config-cli.js';
import type { CliContext } from '../context.js';

function run(enabled: boolean) {
  return async (ctx: CliContext): Promise<number> => {
    const name = ctx.cli.positionals[0]!;
    return runWrite(ctx, async () => {
      const { dctx, result } = await cliDiscover(ctx);
      const loc = locateServer(result, name, ctx.cli.flags.file as string | undefined);
      return printOutcome(ctx, enabled ? 'Enabled' : 'Disabled', name, await setServerEnabled(loc, name, enabled, dctx));
    });
  };
}

const fileFlag = { file: { type: 'string', help: '--file <path>     Act on the definition in this file (a shadowed one)' } } as const;

export const enableCommand: CommandSpec = { name: 'enable', synopsis: 'enable <name> [--file F]', summary: 'Enable a server', positionals: [1, 1], flags: fileFlag, run: run(true) };
export const disableCommand: CommandSpec = { name: 'disable', synopsis: 'disable <name> [--file F]', summary: 'Disable a server (in its file, or in Switchboard only)', positionals: [1, 1], flags: fileFlag, run: run(false) };
