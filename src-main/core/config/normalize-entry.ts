/**
 * One host entry → canonical `ServerDefinition` (docs/server-model.md "reading is lenient": normalise, then
 * validate). Launch fields of the wrong type reject the entry (running it without them would run a
 * different server); other fields of the wrong type are dropped with a warning. Every key outside
 * the typed schema is kept verbatim in `extensions`. Never throws.
 */
import { isSecretKey } from '../../../src-shared/redaction.js';
import { getNodeValue, type Node } from 'jsonc-parser';
import { HOST_LABELS, ProtocolModeSchema, type Auth, type ConfigWarning, type HostId, type MCPServer, type Scope, type ServerDefinition } from '../../../src-shared/config/server.js';
import { invalidConfigMessage, validateServerConfig } from '../../../src-shared/config/validate.js';
import { bothFieldsReason, hostKey, ignoredLaunchField } from './both-launch-fields.js';
import { expandServerFields, type ExpansionSyntax, type ExpansionVars } from './env-expand.js';
import { jsonTypeOf, positionOf, type ConfigDocument } from '../files/jsonc-document.js';
import { warningCode, type ConfigWarningCode } from '../../../src-shared/config/warning-codes.js';
import { readCompanyAuth } from './company-auth.js';

/** How a host's entries are read (docs/host-formats.md). */
export interface HostRules {
  host: HostId;
  /** Placeholder syntax of the host (docs/config-discovery.md). */
  syntax: ExpansionSyntax;
  /** xcsh: `enabled` "true"/"false"/"0"/"1" and numeric-string `timeout` are coerced. */
  coerceStrings?: boolean;
  /** Unit of the host's `timeout` field; canonical is ms. Default `ms`. */
  timeoutUnit?: 'ms' | 's';
  /** `enabled` when the entry has none. Default true (ChatCLI: false). */
  enabledWhenMissing?: boolean;
  /**
   * How `auth` is read: `canonical` (docs/server-model.md variants), `chatcli` (`{type, token, header,
   * username, password}`), `opaque` (kept in `extensions` only, e.g. Cursor's static OAuth client).
   */
  auth: 'canonical' | 'chatcli' | 'opaque';
  /** ChatCLI: `alwaysAllow` is merged into `autoApprove` (and kept verbatim in extensions). */
  mergeAlwaysAllow?: boolean;
  /**
   * What the host does with an entry that carries both launch fields, `command` and a url (issue 27
   * item 9; docs/host-formats.md "Both launch fields"); the other field is then kept as written (an
   * extension) and named in a warning:
   * - `type`: its `type` (ChatCLI `transport`) picks the transport, absent = stdio (Claude Code,
   *   Claude Desktop, Cline, VS Code, Continue, goose, ChatCLI, the mcp.json fallback);
   * - `shape`: the host's own shapes decide — Zed's stdio shape comes first, Gemini's url keys win
   *   over `command` (its translator gives the transport);
   * - `guess`: the host's documentation does not say (Cursor, Windsurf, LM Studio): read as `type`,
   *   and the warning says it is Switchboard's choice.
   * Absent: the entry is refused, as Roo Code, xcsh and Codex refuse it.
   */
  bothLaunchFields?: 'type' | 'shape' | 'guess';
  /**
   * The host's url keys in the order it prefers them when several are set (Gemini `httpUrl` over
   * `url`, Windsurf `serverUrl` over `url`); the others are kept as written and named in a warning.
   * Absent: the first of `url`, `serverUrl`, `httpUrl` that is set, without a warning.
   */
  urlKeys?: readonly string[];
  /** `$VAR` without braces is expanded too (Gemini CLI fills in `$VAR` and `${VAR}` in every string). */
  bareDollar?: boolean;
  /** Entries carry their own `name` (list formats): the key is consumed, not an extension. */
  nameInEntry?: boolean;
  /** ChatCLI: a `cwd` starting with `~/` is relative to the home folder. */
  tildeCwd?: boolean;
  /**
   * The host's own shape → canonical keys, before the common rules run (goose `cmd` → `command`,
   * Codex `startup_timeout_sec` → `timeout`, Cline's url-only = SSE…). See `Translation`.
   */
  translate?(raw: Record<string, unknown>, src: EntrySource): Translation;
}

/**
 * What a host translator returns: the entry with canonical keys (keys it did not touch are kept
 * and become `extensions` when not typed), the transport the host's own rules imply when the
 * entry does not say (e.g. Gemini `url` = SSE), reasons to reject the entry, placeholders the host
 * syntax left unresolved (Continue `${{ secrets.X }}`), and `skip` for entries that are not
 * launchable MCP servers (goose builtins, Zed extension-provided servers) — silently left out, or
 * with `skip` as the note shown.
 */
export interface Translation {
  raw: Record<string, unknown>;
  transport?: string;
  invalid?: string[];
  unresolved?: string[];
  skip?: string | true;
}

/** Where an entry is read from and how its values may be expanded. */
export interface EntrySource {
  doc: ConfigDocument;
  scope: Scope;
  /** False for project files of an untrusted folder: read, never expanded (docs/config-discovery.md). */
  expand: boolean;
  vars: ExpansionVars;
}

/** Keys of the canonical schema (docs/server-model.md); anything else goes to `extensions`. */
const TYPED_KEYS = new Set([
  'transport', 'type', 'command', 'args', 'env', 'cwd', 'url', 'headers', 'enabled', 'timeout', 'auth',
  'enabledTools', 'disabledTools', 'autoApprove', 'overrides', 'channels', 'description', 'tags', 'category',
]);
/** The url keys hosts use, in the order read when a host states none (`HostRules.urlKeys`). */
const URL_KEYS = ['url', 'serverUrl', 'httpUrl'];
const LIST_KEYS = ['enabledTools', 'disabledTools', 'autoApprove', 'overrides', 'channels', 'tags'] as const;

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The outcome for one entry: a definition, or none (rejected), plus warnings either way. */
export interface EntryOutcome {
  definition?: ServerDefinition;
  warnings: ConfigWarning[];
}

/**
 * Normalise, expand and validate one entry. `keyOffset` is where the entry starts (its key in a
 * map, its `{` in a list): provenance and the rejection warning point there. A rejected entry
 * yields `Invalid server config: …` with file and line.
 */
export function normalizeEntry(name: string, keyOffset: number, valueNode: Node, rules: HostRules, src: EntrySource): EntryOutcome {
  const { doc } = src;
  const entryPos = doc.lines.at(keyOffset);
  const warnings: ConfigWarning[] = [];
  const warnAt = (message: string, key?: string, code: ConfigWarningCode = 'field-ignored'): void => {
    const pos = key === undefined ? entryPos : positionOf(doc, valueNode, key);
    warnings.push({ file: doc.path, ...pos, server: name, message: `Server "${name}": ${message}`, ...warningCode(code) });
  };
  const input = getNodeValue(valueNode) as Record<string, unknown>;
  let raw = input;
  const invalid: string[] = [];
  let hostTransport: string | undefined;
  const hostUnresolved: string[] = [];
  if (rules.translate) {
    const t = rules.translate(raw, src);
    if (t.skip !== undefined) {
      if (typeof t.skip === 'string') warnings.push({ file: doc.path, ...entryPos, server: name, message: `Server "${name}": ${t.skip}`, ...warningCode('host-only-entry') });
      return { warnings };
    }
    raw = t.raw;
    hostTransport = t.transport;
    invalid.push(...(t.invalid ?? []));
    hostUnresolved.push(...(t.unresolved ?? []));
  }
  const out: Partial<MCPServer> = {};
  const consumed = new Set(TYPED_KEYS);
  if (rules.nameInEntry) consumed.add('name');

  // Launch fields: a wrong type rejects the entry.
  const urlKey = (rules.urlKeys ?? URL_KEYS).find((k) => typeof raw[k] === 'string') ?? 'url';
  let url: unknown = raw[urlKey];
  // Gemini: `httpUrl` is Streamable HTTP.
  const aliasTransport = urlKey === 'httpUrl' ? 'http' : undefined;
  if (urlKey !== 'url') consumed.add(urlKey);
  // Url keys the host passes over for `urlKey`: kept as written, named.
  const shadowed = (rules.urlKeys ?? []).filter((k) => k !== urlKey && raw[k] !== undefined);
  for (const key of shadowed) warnAt(`"${key}" is ignored: ${HOST_LABELS[rules.host]} uses "${urlKey}" when both are set`, key);
  for (const key of ['command', 'cwd'] as const) {
    const v = raw[key];
    if (v === undefined) continue;
    if (typeof v === 'string') out[key] = v;
    else if (key === 'cwd') invalid.push(`"cwd" must be a string, got ${jsonTypeOf(v)}`);
  }
  if (typeof url === 'string') out.url = url;
  if (raw.args !== undefined) {
    if (Array.isArray(raw.args) && raw.args.every(isScalar)) out.args = raw.args.map(String);
    else invalid.push(`"args" must be an array of strings, got ${jsonTypeOf(raw.args)}`);
  }
  for (const key of ['env', 'headers'] as const) {
    const v = raw[key];
    if (v === undefined) continue;
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every(isScalar)) {
      out[key] = Object.fromEntries(Object.entries(v as Record<string, Scalar>).map(([k, x]) => [k, String(x)]));
    } else {
      invalid.push(`"${key}" must be an object of string values, got ${jsonTypeOf(v)}`);
    }
  }
  if (rules.tildeCwd && out.cwd !== undefined && /^~[\\/]/.test(out.cwd) && src.vars.home) {
    out.cwd = src.vars.home + out.cwd.slice(1);
  }

  // Other fields: a wrong type drops the field, with a warning.
  out.enabled = readEnabled(raw, rules, warnAt);
  const timeout = readTimeout(raw.timeout, rules, warnAt);
  if (timeout !== undefined) out.timeout = timeout;
  const auth = readAuth(raw.auth, rules, warnAt);
  if (auth.auth) out.auth = auth.auth;
  if (auth.keepRaw) consumed.delete('auth');
  for (const key of LIST_KEYS) {
    const v = raw[key];
    if (v === undefined) continue;
    if (isStringArray(v)) out[key] = v;
    else warnAt(`"${key}" must be an array of strings, got ${jsonTypeOf(v)}; ignored`, key);
  }
  if (rules.mergeAlwaysAllow && raw.alwaysAllow !== undefined) {
    if (isStringArray(raw.alwaysAllow)) out.autoApprove = [...new Set([...(out.autoApprove ?? []), ...raw.alwaysAllow])];
    else warnAt(`"alwaysAllow" must be an array of strings, got ${jsonTypeOf(raw.alwaysAllow)}; ignored`, 'alwaysAllow');
  }
  // Issue 10: `protocol` is Switchboard's own field; in another host's file it stays an extension.
  if (rules.host === 'switchboard' && raw.protocol !== undefined) {
    consumed.add('protocol');
    const parsed = ProtocolModeSchema.safeParse(raw.protocol);
    if (parsed.success) out.protocol = parsed.data;
    else warnAt(`"protocol" must be one of auto, 2026-07-28, legacy, got ${JSON.stringify(raw.protocol)}; using auto`, 'protocol', 'field-defaulted');
  }
  for (const key of ['description', 'category'] as const) {
    const v = raw[key];
    if (v === undefined) continue;
    if (typeof v === 'string') out[key] = v;
    else warnAt(`"${key}" must be a string, got ${jsonTypeOf(v)}; ignored`, key);
  }
  const extensions: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) if (!consumed.has(key) || shadowed.includes(key)) extensions[key] = value;

  // Expand (trusted sources only), then validate the result (docs/server-model.md, §2).
  let unresolved: string[] = [...hostUnresolved];
  let fields = out;
  if (src.expand) {
    const expanded = expandServerFields(out, rules.syntax, rules.bareDollar ? { ...src.vars, bareDollar: true } : src.vars);
    fields = expanded.server;
    unresolved = [...new Set([...unresolved, ...expanded.unresolved])];
  }
  const declared = raw.transport ?? raw.type ?? aliasTransport ?? hostTransport;
  if (rules.bothLaunchFields) {
    const ignored = ignoredLaunchField(declared, fields.command, fields.url);
    if (ignored) {
      // Kept as written (an extension, written back untouched), not used: the host does the same.
      const rawKey = hostKey(input, ignored.key === 'command' ? 'command' : urlKey);
      extensions[rawKey] = input[rawKey];
      delete out[ignored.key];
      fields = { ...fields };
      delete fields[ignored.key];
      warnAt(`"${rawKey}" is ignored: ${bothFieldsReason(rules, ignored.transport, declared, input, urlKey)}`, rawKey);
      url = fields.url;
    }
  }
  const outcome = validateServerConfig({
    transport: declared,
    command: typeof raw.command === 'string' ? fields.command : fields.command ?? raw.command,
    url: typeof url === 'string' ? fields.url : url,
  });
  if (!outcome.ok) invalid.unshift(...outcome.errors);
  if (!outcome.ok || invalid.length > 0) {
    warnings.push({ file: doc.path, ...entryPos, server: name, message: `${invalidConfigMessage(invalid)} (server "${name}")`, ...warningCode('invalid-server') });
    return { warnings };
  }

  const definition: ServerDefinition = {
    name,
    transport: outcome.transport,
    ...pick(fields, ['command', 'args', 'env', 'cwd', 'url', 'headers']),
    enabled: fields.enabled ?? true,
    ...pick(fields, ['timeout', 'auth', ...LIST_KEYS, 'description', 'category', 'protocol']),
    ...(Object.keys(extensions).length > 0 ? { extensions } : {}),
    source: { host: rules.host, file: doc.path, line: entryPos.line, column: entryPos.column, scope: src.scope },
    unresolved,
  };
  const expandedKeys = placeholderKeys(out, fields);
  if (expandedKeys.length > 0) definition.expanded = expandedKeys;
  const secretSourced = expandedKeys.filter((at) => namesSecretVariable(at, out));
  if (secretSourced.length > 0) definition.secretSourced = secretSourced;
  // Issue 16: a project definition's approval binds what the file says, not what it expanded to.
  if (src.scope === 'project') definition.written = pick(out, ['command', 'args', 'env', 'cwd', 'url', 'headers', 'auth']);
  return { definition, warnings };
}

/**
 * `env.X` / `headers.X` / `url` whose value a placeholder expansion changed (`${API_KEY}` →
 * its value): what it expanded to came from the environment and is held as a secret (issue 9 item 4).
 */
function placeholderKeys(before: Partial<MCPServer>, after: Partial<MCPServer>): string[] {
  const out: string[] = [];
  for (const field of ['env', 'headers'] as const) {
    for (const [key, value] of Object.entries(before[field] ?? {})) if (after[field]?.[key] !== value) out.push(`${field}.${key}`);
  }
  if (before.url !== after.url) out.push('url');
  return out;
}

/** A `${VAR}` / `${env:VAR}` / `${VAR:-default}` / (Gemini) `$VAR` placeholder's variable name. */
const PLACEHOLDER_VARIABLE = /\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]{0,127})|\$([A-Za-z_][A-Za-z0-9_]{0,127})/g;

/** Whether the text as written at `at` (`env.X`, `headers.X`, `url`) names a secret-looking variable (`${SVC_SECRET}`). */
function namesSecretVariable(at: string, before: Partial<MCPServer>): boolean {
  const [field, ...rest] = at.split('.');
  const text = field === 'url' ? before.url : field === 'env' || field === 'headers' ? before[field]?.[rest.join('.')] : undefined;
  return typeof text === 'string' && [...text.matchAll(PLACEHOLDER_VARIABLE)].some((m) => isSecretKey((m[1] ?? m[2])!));
}

function pick<K extends keyof MCPServer>(from: Partial<MCPServer>, keys: readonly K[]): Partial<Pick<MCPServer, K>> {
  const out: Partial<Pick<MCPServer, K>> = {};
  for (const key of keys) if (from[key] !== undefined) out[key] = from[key];
  return out;
}

type WarnAt = (message: string, key?: string, code?: ConfigWarningCode) => void;

function readEnabled(raw: Record<string, unknown>, rules: HostRules, warnAt: WarnAt): boolean {
  const fallback = rules.enabledWhenMissing ?? true;
  const v = raw.enabled;
  if (v === undefined) return fallback;
  if (typeof v === 'boolean') return v;
  if (rules.coerceStrings && (typeof v === 'string' || typeof v === 'number')) {
    const s = String(v).trim().toLowerCase();
    if (s === 'true' || s === '1') return true;
    if (s === 'false' || s === '0') return false;
  }
  // Fail safe: a value we cannot read ("no", "false" where the host does not coerce) disables.
  warnAt(`"enabled" must be true or false, got ${JSON.stringify(v)}; the server is treated as disabled`, 'enabled', 'enabled-unreadable');
  return false;
}

function readTimeout(v: unknown, rules: HostRules, warnAt: WarnAt): number | undefined {
  if (v === undefined) return undefined;
  let n: number | undefined;
  if (typeof v === 'number') n = v;
  else if (rules.coerceStrings && typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v)) n = Number(v);
  if (n === undefined || !Number.isFinite(n) || n <= 0) {
    warnAt(`"timeout" must be a positive number${rules.timeoutUnit === 's' ? ' of seconds' : ' of milliseconds'}, got ${JSON.stringify(v)}; ignored`, 'timeout');
    return undefined;
  }
  return rules.timeoutUnit === 's' ? n * 1000 : n;
}

/** `auth` → canonical variant; `keepRaw` when the original must stay in `extensions` instead. */
function readAuth(v: unknown, rules: HostRules, warnAt: WarnAt): { auth?: Auth; keepRaw: boolean } {
  if (v === undefined) return { keepRaw: false };
  if (rules.auth === 'opaque') return { keepRaw: true };
  const unusable = (why: string): { keepRaw: boolean } => {
    warnAt(`${why}; kept as is but not used`, 'auth');
    return { keepRaw: true };
  };
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return unusable(`"auth" must be an object, got ${jsonTypeOf(v)}`);
  const a = v as Record<string, unknown>;
  const str = (key: string): string | undefined => (typeof a[key] === 'string' ? (a[key] as string) : undefined);
  const type = str('type');
  if (rules.auth === 'chatcli') {
    const token = str('token');
    if (type === 'bearer' && token !== undefined) return { auth: { type: 'bearer', token }, keepRaw: false };
    if (type === 'basic' && str('username') !== undefined && str('password') !== undefined) {
      return { auth: { type: 'basic', username: str('username')!, password: str('password')! }, keepRaw: false };
    }
    if (type === 'header' && token !== undefined) {
      return { auth: { type: 'header', name: str('header') ?? 'X-API-Key', value: token }, keepRaw: false };
    }
    return unusable(`"auth" of type ${JSON.stringify(a.type)} is incomplete or unknown (bearer needs token, basic username and password, header token)`);
  }
  const company = readCompanyAuth(a, rules.host === 'switchboard');
  if (company) return 'problem' in company ? unusable(company.problem) : { auth: company.auth, keepRaw: false };
  if (type === 'oauth') {
    const credentialId = str('credentialId');
    const redirect = str('redirect');
    const known = redirect === 'loopback' || redirect === 'deep-link';
    if (a.redirect !== undefined && !known) warnAt(`"auth.redirect" must be "loopback" or "deep-link", got ${JSON.stringify(a.redirect)}; the loopback redirect is used`, 'auth', 'field-defaulted');
    return { auth: { type: 'oauth', ...(credentialId !== undefined ? { credentialId } : {}), ...(known ? { redirect } : {}) }, keepRaw: false };
  }
  if (type === 'bearer' && str('token') !== undefined) return { auth: { type: 'bearer', token: str('token')! }, keepRaw: false };
  if (type === 'basic' && str('username') !== undefined && str('password') !== undefined) {
    return { auth: { type: 'basic', username: str('username')!, password: str('password')! }, keepRaw: false };
  }
  if (type === 'header' && str('name') !== undefined && str('value') !== undefined) {
    return { auth: { type: 'header', name: str('name')!, value: str('value')! }, keepRaw: false };
  }
  return unusable(`"auth" of type ${JSON.stringify(a.type)} is incomplete or not one of oauth, bearer, basic, header`);
}
