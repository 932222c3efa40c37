/**
 * `switchboard enable|disable <name> [--file F]` (docs/operator-verbs.md): written to the server's file where its
 * host has a flag or list; for hosts without one it applies in Switchboard only, and says so.
 */
import type { CommandSpec } from '../command-spec.js';
import { runWrite } from '../config-cli.js';
import type { CliContext } from '../context.js';

function run(enabled: boolean) {
  return async (ctx: CliContext): Promise<number> => {
    const name = ctx.cli.positionals[0]!;
    const file = ctx.cli.flags.file as string | undefined;
    // The field written (`enabled`, or a host's own) is what the verb says: `Disabled "x" in <file>: enabled` read as a contradiction (new-user trial, issue 32).
    return runWrite(ctx, enabled ? 'Enabled' : 'Disabled', name, (call) => call('config:setEnabled', { name, ...(file ? { file } : {}), enabled }), false);
  };
}

const fileFlag = { file: { type: 'string', help: '--file <path>     Act on the definition in this file (a shadowed one)' } } as const;

export const enableCommand: CommandSpec = { name: 'enable', synopsis: 'enable <name> [--file F]', summary: 'Enable a server', positionals: [1, 1], flags: fileFlag, run: run(true) };
export const disableCommand: CommandSpec = { name: 'disable', synopsis: 'disable <name> [--file F]', summary: 'Disable a server (in its file, or in Switchboard only)', positionals: [1, 1], flags: fileFlag, run: run(false) };
