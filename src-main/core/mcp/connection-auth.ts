/**
 * The seam between a connection and the OAuth owner (issue 6, docs/auth.md): before each connect the
 * connection asks for the transport's auth pieces; a failure that means "a person must sign in"
 * becomes status `needs-auth`; log lines lose every known secret. Implemented by
 * `core/auth/auth-service.ts`; optional everywhere (no auth → nothing changes).
 */
import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { FetchLike, OAuthClientProvider } from '@modelcontextprotocol/client';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import { isSecretKey, isSecretValue, secretArgValues, type SecretValues } from '../../../src-shared/redaction.js';

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
}

/**
 * The resolved env/header/auth values of a definition that are secrets (docs/auth.md, issue 9 item 4):
 * those under a secret key (the one rule, `isSecretKey`), those that came from the keychain
 * (`${secret:…}`, `${input:…}`), a `!command`, an environment variable (an env NAME resolved to its
 * value, or a `${VAR}` / `${env:VAR}` expanded at discovery: `expanded` lists those keys — except a
 * value that is an existing absolute path, a place such as `${HOME}`), every
 * static auth value, and a URL's userinfo password. `raw` is the definition as configured,
 * `resolved` after value resolution.
 */
export function secretsToRemember(raw: SecretSource & { expanded?: readonly string[] }, resolved: SecretSource): string[] {
  const out: string[] = [];
  for (const field of ['env', 'headers'] as const) {
    for (const [key, value] of Object.entries(resolved[field] ?? {})) {
      const original = raw[field]?.[key] ?? '';
      // An environment variable's value is held, unless it names a place that exists (`${HOME}`,
      // `${workspaceFolder}/logs`): held, every path under it read `[redacted]` in status and --json.
      const fromEnvironment = raw.expanded?.includes(`${field}.${key}`) === true && !isExistingPath(value);
      const fromElsewhere = original !== value || original.startsWith('!') || original.includes('${') || fromEnvironment;
      const secret = value.replace(/^(Bearer|Basic)\s+/i, '');
      // A reference (`${input:key}`) or a command not yet run is no secret itself: never redact it.
      if (/\$\{[^}]*\}/.test(secret) || (value === original && original.startsWith('!'))) continue;
      if (isSecretKey(key) || isSecretValue(value) || fromElsewhere) out.push(secret);
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

/**
 * Whether `value` is an absolute path that exists on this machine: a location, not a credential (a
 * token that is also an existing file path does not occur). Never throws.
 */
function isExistingPath(value: string): boolean {
  return isAbsolute(value) && existsSync(value);
}

/** The parts of a definition that can hold secret values. */
interface SecretSource {
  env?: Record<string, string>;
  headers?: Record<string, string>;
  args?: string[];
  auth?: ServerDefinition['auth'];
  url?: string;
}

/** The `lastError` of a server that needs a sign-in (docs/operator-verbs.md wording first). */
export function needsAuthMessage(name: string, detail?: string): string {
  return `Authentication required: sign in to "${name}" (Sign in button, or switchboard reauth ${name})${detail ? `. ${detail}` : ''}`;
}
