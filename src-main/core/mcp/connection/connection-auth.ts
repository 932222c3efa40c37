/**
 * The seam between a connection and the OAuth owner (issue 6, docs/auth.md): before each connect the
 * connection asks for the transport's auth pieces; a failure that means "a person must sign in"
 * becomes status `needs-auth`; log lines lose every known secret. Implemented by
 * `core/auth/auth-service.ts`; optional everywhere (no auth → nothing changes).
 */
import type { FetchLike, OAuthClientProvider } from '@modelcontextprotocol/client';
import type { ServerDefinition } from '../../../../src-shared/config/server.js';
import { isPlainLocation, isSecretKey, isSecretValue, secretArgValues, type SecretValues } from '../../../../src-shared/redaction.js';

/** What one connect gets from the auth owner. */
export interface ConnectionAuthParts {
  /** http/sse: the SDK auth provider (the one writer of `Authorization`). */
  authProvider?: OAuthClientProvider;
  /** http/sse: the fetch with OAuth step-up. */
  fetch?: FetchLike;
  /** http/sse: a 2025-03-26 server without resource metadata, whose issuer cannot match (sign-in-flow.ts). */
  skipIssuerMetadataValidation?: boolean;
  /** stdio: extra environment (`OAUTH_ACCESS_TOKEN`). */
  env?: Record<string, string>;
  /** A line for the server's log (e.g. the keychain lookup failed). */
  note?: string;
  /** The credential binding rule refused this definition's credential (issue 9): fail before any request, with this reason. */
  refused?: string;
}

/** The auth owner as a connection sees it. */
export interface ConnectionAuth {
  /** The auth pieces of one connect of `def` (values already resolved). Never rejects. */
  prepare(def: ServerDefinition): Promise<ConnectionAuthParts>;
  /** Whether a connect or request failure means the server needs a sign-in (→ status `needs-auth`). */
  isSignInRequired(err: unknown): boolean;
  /** Why a sign-in is needed, when `err` says more than that (more scope, a new authorization server). */
  signInReason?(err: unknown): string | undefined;
  /** `text` without any known secret value. */
  redact(text: string): string;
  /** A deep copy of `value` without any known secret value (notifications kept in channels.jsonl). */
  redactValue?<T>(value: T): T;
  /** The held values `redact` applies, compiled (lets the trace redact each message in one pass). */
  heldValues?(): SecretValues;
  /** Remember a resolved value as secret (from the keychain, a `!command`, a secret-looking key). */
  remember?(value: string): void;
  /**
   * Send the SDK's own `[mcp-sdk] …` console lines written during `transport`'s start and sends
   * (OAuth on a 401) to `note` — the server's log — instead of the person's console (issue 27 item 9).
   */
  routeSdkLines?(transport: { start(): Promise<void>; send(...args: never[]): Promise<void> }, note: (text: string) => void): void;
}

/**
 * The resolved env/header/auth values of a definition that are held secrets — the values the
 * configuration itself supplied (issue 26 item 2, docs/security.md "Redaction"): those under a
 * secret key (`isSecretKey`), those that look like a credential whatever their key
 * (`isSecretValue`: token shapes, JWTs, high entropy), those that came from the keychain or a
 * secret reference (`${secret:…}`, `${input:…}`) or a `!command`, every static auth value, secret
 * arguments, and a URL's userinfo password. A value an ordinary environment variable filled in (an
 * env NAME resolved to its value, a `${VAR}` / `${env:VAR}` / `${VAR:-default}` expanded at
 * discovery) under a non-secret key is NOT held unless it looks like a credential: held, every
 * path under an expanded folder (`${DATA_ROOT:-/opt/data}`) came back `[redacted]/x.md` in results.
 * `raw` is the definition as configured (after discovery's expansion), `resolved` after value resolution.
 */
export function secretsToRemember(raw: SecretSource, resolved: SecretSource): string[] {
  const out: string[] = [];
  for (const field of ['env', 'headers'] as const) {
    for (const [key, value] of Object.entries(resolved[field] ?? {})) {
      const original = raw[field]?.[key] ?? '';
      const secret = value.replace(/^(Bearer|Basic)\s+/i, '');
      // A reference (`${input:key}`) or a command not yet run is no secret itself: never redact it.
      if (/\$\{[^}]*\}/.test(secret) || (value === original && original.startsWith('!'))) continue;
      const fromReference = original.startsWith('!') || /\$\{(?:secret|input):/.test(original);
      // Attack 8 F13: read from a variable whose NAME looks secret (`CFG: DB_PASSWORD`, `${SVC_SECRET}`): secret by its source.
      const fromSecretVariable = (value !== original && ENV_NAME.test(original) && isSecretKey(original)) || (raw.secretSourced?.includes(`${field}.${key}`) ?? false);
      // Keychain values and secret references are held whatever they look like; a location under a
      // secret key or from a `!command` (a key file's path, `!brew --prefix`, `localhost`) is not (attack 8 F8).
      const fromKeychain = /\$\{(?:secret|input):/.test(original);
      if (isSecretValue(value) || isSecretValue(secret) || fromKeychain) out.push(secret);
      else if ((isSecretKey(key) || fromReference || fromSecretVariable) && !isPlainLocation(secret)) out.push(secret);
    }
  }
  // Secrets given as arguments (`--api-key=sk-…`) stay in the file; their echo in stderr is still redacted.
  out.push(...secretArgValues(resolved.args ?? []));
  const auth = resolved.auth;
  if (auth?.type === 'bearer') out.push(auth.token);
  else if (auth?.type === 'basic') out.push(auth.password);
  else if (auth?.type === 'header') out.push(auth.value);
  for (const url of [raw.url, resolved.url]) {
    try {
      const password = url ? decodeURIComponent(new URL(url).password) : '';
      if (password) out.push(password);
    } catch {
      // not a URL: nothing to hold
    }
  }
  return out;
}

/** An environment variable's name, as an env NAME value is written (`DB_PASSWORD`). */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/** The parts of a definition that can hold secret values. */
interface SecretSource {
  /** `env.X` / `headers.X` expanded from a secret-looking variable (`ServerDefinition.secretSourced`). */
  secretSourced?: string[];
  env?: Record<string, string>;
  headers?: Record<string, string>;
  args?: string[];
  auth?: ServerDefinition['auth'];
  url?: string;
}

/**
 * Why a 401 from a server with a static credential is not a sign-in (trial 8 F13): when the
 * definition's credential was left out (`dropped`: an `auth.*` value or a secret-named header not resolved — an
 * unset variable, a missing keychain secret) or it carries a static `auth` (bearer, basic, header),
 * Sign in / `reauth` cannot help — the words say which value to give instead. `undefined` when the
 * server may use OAuth (no static credential): the usual sign-in message then applies.
 */
export function staticCredentialRefusal(name: string, def: Pick<ServerDefinition, 'auth' | 'headers'>, dropped: readonly { key: string; reason: string }[]): string | undefined {
  const leftOut = dropped.filter((d) => d.key.startsWith('auth.') || (d.key.startsWith('headers.') && isSecretKey(d.key.slice('headers.'.length))));
  if (leftOut.length > 0) {
    const what = leftOut.map((d) => `${d.key} was left out: ${d.reason.replace(/; not sent$/, '')}`).join('; ');
    return `"${name}" refused the connection (401) because its credential was not sent — ${what}. Give that value (set the variable and run switchboard restart ${name}, or switchboard edit ${name} --header "Authorization: Bearer …")`;
  }
  if (def.auth && def.auth.type !== 'oauth') {
    return `"${name}" refused its ${def.auth.type} credential (401): check the token in its definition (switchboard edit ${name} --header "Authorization: Bearer …"); it does not use OAuth, so signing in cannot help`;
  }
  return undefined;
}

/** The `lastError` of a server that needs a sign-in (docs/operator-verbs.md wording first). */
export function needsAuthMessage(name: string, detail?: string): string {
  return `Authentication required: sign in to "${name}" (Sign in button, or switchboard reauth ${name})${detail ? `. ${detail}` : ''}`;
}
