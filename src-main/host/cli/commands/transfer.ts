/**
 * `switchboard export <name> --to <host> [--scope s]` and `switchboard import <name> [--to <host>]`
 * (docs/inspecting.md, issue #3 §5): copy a server from the file it lives in (`--file` for a shadowed one)
 * into another host's file (import: default Switchboard's own), translated; the notes say what
 * could not be carried, and which definition the copy now shadows. Literal secrets are written
 * only with `--allow-literal-secrets`; a definition from an untrusted project folder is copied only
 * after `switchboard trust` or with `--trust`. Keychain secrets the definition references are
 * bound to the copy only with `--rebind-secrets` (issue 26 item 1; without it the copy is written
 * and a note says its references stay unbound).
 */
import { UsageError } from '../args.js';
import type { CommandSpec } from '../command-spec.js';
import { parseHost, parseScope, runWrite } from '../config-cli.js';
import type { CliContext } from '../context.js';

function run(defaultTo: 'switchboard' | undefined) {
  return async (ctx: CliContext): Promise<number> => {
    const name = ctx.cli.positionals[0]!;
    const to = parseHost(ctx.cli.flags.to, '--to') ?? defaultTo;
    if (!to) throw new UsageError('export needs --to <host>');
    const scope = parseScope(ctx.cli.flags.scope);
    const file = ctx.cli.flags.file as string | undefined;
    return runWrite(ctx, `Copied to ${to}:`, name, (call) =>
      call('config:transfer', {
        name,
        ...(file ? { file } : {}),
        to: { host: to, ...(scope !== undefined ? { scope } : {}) },
        allowLiteralSecrets: ctx.cli.flags['allow-literal-secrets'] === true,
        trustSource: ctx.cli.flags.trust === true,
        rebindSecrets: ctx.cli.flags['rebind-secrets'] === true,
      }),
    );
  };
}

const flags = {
  to: { type: 'string', help: '--to <host>       Target host id (export; import defaults to switchboard)' },
  scope: { type: 'string', help: '--scope <s>       user, project, local or app (add, import, export)' },
  file: { type: 'string', help: '--file <path>     Act on the definition in this file (a shadowed one)' },
  'allow-literal-secrets': { type: 'boolean', help: '--allow-literal-secrets  Write secrets literally where the target has no reference syntax' },
  trust: { type: 'boolean', help: '--trust           Copy from an untrusted project folder anyway (you vouch for it; the folder stays untrusted)' },
  'rebind-secrets': { type: 'boolean', help: '--rebind-secrets  Let the copy use the keychain secrets its source is bound to (${secret:…}, ${input:…})' },
} as const;

export const exportCommand: CommandSpec = { name: 'export', synopsis: 'export <name> --to <host>', summary: "Copy a server into another host's file", positionals: [1, 1], flags, run: run(undefined) };
export const importCommand: CommandSpec = { name: 'import', synopsis: 'import <name> [--file F]', summary: "Copy a server from a host's file into Switchboard's own", positionals: [1, 1], flags, run: run('switchboard') };
