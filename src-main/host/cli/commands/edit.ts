/**
 * `switchboard edit <name> [--url U] [--env K=V]… [--header "K: V"]… [--timeout ms]
 * [--description D] [--unset field]… [-- <command...>]`: change fields of a server in the file it
 * lives in; only the changed keys are written, comments and unknown keys stay (SPEC §5).
 */
import type { ServerPatch } from '../../../core/config/config-writer.js';
import { updateServerInFile } from '../../../core/config/config-writer.js';
import { locateServer } from '../../../core/config/server-locator.js';
import { UsageError } from '../args.js';
import type { CommandSpec } from '../command-spec.js';
import { cliDiscover, parsePairs, parseTimeout, printOutcome, runWrite } from '../config-cli.js';
import type { CliContext } from '../context.js';

const UNSETTABLE = ['env', 'headers', 'cwd', 'timeout', 'description', 'args', 'enabledTools', 'disabledTools'];

/** The patch the flags describe. Throws UsageError when nothing would change. */
export function editPatch(ctx: CliContext): ServerPatch {
  const f = ctx.cli.flags;
  const patch: ServerPatch = {};
  if (typeof f.url === 'string') patch.url = f.url;
  if (ctx.cli.rest.length > 0) {
    patch.command = ctx.cli.rest[0]!;
    patch.args = ctx.cli.rest.length > 1 ? ctx.cli.rest.slice(1) : null;
  }
  const env = parsePairs(f.env, '=', '--env');
  if (env) patch.env = env;
  const headers = parsePairs(f.header, ':', '--header');
  if (headers) patch.headers = headers;
  const timeout = parseTimeout(f.timeout);
  if (timeout !== undefined) patch.timeout = timeout;
  if (typeof f.description === 'string') patch.description = f.description;
  for (const field of (f.unset as string[] | undefined) ?? []) {
    if (!UNSETTABLE.includes(field)) throw new UsageError(`--unset takes one of: ${UNSETTABLE.join(', ')}`);
    (patch as Record<string, unknown>)[field] = null;
  }
  if (Object.keys(patch).length === 0) throw new UsageError('edit: nothing to change (give --url, --env, --header, --timeout, --description, --unset or -- <command...>)');
  return patch;
}

export async function runEdit(ctx: CliContext): Promise<number> {
  const name = ctx.cli.positionals[0]!;
  const patch = editPatch(ctx);
  return runWrite(ctx, async () => {
    const { dctx, result } = await cliDiscover(ctx);
    const loc = locateServer(result, name, ctx.cli.flags.file as string | undefined);
    return printOutcome(ctx, 'Updated', name, await updateServerInFile(loc, name, patch, dctx));
  });
}

export const editCommand: CommandSpec = {
  name: 'edit',
  synopsis: 'edit <name> [--url U] [--env K=V] [--unset F] [-- <command...>]',
  summary: 'Change fields of a server in the file it lives in',
  positionals: [1, 1],
  acceptsRest: true,
  flags: {
    url: { type: 'string', help: '--url <url>       Server URL (Streamable HTTP unless --transport sse)' },
    header: { type: 'string', multiple: true, help: '--header "K: V"    HTTP header, repeatable (add, edit)' },
    env: { type: 'string', multiple: true, help: '--env K=V         Environment variable, repeatable (add, edit)' },
    timeout: { type: 'string', help: '--timeout <ms>    Timeout in milliseconds (add, edit)' },
    description: { type: 'string', help: '--description <d> One-line description (add, edit)' },
    unset: { type: 'string', multiple: true, help: '--unset <field>   Remove a field: env, headers, cwd, timeout, description, args (edit)' },
    file: { type: 'string', help: '--file <path>     Act on the definition in this file (a shadowed one)' },
  },
  run: runEdit,
};
