/**
 * An MCP Registry entry's package or remote mapped to the exact launch Switchboard would write
 * (issue 36 item 3, docs/registry.md § Install). Pure: the values come in, nothing is looked up.
 *
 * - **Runner by registry type**, `runtimeHint` winning when given: npm → `npx -y <id>@<version>`
 *   (a mirror `registryBaseUrl` → `--registry=<url>`), PyPI → `uvx <id>@<version>` (a mirror →
 *   `--index-url <url>/simple`), NuGet → `dnx <id>@<version> --yes` (a mirror → `--source <url>`,
 *   package arguments after `--`), OCI → `docker run -i --rm [runtime args] -e NAME… <image>[:<version>]`
 *   (each environment variable passed by name, so its value never stands on the command line; a
 *   mirror host prefixed to an image that names none). `runtimeArguments` go after the runner's
 *   own flags, `packageArguments` after the package.
 * - **Inputs**: every environment variable, header, argument and URL variable is an input keyed
 *   `env:NAME`, `header:Name`, `arg:runtime:<i>`, `arg:package:<i>`, `var:<name>`; a variable of
 *   one of them `<its key>:<variable>`. A fixed `value` is shown (`fixed`), `{name}` in it replaced
 *   by its variables (an unknown one stays, as the schema says). A value not given falls back to
 *   the entry's `default`; a required one still missing is listed in `missing` and shown as
 *   `<name>`. Named arguments are two items (`--port`, `8080`); an optional one with no value is
 *   left out.
 * - **Secrets**: an input marked `isSecret` (or one of its variables) marks its environment
 *   variable or header secret (the caller keeps it in the keychain); a secret argument or URL
 *   variable has nowhere else to go (a command line and a URL hold no keychain reference): it is
 *   masked in what is shown and listed in `literalSecrets` (written only with an explicit yes).
 * - A package whose transport is `streamable-http`/`sse` is run and reached at its URL template,
 *   `{name}` filled from its arguments' value hints and names and its environment variables (the
 *   schema's rule); `launch` holds what runs and `url` where it answers.
 */
import { MASKED } from './install-requests.js';
import type { InstallInput } from '../../../src-shared/api/methods/registry-install.js';
import type { EntryArgument, EntryInput, EntryInputWithVariables, EntryKeyValue, EntryPackage, EntryTransport } from './registry-entry.js';
import { manifestLaunch, userConfigInputs, type BundleManifest } from './mcpb-bundle.js';

/** The runner each registry type uses when the entry gives no `runtimeHint`. */
export const DEFAULT_RUNNERS: Readonly<Record<string, string>> = { npm: 'npx', pypi: 'uvx', nuget: 'dnx', oci: 'docker' };

/** Each registry's own base URL: a `registryBaseUrl` other than these is a mirror. */
const DEFAULT_BASES: Readonly<Record<string, string[]>> = {
  npm: ['https://registry.npmjs.org'],
  pypi: ['https://pypi.org'],
  nuget: ['https://api.nuget.org/v3/index.json', 'https://api.nuget.org'],
  oci: ['https://docker.io', 'https://registry-1.docker.io', 'https://index.docker.io'],
};

/** How to get each runner when it is not on PATH. */
export const RUNNER_HELP: Readonly<Record<string, string>> = {
  npx: 'npx comes with Node.js: install Node.js from https://nodejs.org',
  uvx: 'uvx comes with uv: install it from https://docs.astral.sh/uv/getting-started/installation/',
  dnx: 'dnx comes with the .NET 10 SDK: install it from https://dotnet.microsoft.com/download',
  docker: 'install Docker from https://docs.docker.com/get-docker/ and start it',
  node: 'install Node.js from https://nodejs.org',
  python3: 'install Python 3 from https://www.python.org/downloads/',
  uv: 'install uv from https://docs.astral.sh/uv/getting-started/installation/',
};

/** What a package or remote maps to. Values are final (secrets included); `shownArgs` masks the secret ones. */
export interface MappedInstall {
  transport: 'stdio' | 'http' | 'sse';
  command?: string;
  args: string[];
  /** `args` with secret values masked, for showing. */
  shownArgs: string[];
  env: Record<string, string>;
  url?: string;
  /** `url` with secret URL variables masked, for showing (only when it differs). */
  shownUrl?: string;
  headers: Record<string, string>;
  /**
   * Secret values the definition would hold as plain text wherever it is written (a secret
   * argument, a secret URL variable: neither can hold a keychain reference), as `argument
   * <label>` / `URL variable <name>`. The install refuses them without `confirmLiteralSecrets`.
   */
  literalSecrets: string[];
  /** Names of env vars and headers whose value is secret (kept in the keychain). */
  secretEnv: string[];
  secretHeaders: string[];
  inputs: InstallInput[];
  /** Keys of required inputs with no value. */
  missing: string[];
  /** Values refused (not one of the choices, not a number…), one sentence each. */
  problems: string[];
  warnings: string[];
  /** The program that must be on PATH. */
  runner?: string;
  /** A package that serves HTTP: the process to start before `url` answers. */
  launch?: { command: string; args: string[] };
}

/** Values the person gave, by input key. */
export type InputValues = Readonly<Record<string, string>>;

/** `{name}` in `text` replaced from `vars` (an unknown name stays as written). */
export function fillTemplate(text: string, vars: (name: string) => string | undefined): string {
  return text.replace(/\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g, (whole, name: string) => vars(name) ?? whole);
}

/** Collects inputs and resolves values. */
class Inputs {
  readonly list: InstallInput[] = [];
  readonly missing: string[] = [];
  readonly problems: string[] = [];
  readonly secretValues = new Set<string>();
  readonly literalSecrets: string[] = [];

  constructor(private readonly values: InputValues) {}

  /** A value given for `key` ('' counts as not given). */
  given(key: string): string | undefined {
    const v = this.values[key];
    return v === undefined || v === '' ? undefined : v;
  }

  /** Resolve one input (and its variables); undefined when it has no value and is optional. Secret-ness in `.secret`. */
  resolve(key: string, kind: InstallInput['kind'], name: string, input: EntryInputWithVariables): { value?: string; secret: boolean } {
    let secret = input.isSecret === true;
    const vars = new Map<string, string>();
    for (const [v, def] of Object.entries(input.variables ?? {})) {
      const r = this.leaf(`${key}:${v}`, 'variable', v, def);
      if (r.secret) secret = true;
      if (r.value !== undefined) vars.set(v, r.value);
    }
    if (input.value !== undefined) {
      this.list.push(this.describe(key, kind, name, input, { fixed: true, default: input.value }));
      const value = fillTemplate(input.value, (n) => vars.get(n));
      if (secret) this.secretValues.add(value);
      return { value, secret };
    }
    const r = this.leaf(key, kind, name, input);
    return { ...(r.value !== undefined ? { value: r.value } : {}), secret: secret || r.secret };
  }

  /** One input without variables. */
  leaf(key: string, kind: InstallInput['kind'], name: string, input: EntryInput): { value?: string; secret: boolean } {
    const secret = input.isSecret === true;
    const fixed = input.value !== undefined;
    this.list.push(this.describe(key, kind, name, input, fixed ? { fixed: true, default: input.value } : input.default !== undefined ? { default: input.default } : {}));
    const value = fixed ? input.value : (this.given(key) ?? input.default);
    if (value === undefined) {
      if (input.isRequired === true) this.missing.push(key);
      return { secret };
    }
    this.check(key, name, input, value);
    if (secret) this.secretValues.add(value);
    return { value, secret };
  }

  private check(key: string, name: string, input: EntryInput, value: string): void {
    if (input.choices && input.choices.length > 0 && !input.choices.includes(value)) this.problems.push(`${name} must be one of ${input.choices.join(', ')} (${key})`);
    if (input.format === 'number' && !/^-?\d+(\.\d+)?$/.test(value)) this.problems.push(`${name} must be a number (${key})`);
    if (input.format === 'boolean' && value !== 'true' && value !== 'false') this.problems.push(`${name} must be true or false (${key})`);
  }

  private describe(key: string, kind: InstallInput['kind'], name: string, input: EntryInput, extra: { fixed?: boolean; default?: string }): InstallInput {
    const format = (['string', 'number', 'boolean', 'filepath'] as const).find((f) => f === input.format);
    const secret = input.isSecret === true;
    return {
      key,
      kind,
      name,
      ...(input.description !== undefined ? { description: input.description } : {}),
      required: input.isRequired === true,
      secret,
      ...(extra.default !== undefined ? { default: secret ? MASKED : extra.default } : {}),
      ...(extra.fixed ? { fixed: true } : {}),
      ...(input.choices && input.choices.length > 0 ? { choices: input.choices } : {}),
      ...(format ? { format } : {}),
    };
  }
}

/** The command-line items of arguments (`which` = runtime | package); unfilled required ones shown as `<name>`. */
function argItems(inputs: Inputs, which: 'runtime' | 'package', list: readonly EntryArgument[] | undefined, hints: Map<string, string>): string[] {
  const out: string[] = [];
  (list ?? []).forEach((arg, i) => {
    const label = arg.type === 'named' ? (arg.name ?? `argument ${i + 1}`) : (arg.valueHint ?? `argument ${i + 1}`);
    const r = inputs.resolve(`arg:${which}:${i}`, 'argument', label, arg);
    // Named whether filled or not (the plan names every secret it would write in plain text).
    if (r.secret && (r.value !== undefined || arg.isRequired === true)) inputs.literalSecrets.push(`argument ${label}`);
    if (r.value !== undefined) {
      if (arg.valueHint !== undefined) hints.set(arg.valueHint, r.value);
      if (arg.name !== undefined) hints.set(arg.name.replace(/^-+/, ''), r.value);
    }
    const value = r.value ?? (arg.isRequired === true ? `<${label}>` : undefined);
    if (arg.type === 'named') {
      if (value !== undefined && arg.name !== undefined) out.push(arg.name, value);
    } else if (value !== undefined) out.push(value);
  });
  return out;
}

/** Env vars or headers resolved: the map, the secret names, and template values by name. */
function keyValues(inputs: Inputs, prefix: 'env' | 'header', list: readonly EntryKeyValue[] | undefined, hints: Map<string, string>): { map: Record<string, string>; secret: string[] } {
  const map: Record<string, string> = {};
  const secret: string[] = [];
  for (const kv of list ?? []) {
    if (typeof kv.name !== 'string' || kv.name === '' || kv.name === '__proto__') continue;
    const r = inputs.resolve(`${prefix}:${kv.name}`, prefix === 'env' ? 'env' : 'header', kv.name, kv);
    // Secret whether filled or not: the plan names every secret a host would otherwise hold.
    if (r.secret) secret.push(kv.name);
    // A required one not filled yet is shown as `<NAME>` (the install refuses until it is given).
    if (r.value === undefined) {
      if (kv.isRequired === true && kv.value === undefined) map[kv.name] = `<${kv.name}>`;
      continue;
    }
    map[kv.name] = r.value;
    hints.set(kv.name, r.value);
  }
  return { map, secret };
}

/** Whether `base` is a mirror of `registryType`'s own registry. */
function mirrorOf(registryType: string, base: string | undefined): string | undefined {
  if (base === undefined || base.trim() === '') return undefined;
  const trimmed = base.trim().replace(/\/+$/, '');
  return (DEFAULT_BASES[registryType] ?? []).includes(trimmed) ? undefined : trimmed;
}

/** Whether an OCI identifier carries its own tag or digest (`image:1.2`, `image@sha256:…`; a registry host's `:port` is not one). */
function imageTagged(identifier: string): boolean {
  const lastPart = identifier.split('/').pop() ?? identifier;
  return identifier.includes('@') || lastPart.includes(':');
}

/** An OCI image reference: the version as tag unless it carries one; a mirror host prefixed when it names none. */
function imageRef(identifier: string, version: string | undefined, mirror: string | undefined): string {
  const tagged = imageTagged(identifier);
  let ref = tagged || version === undefined ? identifier : `${identifier}:${version}`;
  const first = identifier.split('/')[0] ?? '';
  const namesHost = identifier.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost');
  if (mirror !== undefined && !namesHost) ref = `${mirror.replace(/^https?:\/\//, '')}/${ref}`;
  return ref;
}

/**
 * Map a package (not `mcpb`: see mcpb-bundle.ts) to its launch; `blocked` when its type has no
 * runner Switchboard knows and the entry names none (the plan shows why; nothing is installed).
 */
export function mapPackage(pkg: EntryPackage, values: InputValues): MappedInstall & { blocked?: string } {
  const inputs = new Inputs(values);
  const warnings: string[] = [];
  const hints = new Map<string, string>();
  const runtime = argItems(inputs, 'runtime', pkg.runtimeArguments, hints);
  const packageArgs = argItems(inputs, 'package', pkg.packageArguments, hints);
  const env = keyValues(inputs, 'env', pkg.environmentVariables, hints);
  const type = pkg.registryType;
  const runner = pkg.runtimeHint?.trim() || DEFAULT_RUNNERS[type];
  const mirror = mirrorOf(type, pkg.registryBaseUrl);
  const version = pkg.version?.trim() || undefined;
  if (version === undefined && !(runner === 'docker' && imageTagged(pkg.identifier))) warnings.push('The entry names no package version: the newest one is run each time the server starts.');
  const spec = version === undefined ? pkg.identifier : `${pkg.identifier}@${version}`;
  let args: string[];
  if (runner === undefined) {
    return { ...empty(inputs, warnings), blocked: `Packages of type "${type}" cannot be installed: there is no runner for them (the entry gives no runtimeHint). Nothing was written.` };
  } else if (runner === 'npx') {
    const yes = runtime.includes('-y') || runtime.includes('--yes') ? [] : ['-y'];
    args = [...yes, ...(mirror ? [`--registry=${mirror}`] : []), ...runtime, spec, ...packageArgs];
  } else if (runner === 'uvx') {
    args = [...(mirror ? ['--index-url', /\/simple\/?$/.test(mirror) ? mirror : `${mirror}/simple`] : []), ...runtime, spec, ...packageArgs];
  } else if (runner === 'dnx') {
    args = [spec, '--yes', ...(mirror ? ['--source', mirror] : []), ...runtime, ...(packageArgs.length > 0 ? ['--', ...packageArgs] : [])];
  } else if (runner === 'docker') {
    args = ['run', '-i', '--rm', ...runtime, ...Object.keys(env.map).flatMap((n) => ['-e', n]), imageRef(pkg.identifier, version, mirror), ...packageArgs];
  } else {
    args = [...runtime, spec, ...packageArgs];
    if (mirror) warnings.push(`The entry names the package registry ${mirror}; ${runner} is not told to use it (Switchboard knows how only for npx, uvx, dnx and docker).`);
  }
  const shownArgs = args.map((a) => (inputs.secretValues.has(a) ? MASKED : a));
  if (shownArgs.some((a, i) => a !== args[i])) warnings.push(LITERAL_ARG_WARNING);
  const base = { ...empty(inputs, warnings), runner, env: env.map, secretEnv: env.secret };
  const t = pkg.transport?.type;
  if (t === 'streamable-http' || t === 'sse') {
    const template = pkg.transport.url ?? '';
    const url = fillTemplate(template, (n) => hints.get(n));
    return { ...base, transport: t === 'sse' ? 'sse' : 'http', url, args: [], shownArgs: [], launch: { command: runner, args } };
  }
  return { ...base, transport: 'stdio', command: runner, args, shownArgs };
}

/** Map a remote (`streamable-http` / `sse` with URL variables and headers). */
export function mapRemote(remote: EntryTransport, values: InputValues): MappedInstall {
  const inputs = new Inputs(values);
  const vars = new Map<string, string>();
  const secretVars = new Set<string>();
  for (const [name, def] of Object.entries(remote.variables ?? {})) {
    const r = inputs.leaf(`var:${name}`, 'variable', name, def);
    vars.set(name, r.value ?? `<${name}>`);
    if (r.secret && r.value !== undefined) secretVars.add(name);
    if (r.secret && (r.value !== undefined || def.isRequired === true)) inputs.literalSecrets.push(`URL variable ${name}`);
  }
  const headers = keyValues(inputs, 'header', remote.headers, new Map());
  const url = fillTemplate(remote.url ?? '', (n) => vars.get(n));
  const shownUrl = fillTemplate(remote.url ?? '', (n) => (secretVars.has(n) ? MASKED : vars.get(n)));
  const problems = [...inputs.problems];
  const warnings = secretVars.size > 0 ? ['A secret stands in the URL (masked here). It would be written as plain text: a URL cannot hold a keychain reference.'] : [];
  if (remote.type !== 'streamable-http' && remote.type !== 'sse') problems.push(`The remote's transport "${remote.type}" is neither streamable-http nor sse`);
  return { ...empty(inputs, warnings), problems, transport: remote.type === 'sse' ? 'sse' : 'http', url, ...(shownUrl !== url ? { shownUrl } : {}), headers: headers.map, secretHeaders: headers.secret };
}

/**
 * Map an MCPB package whose bundle (already checked and opened) will be unpacked in `dir`: its
 * manifest's launch, its `user_config` asked as inputs `config:<key>` (sensitive ones secret),
 * the package's environment variables added. `blocked`: a bundle for another platform.
 */
export function mapBundle(pkg: EntryPackage, manifest: BundleManifest, dir: string, platform: string, home: string, values: InputValues): MappedInstall & { blocked?: string } {
  const inputs = new Inputs(values);
  const config: Record<string, string> = {};
  const secret = new Set<string>();
  for (const { key, input, title } of userConfigInputs(manifest)) {
    const r = inputs.leaf(`config:${key}`, 'user_config', title, input);
    if (r.value !== undefined) config[key] = r.value;
    if (r.secret) secret.add(key);
  }
  const launch = manifestLaunch(manifest, dir, platform, home, config, secret);
  const pkgEnv = keyValues(inputs, 'env', pkg.environmentVariables, new Map());
  const warnings: string[] = [];
  const shownArgs = launch.args.map((a, i) => (launch.secretArgs.includes(i) ? MASKED : a));
  if (launch.secretArgs.length > 0) warnings.push(LITERAL_ARG_WARNING);
  inputs.literalSecrets.push(...launch.secretArgs.map((i) => `argument ${i + 1}`));
  const base = { ...empty(inputs, warnings), env: { ...launch.env, ...pkgEnv.map }, secretEnv: [...launch.secretEnv, ...pkgEnv.secret] };
  if (launch.blocked !== undefined || launch.command === undefined) return { ...base, blocked: launch.blocked ?? 'The bundle gives nothing to run.' };
  const isPath = launch.command.includes('/') || launch.command.includes('\\');
  return { ...base, transport: 'stdio', command: launch.command, args: launch.args, shownArgs, ...(isPath ? {} : { runner: launch.command }) };
}

/** The warning of a secret on the command line. */
const LITERAL_ARG_WARNING = 'A secret stands on the command line (masked here). It would be written as plain text: an argument cannot hold a keychain reference.';

/** A mapping with nothing launched yet, carrying the inputs collected. */
function empty(inputs: Inputs, warnings: string[]): MappedInstall {
  return {
    transport: 'stdio',
    args: [],
    shownArgs: [],
    env: {},
    headers: {},
    secretEnv: [],
    secretHeaders: [],
    literalSecrets: inputs.literalSecrets,
    inputs: inputs.list,
    missing: inputs.missing,
    problems: inputs.problems,
    warnings,
  };
}
