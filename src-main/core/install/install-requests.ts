/**
 * Install links turned into consent previews (issue 13, docs/inspecting.md; MCP's SEP-1024): what would run or
 * be contacted, shown untruncated — every env and header value (literal secrets masked), the exact
 * command line — the file it would be written to, and which other hosts' servers of the same name it
 * would hide (issue 26 item 3, docs/security.md "Install links"). A link carrying a live value
 * (`!…`, a bare variable name, `${…}` other than `${input:…}`) is refused by `checkOutsideDefinition`
 * before any preview exists. A preview is kept here by
 * id for a few minutes; only `take(id)` of a live preview leads to a write, so what is written is
 * exactly what was shown — the renderer never sends the config back.
 */
import { randomUUID } from 'node:crypto';
import type { InstallPreview } from '../../../src-shared/api/methods/install.js';
import type { ServerFieldsSchema } from '../../../src-shared/api/config.js';
import { sanitizeNamePart } from '../../../src-shared/config/tool-names.js';
import { HOST_LABELS, type Provenance } from '../../../src-shared/config/server.js';
import { commandLine } from '../../../src-shared/quote-arg.js';
import { parseInstallLink } from '../../../src-shared/install-link.js';
import { validateServerConfig } from '../../../src-shared/config/validate.js';
import type { z } from 'zod';
import { CoreError } from '../facade/errors.js';
import { isSecretKey, isSecretValue, redactUrl, secretArgValues } from '../../../src-shared/redaction.js';
import { argUrlSecretPlaces } from '../../../src-shared/config/arg-url-secrets.js';
import { hiddenCharsIn, showHidden } from '../../../src-shared/visible-text.js';
import { checkOutsideDefinition, type ResolverEnv } from './outside-definition.js';

/** The fields `config:add` takes. */
export type InstallFields = z.infer<typeof ServerFieldsSchema>;

/** How long a preview can be confirmed (ms). */
export const PREVIEW_TTL_MS = 10 * 60_000;
/** Previews kept at once (the oldest is dropped). */
const MAX_PREVIEWS = 20;
/** What a masked secret value shows. */
export const MASKED = '••••••••';

/** Config keys carried into `servers.json`; every other key of a link is listed as ignored. */
const CARRIED = ['transport', 'type', 'command', 'args', 'env', 'cwd', 'url', 'headers', 'timeout', 'description'] as const;

/** Characters a shell would treat specially: flagged so a person knows no shell will see them. */
const SHELL_CHARS = /[;&|`$<>(){}[\]*?!~\\'"\n\r#]/;

/** A preview waiting for its answer. */
interface Pending {
  name: string;
  fields: InstallFields;
  /** Files of other hosts' definitions the preview said it would hide. */
  shadows: string[];
  expires: number;
}

/** Where an install would land and what is already there. */
export interface InstallSite {
  /** Switchboard's own `servers.json` (the server is written there). */
  file: string;
  /** Where a server of `name` is defined now, in any host's file (Switchboard's own included). */
  definitionsOf(name: string): Provenance[];
  /**
   * Definitions (any host, Switchboard's own included) whose name differs from `name` but forms the
   * same agent-visible tool names (`mcp_<server>_…`: case and punctuation fold, `sameAgentServer`).
   * Default: none.
   */
  lookalikesOf?(name: string): { name: string; source: Provenance }[];
  /** The environment the value resolver reads (a value naming one of its variables is refused). */
  env: ResolverEnv;
  /** How a refusal starts for a door other than a link (`This registry entry was refused`); default the link's words. */
  door?: string;
}

/** `Cursor /home/me/.cursor/mcp.json` — a definition's host and file as the person reads them. */
export function whereDefined(p: Provenance): string {
  return `${HOST_LABELS[p.host] ?? p.host} ${p.file}`;
}

/**
 * Turn a link into the fields we would write and what the person is shown (`site.file`: where it
 * would be written; `preview.shadows`: other hosts' definitions of the name it would hide). Throws
 * INVALID_CONFIG `This install link was refused: …` for a malformed or hostile link, and for one
 * carrying a value that is not literal (`checkOutsideDefinition`: which field, which syntax, why).
 */
export function describeInstall(link: string, site: InstallSite): { preview: Omit<InstallPreview, 'id'>; name: string; fields: InstallFields } {
  const parsed = parseInstallLink(link);
  if (parsed.kind === 'invalid') throw new CoreError('INVALID_CONFIG', `This install link was refused: ${parsed.reason}`);
  return describeDefinition(parsed.config, parsed.name, parsed.origin, parsed.renamedFrom, site);
}

/**
 * `describeInstall` for a definition that came from outside by another door than a link (a registry
 * entry, issue 36): the same checks (`checkOutsideDefinition`), the same warnings and the same
 * preview. `config` is the server's config object as a link would carry it. Throws as `describeInstall`.
 */
export function describeDefinition(
  config: Record<string, unknown>,
  name: string,
  origin: InstallPreview['origin'],
  renamedFrom: string | undefined,
  site: InstallSite,
): { preview: Omit<InstallPreview, 'id'>; name: string; fields: InstallFields } {
  const { file } = site;
  const refused = site.door ?? 'This install link was refused';
  const parsed = { origin, ...(renamedFrom !== undefined ? { renamedFrom } : {}) };
  // Attack pass 8, M1: a `__proto__` key (which a map copied by assignment would turn into its
  // prototype; the schema's record check lets any value through under it) is refused outright.
  for (const k of ['env', 'headers'] as const) {
    const m = config[k];
    if (!m || typeof m !== 'object' || Array.isArray(m)) continue;
    if (Object.hasOwn(m, '__proto__')) throw new CoreError('INVALID_CONFIG', `${refused}: ${k} may not have a key named "__proto__". Nothing was written.`);
  }
  const checked = validateServerConfig(config);
  if (!checked.ok) throw new CoreError('INVALID_CONFIG', `${refused}: ${checked.errors.join('; ')}`);
  const live = checkOutsideDefinition(config, site.env);
  if (live.length > 0) {
    throw new CoreError('INVALID_CONFIG', `${refused}: ${site.door === undefined ? 'a link' : 'an entry'} may carry literal values only. ${live.map((p) => p.message).join('; ')}. Nothing was written.`);
  }
  const fields: InstallFields = { transport: checked.transport };
  const str = (k: string): string | undefined => (typeof config[k] === 'string' ? (config[k] as string) : undefined);
  const map = (k: string): Record<string, string> | undefined =>
    config[k] && typeof config[k] === 'object' && !Array.isArray(config[k]) ? (config[k] as Record<string, string>) : undefined;
  if (checked.transport === 'stdio') {
    fields.command = str('command')!;
    if (Array.isArray(config.args)) fields.args = config.args as string[];
    if (map('env')) fields.env = map('env');
    if (str('cwd') !== undefined) fields.cwd = str('cwd');
  } else {
    fields.url = str('url')!.trim();
    if (map('headers')) fields.headers = map('headers');
  }
  if (typeof config.timeout === 'number' && config.timeout > 0) fields.timeout = config.timeout;
  if (str('description') !== undefined) fields.description = str('description');
  // Keys of the other transport are not written either (a stdio server has no headers).
  const otherTransport = checked.transport === 'stdio' ? ['url', 'headers'] : ['command', 'args', 'env', 'cwd'];
  const ignored = Object.keys(config).filter((k) => !(CARRIED as readonly string[]).includes(k) || otherTransport.includes(k));

  const args = fields.args ?? [];
  const env = shownValues(fields.env);
  const headers = shownValues(fields.headers);
  const defined = site.definitionsOf(name);
  const lookalikes = site.lookalikesOf?.(name) ?? [];
  const shadows = [...defined.filter((d) => d.host !== 'switchboard'), ...lookalikes.map((l) => l.source)];
  const warnings: string[] = [];
  if (parsed.renamedFrom !== undefined) warnings.push(`The link names the server "${parsed.renamedFrom}"; it is written as "${name}" (names may hold only letters, digits, "_", "." and "-").`);
  if (defined.some((d) => d.host === 'switchboard')) warnings.push(`A server named "${name}" already exists in ${file}: installing will be refused. Remove or rename it first.`);
  // Attack pass 8, F12: `GitHub` next to Cursor's `github` takes its agent-visible tool names.
  for (const l of lookalikes) {
    warnings.push(
      `Installing takes the agent-visible tool names of the server "${l.name}" defined in ${whereDefined(l.source)} (mcp_${sanitizeNamePart(name, 'server')}_…): an agent calling them would reach this one instead. You are asked to confirm that separately.`,
    );
  }
  for (const d of defined.filter((x) => x.host !== 'switchboard')) {
    warnings.push(`Installing hides the server "${name}" defined in ${whereDefined(d)}: Switchboard's own file comes first, so Switchboard would run this one instead. You are asked to confirm that separately.`);
  }
  if (fields.command !== undefined) {
    warnings.push('Installing runs this program on this computer, with your user\'s rights, whenever Switchboard starts the server.');
    if (!/^([a-zA-Z]:)?[\\/]/.test(fields.command)) warnings.push(`"${fields.command}" is looked up on your PATH.`);
    const odd = [fields.command, ...args].map((a, i) => ({ a, i })).filter(({ a }) => SHELL_CHARS.test(a));
    if (odd.length > 0) {
      const where = odd.map(({ i }) => (i === 0 ? 'the command' : `argument ${i}`)).join(', ');
      warnings.push(`${where[0]!.toUpperCase()}${where.slice(1)} contain${odd.length === 1 ? 's' : ''} shell characters. No shell runs them: the program receives each argument exactly as shown.`);
    }
  }
  if (fields.url !== undefined) {
    const u = new URL(fields.url);
    if (u.protocol === 'http:' && !['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) warnings.push(`${u.host} is contacted without encryption (http:).`);
    if (u.username || u.password) warnings.push('The address carries a user name or password.');
  }
  const secrets = [...env, ...headers].filter((e) => e.secret).map((e) => e.name);
  if (secrets.length > 0) warnings.push(`Secret values (${secrets.join(', ')}) go to the OS keychain; servers.json holds a reference.`);
  // One rule decides which arguments and URLs hold a secret: the one `config:add` asks about before
  // writing them (argUrlSecretPlaces). The values it found are masked here; an argument cannot hold a keychain reference.
  const places = argUrlSecretPlaces({ args, url: fields.url });
  const argSecrets = secretArgValues(args);
  const shownArgs = args.map((a) => argSecrets.reduce((text, secret) => text.split(secret).join(MASKED), a));
  const secretArgs = args.flatMap((_a, i) => (places.includes(`args[${i}]`) ? [i + 1] : []));
  if (secretArgs.length > 0) {
    warnings.push(
      `Argument${secretArgs.length === 1 ? '' : 's'} ${secretArgs.join(', ')} hold${secretArgs.length === 1 ? 's' : ''} a secret (masked here). It stays in servers.json as plain text: an argument cannot hold a keychain reference. Prefer a server that reads it from an environment variable.`,
    );
  }
  if (fields.url !== undefined && (isSecretValue(fields.url) || places.includes('url'))) warnings.push('The address holds a password or a secret parameter (masked here). It stays in servers.json as plain text: a URL cannot hold a keychain reference.');
  const hidden = hiddenFields(name, fields, parsed.renamedFrom);
  if (hidden.length > 0) {
    const chars = [...new Set(hidden.flatMap((h) => h.chars))].join(', ');
    const where = hidden.map((h) => h.where).join(', ');
    warnings.push(
      `${where[0]!.toUpperCase()}${where.slice(1)} hold${hidden.length === 1 ? 's' : ''} invisible, control or text-direction characters (${chars}), shown here as \\u… escapes: the text may read differently elsewhere than what the program receives. Install only if you expected them.`,
    );
  }
  const inputs = [...JSON.stringify(fields).matchAll(/\$\{input:([^}]+)\}/g)].map((m) => m[1]);
  if (inputs.length > 0) warnings.push(`Switchboard will ask for ${[...new Set(inputs)].map((i) => `"${i}"`).join(', ')} when the server starts.`);

  // Every string shown is escaped by the shared rule (src-shared/visible-text.ts): what is read is what runs.
  const preview: Omit<InstallPreview, 'id'> = {
    origin: parsed.origin,
    name,
    ...(parsed.renamedFrom !== undefined ? { renamedFrom: showHidden(parsed.renamedFrom) } : {}),
    transport: checked.transport,
    ...(fields.command !== undefined ? { command: showHidden(fields.command), commandLine: commandLine(showHidden(fields.command), shownArgs.map(showHidden)) } : {}),
    args: shownArgs.map(showHidden),
    ...(fields.cwd !== undefined ? { cwd: showHidden(fields.cwd) } : {}),
    env: env.map((e) => ({ ...e, name: showHidden(e.name), value: showHidden(e.value) })),
    ...(fields.url !== undefined ? { url: showHidden(redactUrl(fields.url)) } : {}),
    headers: headers.map((h) => ({ ...h, name: showHidden(h.name), value: showHidden(h.value) })),
    file,
    shadows,
    ignored: ignored.map(showHidden),
    warnings: warnings.map(showHidden),
  };
  return { preview, name, fields };
}

/** Env or header entries as shown: a literal secret (by its key or its shape, the shared rule) masked; a `${input:…}` reference shown as is. */
function shownValues(map: Record<string, string> | undefined): { name: string; value: string; secret: boolean }[] {
  return Object.entries(map ?? {}).map(([k, v]) => {
    const secret = (isSecretKey(k) || isSecretValue(v)) && !v.includes('${');
    return { name: k, value: secret ? MASKED : v, secret };
  });
}

/** The fields of an install that hold hidden characters (`argument 1`, `env FOO`), each with the characters found. */
function hiddenFields(name: string, fields: InstallFields, renamedFrom: string | undefined): { where: string; chars: string[] }[] {
  const out: { where: string; chars: string[] }[] = [];
  const look = (where: string, text: string | undefined): void => {
    const chars = text === undefined ? [] : hiddenCharsIn(text);
    if (chars.length > 0) out.push({ where, chars });
  };
  look('the name', renamedFrom ?? name);
  look('the command', fields.command);
  (fields.args ?? []).forEach((a, i) => look(`argument ${i + 1}`, a));
  look('the working folder', fields.cwd);
  for (const [k, v] of Object.entries(fields.env ?? {})) look(`environment variable ${showHidden(k)}`, `${k}${v}`);
  look('the address', fields.url);
  for (const [k, v] of Object.entries(fields.headers ?? {})) look(`header ${showHidden(k)}`, `${k}${v}`);
  look('the description', fields.description);
  return out;
}

/** Live previews by id. */
export class InstallRequests {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Keep a preview (`shadows`: the files of the definitions it said it would hide); returns its id. */
  add(name: string, fields: InstallFields, shadows: readonly Provenance[] = []): string {
    this.prune();
    const id = randomUUID();
    this.pending.set(id, { name, fields, shadows: shadows.map((s) => s.file), expires: this.now() + PREVIEW_TTL_MS });
    while (this.pending.size > MAX_PREVIEWS) this.pending.delete(this.pending.keys().next().value!);
    return id;
  }

  /**
   * Take (and forget) a live preview. NOT_FOUND when unknown, used or expired. `shadowsNow` (where
   * the name is defined in other hosts' files at this moment) must be empty unless `confirmShadow`
   * — else CONFLICT naming each, and the preview stays live for the second yes; a definition the
   * preview did not name is CONFLICT even with it (the person never saw it).
   */
  take(id: string, shadowsNow: readonly Provenance[] = [], confirmShadow = false): { name: string; fields: InstallFields } {
    this.prune();
    const p = this.pending.get(id);
    if (!p) throw new CoreError('NOT_FOUND', 'This install request has expired or was already answered; open the link again');
    const unseen = shadowsNow.filter((s) => !p.shadows.includes(s.file));
    if (unseen.length > 0 && confirmShadow) {
      throw new CoreError('CONFLICT', `"${p.name}" is now also defined in ${unseen.map(whereDefined).join(', ')}, which the preview did not show: open the link again to review it. Nothing was written.`);
    }
    if (shadowsNow.length > 0 && !confirmShadow) {
      throw new CoreError(
        'CONFLICT',
        `Installing "${p.name}" would hide the server of that name in ${shadowsNow.map(whereDefined).join(', ')} (Switchboard's own file comes first). ` +
          'Confirm hiding it explicitly (confirmShadow: true; in the window, tick "Hide it"), or cancel. Nothing was written.',
      );
    }
    this.pending.delete(id);
    return { name: p.name, fields: p.fields };
  }

  /** The server name of a live preview, `undefined` when unknown, used or expired. */
  nameOf(id: string): string | undefined {
    this.prune();
    return this.pending.get(id)?.name;
  }

  /** Forget a preview; whether it was there. */
  cancel(id: string): boolean {
    return this.pending.delete(id);
  }

  private prune(): void {
    const now = this.now();
    for (const [id, p] of this.pending) if (p.expires < now) this.pending.delete(id);
  }
}
