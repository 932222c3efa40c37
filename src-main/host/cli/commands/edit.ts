/**
 * `switchboard edit <name> [--url U] [--env K=V]… [--unset-env K]… [--header "K: V"]…
 * [--unset-header K]… [--timeout ms] [--description D] [--unset field]… [-- <command...>]`: change
 * fields of a server in the file it lives in; only the changed keys are written, comments and
 * unknown keys stay (docs/operator-verbs.md). `--env` / `--header` set or replace those keys and keep the others;
 * `--unset-env K` / `--unset-header K` (or `--unset env.K`) remove one. The output lists the fields
 * written and those the host's file has no place for; nothing written exits 2.
 */
import type { MethodInput } from '../../../../src-shared/api/contract.js';
import type { WriteOutcome } from '../../../../src-shared/api/config.js';
import { UsageError } from '../args.js';
import type { CommandSpec } from '../command-spec.js';
import { parsePairs, parseTimeout, runWrite } from '../config-cli.js';
import type { CliContext } from '../context.js';
import { ProtocolModeSchema, type ProtocolMode } from '../../../../src-shared/config/server.js';

/** The fields `edit` changes: `config:update`'s patch, plus `protocol` (`servers:setProtocol`; null = auto). */
export type EditPatch = MethodInput<'config:update'>['patch'] & { protocol?: ProtocolMode | null };

const UNSETTABLE = ['env', 'headers', 'cwd', 'timeout', 'description', 'args', 'enabledTools', 'disabledTools'];

const list = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : typeof v === 'string' ? [v] : []);

/** The patch the flags describe. Throws UsageError when nothing would change. */
export function editPatch(ctx: CliContext): EditPatch {
  const f = ctx.cli.flags;
  const patch: EditPatch = {};
  if (typeof f.url === 'string') patch.url = f.url;
  if (ctx.cli.rest.length > 0) {
    patch.command = ctx.cli.rest[0]!;
    patch.args = ctx.cli.rest.length > 1 ? ctx.cli.rest.slice(1) : null;
  }
  // --env / --header merge: the keys given are set, the others in the file stay.
  const env: Record<string, string | null> = { ...parsePairs(f.env, '=', '--env') };
  const headers: Record<string, string | null> = { ...parsePairs(f.header, ':', '--header') };
  for (const k of list(f['unset-env'])) env[k] = null;
  for (const k of list(f['unset-header'])) headers[k] = null;
  const timeout = parseTimeout(f.timeout);
  if (timeout !== undefined) patch.timeout = timeout;
  if (typeof f.description === 'string') patch.description = f.description;
  if (f.protocol !== undefined) {
    const mode = ProtocolModeSchema.safeParse(f.protocol);
    if (!mode.success) throw new UsageError(`--protocol takes auto, 2026-07-28 or legacy, got "${String(f.protocol)}"`);
    // `auto` is the default: removed from the file rather than written.
    patch.protocol = mode.data === 'auto' ? null : mode.data;
  }
  for (const field of list(f.unset)) {
    const key = /^(env|headers)\.(.+)$/.exec(field);
    if (key) (key[1] === 'env' ? env : headers)[key[2]!] = null;
    else if (UNSETTABLE.includes(field)) (patch as Record<string, unknown>)[field] = null;
    else throw new UsageError(`--unset takes one of: ${UNSETTABLE.join(', ')}, env.<KEY> or headers.<KEY>`);
  }
  if (Object.keys(env).length > 0) {
    if (patch.env === null) throw new UsageError('--unset env removes every variable; do not combine it with --env or --unset-env');
    patch.env = env;
  }
  if (Object.keys(headers).length > 0) {
    if (patch.headers === null) throw new UsageError('--unset headers removes every header; do not combine it with --header or --unset-header');
    patch.headers = headers;
  }
  if (Object.keys(patch).length === 0) throw new UsageError('edit: nothing to change (give --url, --env, --header, --unset-env, --unset-header, --timeout, --description, --protocol, --unset or -- <command...>)');
  return patch;
}

/**
 * `switchboard edit …`: `servers:setProtocol` for `--protocol` (another host's file keeps it in
 * Switchboard's state), then `config:update` for the other fields — contract calls, so the literal
 * secret rule and the file write are the handlers' (issue 11 item 1).
 */
export async function runEdit(ctx: CliContext): Promise<number> {
  const name = ctx.cli.positionals[0]!;
  const { protocol, ...patch } = editPatch(ctx);
  const file = ctx.cli.flags.file as string | undefined;
  const ref = { name, ...(file ? { file } : {}) };
  return runWrite(ctx, 'Updated', name, async (call) => {
    const proto = protocol !== undefined ? await call('servers:setProtocol', { ...ref, protocol: protocol ?? 'auto' }) : undefined;
    if (proto && !proto.ok) return proto;
    if (Object.keys(patch).length === 0) return proto!;
    const out = await call('config:update', { ...ref, patch, ...(ctx.cli.flags['allow-literal-secrets'] === true ? { allowLiteralSecrets: true } : {}) });
    if (!out.ok || !proto?.ok) return out;
    const both: WriteOutcome = { ...out.data, written: [...(out.data.written ?? []), 'protocol'], notes: [...out.data.notes, ...(proto.data.switchboardOnly ? proto.data.notes : [])] };
    return { ok: true, data: both };
  });
}

export const editCommand: CommandSpec = {
  name: 'edit',
  synopsis: 'edit <name> [--url U] [--env K=V] [--unset-env K] [--header "K: V"] [--unset F] [-- <command...>]',
  summary: 'Change fields of a server in the file it lives in',
  positionals: [1, 1],
  acceptsRest: true,
  flags: {
    url: { type: 'string', help: '--url <url>       Server URL (Streamable HTTP unless --transport sse)' },
    header: { type: 'string', multiple: true, help: '--header "K: V"    HTTP header, repeatable; edit sets/replaces only these keys (add, edit)' },
    'unset-header': { type: 'string', multiple: true, help: '--unset-header K  Remove one header, repeatable (edit)' },
    env: { type: 'string', multiple: true, help: '--env K=V         Environment variable, repeatable; edit sets/replaces only these keys (add, edit)' },
    'unset-env': { type: 'string', multiple: true, help: '--unset-env K     Remove one environment variable, repeatable (edit)' },
    timeout: { type: 'string', help: '--timeout <ms>    Timeout in milliseconds (add, edit)' },
    description: { type: 'string', help: '--description <d> One-line description (add, edit)' },
    protocol: { type: 'string', help: '--protocol <p>    auto (probe, then fall back), 2026-07-28 (pinned) or legacy (2025 handshake) (edit)' },
    unset: { type: 'string', multiple: true, help: '--unset <field>   Remove a field (env, headers, cwd, timeout, description, args) or one key (env.K, headers.K) (edit)' },
    'allow-literal-secrets': { type: 'boolean', help: '--allow-literal-secrets  Write secrets literally where the target has no reference syntax' },
    file: { type: 'string', help: '--file <path>     Act on the definition in this file (a shadowed one)' },
  },
  run: runEdit,
};
