/**
 * `switchboard add <name> (--url <url> | -- <command...>)`: quick add (docs/operator-verbs.md) to Switchboard's
 * own `servers.json` (or `--host <id> [--scope s]`), in that host's shape. `--token` is kept in the
 * OS keychain and the file gets `Authorization: Bearer ${secret:<name>-token}` (docs/auth.md); so does a
 * literal secret in `--header` / `--env` (`${secret:<name>-<key>}`), and another host's file gets
 * one only with `--allow-literal-secrets`.
 * Errors (docs/operator-verbs.md words): `Use either --url or -- <command...>, not both.`, `--token requires
 * --url (HTTP/SSE transport).`, `Invalid server config: …`, `Server "<name>" already exists in <path>`.
 */
import type { MCPServer } from '../../../../src-shared/config/server.js';
import { invalidConfigMessage, MAX_SERVER_NAME_LENGTH, validateServerConfig, validateServerName } from '../../../../src-shared/config/validate.js';
import { UsageError } from '../args.js';
import type { CommandSpec } from '../command-spec.js';
import { parseHost, parsePairs, parseScope, parseTimeout, runWrite } from '../config-cli.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { runAddFromCard } from './add-from-card.js';

/** The server a quick add describes (flags validated; throws UsageError). */
export function quickAddServer(ctx: CliContext): MCPServer {
  const f = ctx.cli.flags;
  const name = ctx.cli.positionals[0]!;
  const url = f.url as string | undefined;
  const rest = ctx.cli.rest;
  if (url !== undefined && rest.length > 0) throw new UsageError('Use either --url or -- <command...>, not both.');
  if (f.token !== undefined && url === undefined) throw new UsageError('--token requires --url (HTTP/SSE transport).');
  if (url === undefined && rest.length === 0) throw new UsageError('add needs --url <url> or -- <command...>');
  const transport = f.transport as string | undefined;
  if (transport !== undefined && !['http', 'sse', 'stdio'].includes(transport)) throw new UsageError('--transport must be http or sse');
  if (transport === 'stdio' && url !== undefined) throw new UsageError('Use either --url or -- <command...>, not both.');
  const server: MCPServer = url !== undefined
    ? { name, transport: (transport as 'http' | 'sse' | undefined) ?? 'http', url, enabled: true }
    : { name, transport: 'stdio', command: rest[0]!, ...(rest.length > 1 ? { args: rest.slice(1) } : {}), enabled: true };
  const env = parsePairs(f.env, '=', '--env');
  const headers = parsePairs(f.header, ':', '--header');
  if (env) server.env = env;
  if (headers) {
    if (url === undefined) throw new UsageError('--header requires --url (HTTP/SSE transport).');
    server.headers = headers;
  }
  const timeout = parseTimeout(f.timeout);
  if (timeout !== undefined) server.timeout = timeout;
  if (typeof f.description === 'string') server.description = f.description;
  if (f.disabled === true) server.enabled = false;
  return server;
}

/** `switchboard add …`: the `config:add` contract call (the keychain and literal-secret rules are the handler's). */
export async function runAdd(ctx: CliContext): Promise<number> {
  // Issue 36 item 5: `--from <url-or-domain>` prefills from a Server Card (add-from-card.ts).
  if (typeof ctx.cli.flags.from === 'string') return runAddFromCard(ctx, ctx.cli.flags.from);
  if (ctx.cli.positionals.length === 0) throw new UsageError(`"add" needs more arguments: switchboard ${addCommand.synopsis}`);
  const { name, ...server } = quickAddServer(ctx);
  // A name the file cannot hold is a usage error (64), said before anything is written (attack pass: it
  // exited 2), in the documented words (docs/operator-verbs.md#error-strings).
  const badName = validateServerName(name);
  // A name too long is not repeated (its message already says "(got <length>)"; issue 28 item 10).
  // Quoted as JSON: a newline or other control character in it is shown escaped, not acted on.
  const got = name.length > MAX_SERVER_NAME_LENGTH ? '' : ` (got ${JSON.stringify(name)})`;
  if (badName) return printFailure(ctx, { code: 'BAD_REQUEST', message: `Invalid server config: ${badName}${got}` });
  // So is a URL that is no http(s) address (`--url notaurl` was written): the shared rule, said before the call.
  const shape = validateServerConfig({ transport: server.transport, command: server.command, url: server.url });
  if (!shape.ok) return printFailure(ctx, { code: 'BAD_REQUEST', message: invalidConfigMessage(shape.errors) });
  const host = parseHost(ctx.cli.flags.host) ?? 'switchboard';
  const scope = parseScope(ctx.cli.flags.scope);
  const token = ctx.cli.flags.token as string | undefined;
  if (token !== undefined && host !== 'switchboard') throw new UsageError('--token is kept in the keychain and referenced from Switchboard\'s own servers.json; use it without --host');
  return runWrite(ctx, 'Added', name, (call) =>
    call('config:add', {
      name,
      server,
      ...(host !== 'switchboard' || scope !== undefined ? { target: { host, ...(scope !== undefined ? { scope } : {}) } } : {}),
      ...(token !== undefined ? { token } : {}),
      ...(ctx.cli.flags['allow-literal-secrets'] === true ? { allowLiteralSecrets: true } : {}),
    }),
  );
}

export const addCommand: CommandSpec = {
  name: 'add',
  synopsis: 'add <name> (--url U | -- <command...>) | add [<name>] --from <url-or-domain>',
  summary: 'Add a server (default: Switchboard\'s own servers.json; --host writes another host\'s file)',
  positionals: [0, 1],
  acceptsRest: true,
  flags: {
    url: { type: 'string', help: '--url <url>       Server URL (Streamable HTTP unless --transport sse)' },
    from: { type: 'string', help: '--from <url>      Prefill from the Server Card of a URL or domain (add)' },
    var: { type: 'string', multiple: true, help: '--var K=V         A Server Card URL variable, repeatable (add --from)' },
    transport: { type: 'string', help: '--transport <t>   http or sse (add)' },
    header: { type: 'string', multiple: true, help: '--header "K: V"    HTTP header, repeatable (add, edit)' },
    env: { type: 'string', multiple: true, help: '--env K=V         Environment variable, repeatable (add, edit)' },
    token: { type: 'string', help: '--token <t>       Bearer token, kept in the OS keychain (add)' },
    timeout: { type: 'string', help: '--timeout <ms>    Timeout in milliseconds (add, edit)' },
    description: { type: 'string', help: '--description <d> One-line description (add, edit)' },
    disabled: { type: 'boolean', help: '--disabled        Add it disabled (add)' },
    host: { type: 'string', help: '--host <id>       Host whose file to use (add, servers)' },
    scope: { type: 'string', help: '--scope <s>       user, project, local or app (add, import, export)' },
    'allow-literal-secrets': { type: 'boolean', help: '--allow-literal-secrets  Write secrets literally where the target has no reference syntax' },
    yes: { type: 'boolean', help: '--yes             Add from the Server Card without asking (add --from)' },
  },
  run: runAdd,
};
