/**
 * The `mcp-switchboard://` deep link (docs/faces-and-ownership.md, §3, §9): a pure parser, so the Electron shell, the
 * web host and tests agree on what a link means. Nothing here acts on a link: the desktop app
 * hands OAuth callbacks to the core's pending flows (by `state`) and focuses its window.
 */
import { installLinkBindingProblem } from './config/credential-binding.js';
import { MCPServerSchema } from './config/server.js';
import { urlProblem, validateServerConfig, validateServerName } from './config/validate.js';
import { showHidden } from './visible-text.js';

/** The URL scheme the desktop app registers (`app.setAsDefaultProtocolClient`). */
export const DEEP_LINK_SCHEME = 'mcp-switchboard';

/** Longest link we look at (characters); anything longer is `invalid` rather than parsed. */
export const MAX_DEEP_LINK_LENGTH = 16_384;

/** What a deep link asks for. `invalid` carries a reason a person can read. */
export type DeepLink =
  | {
      kind: 'oauth-callback';
      /** The OAuth `state` that keys the pending flow (docs/auth.md). */
      state: string;
      code?: string;
      /** RFC 9207: the authorization server that answered. */
      iss?: string;
      error?: string;
      errorDescription?: string;
    }
  | {
      kind: 'install';
      /** Server name, already checked against the write-side name rule (docs/server-model.md). */
      name: string;
      /** The server's config object as given; structurally validated, not yet trusted. */
      config: Record<string, unknown>;
    }
  | { kind: 'focus' }
  | { kind: 'invalid'; reason: string };

/**
 * Parse a `mcp-switchboard://…` URL. Never throws.
 *
 * Accepted forms (host and path are case-insensitive, both `scheme://route` and `scheme:route`):
 * - `mcp-switchboard://`, `…://open`, `…://focus`, `…://oauth/done` (after a loopback sign-in)
 *   → `{kind:'focus'}`
 * - `…://oauth/callback?state=S&code=C` (or `&error=E&error_description=D`) → `oauth-callback`;
 *   `state` is required, and one of `code` / `error`.
 * - `…://install?name=N&config=C` → `install`, where `C` is the server's JSON object, either
 *   base64/base64url-encoded (Cursor's install-link style) or as plain URL-encoded JSON. The name
 *   must pass `validateServerName` and the config `installConfigErrors` (the writer's type and
 *   transport rules, docs/server-model.md; only http(s) URLs).
 * Anything else (other scheme, unknown route, missing or malformed parameter, > 16 KiB) →
 * `{kind:'invalid', reason}`.
 */
export function parseDeepLink(url: string): DeepLink {
  if (typeof url !== 'string' || url.trim() === '') return invalid('empty link');
  if (url.length > MAX_DEEP_LINK_LENGTH) return invalid(`link is longer than ${MAX_DEEP_LINK_LENGTH} characters`);
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return invalid('not a URL');
  }
  if (parsed.protocol.toLowerCase() !== `${DEEP_LINK_SCHEME}:`) {
    return invalid(`wrong scheme "${parsed.protocol.replace(/:$/, '')}" (expected ${DEEP_LINK_SCHEME})`);
  }
  // `scheme://oauth/callback` puts "oauth" in the host; `scheme:oauth/callback` puts it in the path.
  const route = [parsed.hostname, ...parsed.pathname.split('/')]
    .filter((part) => part !== '')
    .join('/')
    .toLowerCase();
  const params = parsed.searchParams;
  switch (route) {
    case '':
    case 'open':
    case 'focus':
    case 'oauth/done': // the loopback sign-in page hands over here: bring the app forward
      return { kind: 'focus' };
    case 'oauth/callback':
      return parseOAuthCallback(params);
    case 'install':
      return parseInstall(params);
    default:
      return invalid(`unknown link "${route}"`);
  }
}

/**
 * The deep link among process arguments (Windows and Linux pass the URL on the command line, on
 * first launch and in `second-instance`); `undefined` when there is none. Pure.
 */
export function findDeepLinkArg(argv: readonly string[]): string | undefined {
  const prefix = `${DEEP_LINK_SCHEME}:`;
  return argv.find((arg) => typeof arg === 'string' && arg.toLowerCase().startsWith(prefix));
}

/**
 * A description of a link that is safe to log: the route and parameter names, never their
 * values (an OAuth `code` or an install config may carry secrets — STYLE "tokens in logs").
 */
export function describeDeepLinkForLog(url: string): string {
  try {
    const parsed = new URL(url);
    const keys = [...new Set(parsed.searchParams.keys())];
    const route = [parsed.hostname, ...parsed.pathname.split('/')].filter((p) => p !== '').join('/');
    return `${parsed.protocol}//${route}${keys.length > 0 ? `?${keys.map((k) => `${k}=…`).join('&')}` : ''}`;
  } catch {
    return '(unparseable link)';
  }
}

function parseOAuthCallback(params: URLSearchParams): DeepLink {
  const state = params.get('state');
  if (!state) return invalid('OAuth callback without "state"');
  const code = params.get('code') ?? undefined;
  const error = params.get('error') ?? undefined;
  if (!code && !error) return invalid('OAuth callback without "code" or "error"');
  const errorDescription = params.get('error_description') ?? undefined;
  const iss = params.get('iss') ?? undefined;
  return {
    kind: 'oauth-callback',
    state,
    ...(code ? { code } : {}),
    ...(iss ? { iss } : {}),
    ...(error ? { error } : {}),
    ...(errorDescription ? { errorDescription } : {}),
  };
}

function parseInstall(params: URLSearchParams): DeepLink {
  return installFromParts(params.get('name'), params.get('config'));
}

/**
 * An install request from its two parts — the server `name` and its `config` (JSON, or base64 /
 * base64url JSON) — checked as `parseDeepLink` checks `…://install` (also used for Cursor's and
 * VS Code's install links, which carry the same parts). Never throws.
 */
export function installFromParts(name: string | null, rawConfig: string | null): DeepLink {
  if (name === null) return invalid('install link without "name"');
  const nameError = validateServerName(name);
  if (nameError) return invalid(`install link: ${nameError}`);
  if (rawConfig === null || rawConfig.trim() === '') return invalid('install link without "config"');
  const config = decodeConfig(rawConfig);
  if (config === undefined) return invalid('install link: "config" is neither JSON nor base64-encoded JSON');
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    return invalid('install link: "config" must be a JSON object');
  }
  const record = config as Record<string, unknown>;
  const errors = installConfigErrors(record);
  if (errors.length > 0) return invalid(`install link: ${errors.join('; ')}`);
  return { kind: 'install', name, config: record };
}

/** Typed fields of an install config, checked as the writer checks them (docs/server-model.md "writing is strict"). */
const InstallFieldsSchema = MCPServerSchema.omit({ name: true, transport: true, extensions: true }).partial();

/**
 * Why an install config would not be written (empty when it would): the writer's rules — field
 * types (`args` a list of strings, `env`/`headers` string maps, `enabled` a boolean, `timeout` a
 * positive number of ms, …), the transport rules of `validateServerConfig` — and, since the link
 * comes from a web page, a `url` must be `http:` or `https:`.
 */
export function installConfigErrors(config: Record<string, unknown>): string[] {
  const errors: string[] = [];
  // A link's url is judged whatever its transport, placeholders included (a web page sends it whole); said once.
  const url = typeof config.url === 'string' && config.url.trim() !== '' ? urlProblem(config.url.trim(), { placeholders: false }) : undefined;
  const transport = validateServerConfig(config);
  if (!transport.ok) errors.push(...transport.errors.filter((e) => e !== url));
  if (url) errors.push(url);
  const fields = InstallFieldsSchema.safeParse(config);
  if (!fields.success) errors.push(...fields.error.issues.map((i) => `"${i.path.join('.')}": ${i.message}`));
  // Issue 9 item 1: a link never binds another server's credential (the one rule, credential-binding.ts).
  const binding = installLinkBindingProblem(config);
  if (binding) errors.push(binding);
  const nul = nulPaths(config);
  if (nul.length > 0) errors.push(`${nul.map((p) => `"${showHidden(p)}"`).join(', ')} hold${nul.length === 1 ? 's' : ''} a NUL character (U+0000), which no program or request can carry`);
  return errors;
}

/** Paths (`args.1`, `env.X`, `command`) of the fields a program or request is given that hold U+0000 (names included). */
function nulPaths(config: Record<string, unknown>): string[] {
  const out: string[] = [];
  const check = (at: string, v: unknown): void => {
    if (typeof v === 'string' && v.includes('\u0000')) out.push(at);
  };
  for (const key of ['command', 'cwd', 'url']) check(key, config[key]);
  if (Array.isArray(config.args)) config.args.forEach((a, i) => check(`args.${i}`, a));
  for (const key of ['env', 'headers']) {
    const map = config[key];
    if (!map || typeof map !== 'object' || Array.isArray(map)) continue;
    for (const [k, v] of Object.entries(map)) {
      check(`${key}.${k}`, k);
      check(`${key}.${k}`, v);
    }
  }
  return [...new Set(out)];
}

/** Plain JSON first (it starts with `{`), then base64 / base64url JSON. `undefined` if neither. */
function decodeConfig(raw: string): unknown {
  const text = raw.trim();
  if (text.startsWith('{')) return tryJson(text);
  // A raw `+` in a query string arrives as a space (form encoding); base64 never holds spaces.
  const unspaced = text.replace(/ /g, '+');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(unspaced)) return undefined;
  const b64 = unspaced.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (b64.length % 4 === 1) return undefined; // no base64 string has this length
  try {
    const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    return tryJson(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function invalid(reason: string): DeepLink {
  return { kind: 'invalid', reason };
}
