/**
 * `switchboard install (<name>[@version] [--registry R] | --file <server.json> | --url <url>) [--host <id>] [--package N | --remote N]
 * [--set KEY=VALUE …] [--yes] [--no-gateway] [--yes-literal-secrets] [--hide-existing]` (issue 36
 * item 3, docs/registry.md § Install): a thin client of `registry:planInstall` / `registry:install`,
 * on the running Switchboard when there is one, else on a one-shot core. `--file`/`--url` install a
 * server.json document instead of a registry entry, read and checked as `registry validate` does.
 *
 * It prints the plan — the exact command or URL, every environment variable and header name, the
 * values to fill, the file(s) it writes, warnings and the entry's post-install words (never run) —
 * and asks before installing (`--yes` answers yes; without a terminal `--yes` is required).
 * Values: `--set KEY=VALUE` (KEY an input key such as `env:API_KEY` or `arg:package:0`, or an
 * input's name when only one has it). A secret is never taken from the command line (it would stay
 * in the shell's history and the process list): `--set` of one is refused; it is typed on the
 * terminal without echo, or read from the environment variable `SWITCHBOARD_SECRET_<NAME>` (the
 * input's name, upper-cased, other characters `_`). Exit 0 installed, 2 refused or not installed
 * (declined, blocked), 64 a command-line mistake.
 */
import type { MethodInput } from '../../../../src-shared/api/contract.js';
import type { InstallInput, RegistryInstallPlan } from '../../../../src-shared/api/methods/registry-install.js';
import { HOST_IDS, HOST_LABELS, type HostId } from '../../../../src-shared/config/server.js';
import { EXIT, UsageError } from '../args.js';
import type { CommandSpec } from '../command-spec.js';
import type { CliContext } from '../context.js';
import { lineAsker } from '../answer-prompts.js';
import { confirmedOrYes } from '../confirm-yes.js';
import { printFailure } from '../output.js';
import { withOwnerOrOffline, type Caller } from '../owner-link.js';
import { PromptCancelled, readHidden } from '../read-hidden.js';
import { secretEnvName } from '../secret-env.js';

/** `name@version` split at the last `@` (registry names hold none). */
function nameAndVersion(word: string): { name: string; version?: string } {
  const at = word.lastIndexOf('@');
  return at > 0 ? { name: word.slice(0, at), version: word.slice(at + 1) } : { name: word };
}

/** A non-negative integer flag, or undefined. */
function indexFlag(value: unknown, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw new UsageError(`--${flag} takes a number (0 is the first)`);
  return Number(value);
}

/** `--set` pairs resolved to input keys; a secret one refused. */
function setValues(sets: readonly string[], inputs: readonly InstallInput[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of sets) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--set takes KEY=VALUE; got "${pair}"`);
    const key = pair.slice(0, eq);
    const byKey = inputs.find((i) => i.key === key);
    const byName = inputs.filter((i) => i.name === key || i.name.replace(/^-+/, '') === key);
    const input = byKey ?? (byName.length === 1 ? byName[0] : undefined);
    if (!input) {
      const why = byName.length > 1 ? `several inputs are named "${key}": use one of ${byName.map((i) => i.key).join(', ')}` : `the plan asks for no "${key}"`;
      throw new UsageError(`--set ${key}: ${why} (it asks for: ${inputs.filter((i) => !i.fixed).map((i) => i.key).join(', ') || 'nothing'})`);
    }
    if (input.secret) {
      throw new UsageError(`--set ${key}: "${input.name}" is a secret and is never taken from the command line (shell history, process lists); type it when asked, or set ${secretEnvName(input.name)}`);
    }
    if (input.fixed) throw new UsageError(`--set ${key}: "${input.name}" is fixed by the entry and cannot be changed`);
    out[input.key] = pair.slice(eq + 1);
  }
  return out;
}

/** The plan in words. */
function printPlan(ctx: CliContext, plan: RegistryInstallPlan): void {
  const o = plan.origin;
  ctx.io.out(`Install "${plan.name}" from ${o.registry}: ${o.name} ${o.version}${plan.status && plan.status !== 'active' ? ` (${plan.status})` : ''}`);
  if (plan.commandLine !== undefined) ctx.io.out(`  Runs:     ${plan.commandLine}`);
  if (plan.url !== undefined) ctx.io.out(`  Contacts: ${plan.url}`);
  for (const e of plan.env) ctx.io.out(`  env ${e.name}=${e.value}${e.secret ? ' (secret: kept in the secret store)' : ''}`);
  for (const h of plan.headers) ctx.io.out(`  header ${h.name}: ${h.value}${h.secret ? ' (secret: kept in the secret store)' : ''}`);
  for (const i of plan.inputs.filter((x) => !x.fixed)) {
    ctx.io.out(`  value ${i.key}${i.required ? ' (required)' : ''}${i.secret ? ' (secret)' : ''}${i.default !== undefined ? ` default ${i.default}` : ''}${i.description ? ` — ${i.description}` : ''}`);
  }
  for (const f of plan.files) ctx.io.out(`  ${f.what === 'definition' ? 'Writes' : f.what === 'gateway-entry' ? `Gateway entry for ${HOST_LABELS[f.host ?? 'switchboard']} in` : 'Unpacks into'} ${f.path}`);
  for (const w of plan.warnings) ctx.io.err(`  ! ${w}`);
  if (plan.postInstallInstructions !== undefined) ctx.io.out(`  The entry's instructions (shown, not run):\n${plan.postInstallInstructions}`);
}

/**
 * Ask for what the plan still lacks: `phase` `'values'` — each required non-secret value without a
 * default (asked before planning again, since the command shown holds them); `'secrets'` — each
 * secret, from `SWITCHBOARD_SECRET_<NAME>`, else typed hidden on the terminal (asked only after the
 * plan is printed). Without a terminal a required one that is missing is a `UsageError`.
 */
async function fillValues(ctx: CliContext, plan: RegistryInstallPlan, values: Record<string, string>, phase: 'values' | 'secrets'): Promise<Record<string, string>> {
  const out = { ...values };
  const tty = process.stdin.isTTY === true;
  let asker: ReturnType<typeof lineAsker> | undefined;
  try {
    for (const input of plan.inputs) {
      if (input.fixed || out[input.key] !== undefined || input.secret !== (phase === 'secrets')) continue;
      if (input.secret) {
        const fromEnv = ctx.platform.env[secretEnvName(input.name)];
        if (fromEnv !== undefined && fromEnv !== '') out[input.key] = fromEnv;
        else if (tty) {
          try {
            const typed = await readHidden(process.stdin, process.stderr, `${input.name}${input.required ? '' : ' (Enter to leave it out)'} — secret, not shown as you type: `);
            if (typed !== '') out[input.key] = typed;
          } catch (err) {
            if (err instanceof PromptCancelled) throw new UsageError('Cancelled: nothing was installed');
            throw err;
          }
        } else if (input.required) throw new UsageError(`${input.name} is a required secret: type it on a terminal, or set ${secretEnvName(input.name)}`);
        continue;
      }
      if (!input.required || input.default !== undefined) continue;
      if (!tty) throw new UsageError(`${input.name} is required: give it with --set ${input.key}=<value>`);
      asker ??= lineAsker(process.stdin, ctx.io);
      const line = await asker.ask(`${input.name}${input.description ? ` (${input.description})` : ''}: `);
      if (line !== undefined && line.trim() !== '') out[input.key] = line.trim();
    }
  } finally {
    asker?.close();
  }
  return out;
}

export async function runInstall(ctx: CliContext): Promise<number> {
  const { flags } = ctx.cli;
  const docFile = typeof flags.file === 'string' ? flags.file : undefined;
  const docUrl = typeof flags.url === 'string' ? flags.url : undefined;
  const word = ctx.cli.positionals[0];
  if ((word !== undefined ? 1 : 0) + (docFile !== undefined ? 1 : 0) + (docUrl !== undefined ? 1 : 0) !== 1) {
    throw new UsageError('install: give one entry name, or --file <server.json>, or --url <url of a server.json>');
  }
  if ((docFile !== undefined || docUrl !== undefined) && flags.registry !== undefined) throw new UsageError('install: --file and --url take no --registry');
  // A document's own name is used; `name` is only the contract's required field then.
  const { name, version } = word !== undefined ? nameAndVersion(word) : { name: 'server.json', version: undefined };
  const host = flags.host;
  if (host !== undefined && (typeof host !== 'string' || !(HOST_IDS as readonly string[]).includes(host))) throw new UsageError(`install: unknown host "${String(host)}" (one of: ${HOST_IDS.join(', ')})`);
  const pkg = indexFlag(flags.package, 'package');
  const remote = indexFlag(flags.remote, 'remote');
  if (pkg !== undefined && remote !== undefined) throw new UsageError('install: give --package or --remote, not both');
  const target = {
    name,
    ...(version !== undefined ? { version } : {}),
    ...(typeof flags.registry === 'string' ? { registry: flags.registry } : {}),
    ...(host !== undefined ? { host: host as HostId } : {}),
    ...(pkg !== undefined ? { package: pkg } : {}),
    ...(remote !== undefined ? { remote } : {}),
    ...(docFile !== undefined ? { file: docFile } : {}),
    ...(docUrl !== undefined ? { url: docUrl } : {}),
  };
  const gateway = flags['no-gateway'] !== true;
  return withOwnerOrOffline(ctx, (call) => installThrough(ctx, call, target, gateway));
}

/**
 * The install dialogue over `call` (the running Switchboard's or a one-shot core's): plan (values
 * not secret asked first, since the command shown holds them), print the plan, then ask for the
 * secrets, then confirm, then install. Every plan made is cancelled on every way out but a done
 * install (a refusal, a usage error, a failed prompt), so none is left pending in a running core (a failed `registry:install` keeps its plan otherwise).
 */
export async function installThrough(ctx: CliContext, call: Caller, target: Omit<MethodInput<'registry:planInstall'>, 'gateway' | 'values'>, gateway: boolean): Promise<number> {
  const { flags } = ctx.cli;
  const sets = Array.isArray(flags.set) ? (flags.set as string[]) : [];
  const first = await call('registry:planInstall', { ...target, gateway });
  if (!first.ok) return printFailure(ctx, first.error);
  await call('registry:cancelInstall', { id: first.data.id });
  const shown = await fillValues(ctx, first.data, setValues(sets, first.data.inputs), 'values');
  // Planned again with the values that may be shown, so the command printed is the one written.
  const planned = await call('registry:planInstall', { ...target, gateway, values: shown });
  if (!planned.ok) return printFailure(ctx, planned.error);
  const plan = planned.data;
  let installed = false;
  try {
    if (ctx.cli.json) ctx.io.err(JSON.stringify(plan, null, 2));
    else printPlan(ctx, plan);
    if (plan.blocked !== undefined) {
      ctx.io.err(plan.blocked);
      return EXIT.FAILURE;
    }
    if (plan.plainTextInputs.length > 0) {
      ctx.io.err(`  ! The definition holds ${plan.plainTextInputs.join(', ')} as plain text (a command line or URL cannot hold a keychain reference).`);
      if (flags['yes-literal-secrets'] !== true) throw new UsageError('Not installed: writing secrets as plain text needs --yes-literal-secrets');
    }
    if (!gateway && plan.literalSecretsWithoutGateway.length > 0) {
      ctx.io.err(`  ! Without the gateway, ${HOST_LABELS[plan.host ?? 'switchboard']}'s file receives ${plan.literalSecretsWithoutGateway.join(', ')} as plain text.`);
      if (flags['yes-literal-secrets'] !== true) throw new UsageError('Not installed: writing secrets into the host\'s file needs --yes-literal-secrets (or keep the gateway)');
    }
    const values = await fillValues(ctx, plan, shown, 'secrets');
    if (!(await confirmedOrYes(ctx, `Install "${plan.name}"?`, 'Not installed: give --yes to install without a terminal to ask on'))) {
      ctx.io.err('Not installed.');
      return EXIT.FAILURE;
    }
    const done = await call('registry:install', {
      id: plan.id,
      values,
      gateway,
      ...(flags['yes-literal-secrets'] === true ? { confirmLiteralSecrets: true } : {}),
      ...(flags['hide-existing'] === true ? { confirmShadow: true } : {}),
    });
    installed = done.ok;
    if (!done.ok) return printFailure(ctx, done.error);
    if (ctx.cli.json) ctx.io.out(JSON.stringify(done.data, null, 2));
    else {
      ctx.io.out(`Installed "${done.data.name}" (${done.data.origin.name} ${done.data.origin.version})`);
      for (const w of done.data.written) ctx.io.out(`  wrote ${w.path}${w.what === 'gateway-entry' ? ` (gateway entry for ${HOST_LABELS[w.host ?? 'switchboard']})` : w.what === 'bundle' ? ' (bundle)' : ''}`);
    }
    for (const n of done.data.notes) ctx.io.err(n);
    return EXIT.OK;
  } finally {
    if (!installed) await call('registry:cancelInstall', { id: plan.id });
  }
}

export const installCommand: CommandSpec = {
  name: 'install',
  synopsis: 'install (<name>[@version] [--registry R] | --file <server.json> | --url <url>) [--host <id>] [--package N | --remote N] [--set KEY=VALUE …] [--yes]',
  summary: 'Install a server from an MCP Registry: shows the exact command and files, asks first; secrets to the secret store',
  positionals: [0, 1],
  flags: {
    registry: { type: 'string', help: '--registry <R>    The registry, by name or URL (default: the first configured that has it)' },
    file: { type: 'string', help: '--file <path>     Install from a server.json file (checked as registry validate; refused when invalid)' },
    url: { type: 'string', help: '--url <url>       Install from a server.json at an http(s) URL (checked the same way)' },
    host: { type: 'string', help: "--host <id>       Install for a host: a gateway entry of the same name in its file" },
    package: { type: 'string', help: '--package <N>     Which package of the entry (0 is the first)' },
    remote: { type: 'string', help: '--remote <N>      Which remote of the entry (0 is the first)' },
    set: { type: 'string', multiple: true, help: '--set KEY=VALUE   A value of the plan (not a secret: those are asked, or read from SWITCHBOARD_SECRET_<NAME>)' },
    yes: { type: 'boolean', help: '--yes             Install without asking' },
    'no-gateway': { type: 'boolean', help: "--no-gateway      Write the definition into the host's file itself" },
    'yes-literal-secrets': { type: 'boolean', help: "--yes-literal-secrets  Secrets may be written as plain text (a secret argument or URL part; with --no-gateway the host's file)" },
    'hide-existing': { type: 'boolean', help: '--hide-existing   Install even though a server of that name in another host is hidden' },
  },
  run: runInstall,
};
