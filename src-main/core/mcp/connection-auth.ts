/**
 * The seam between a connection and the OAuth owner (issue 6, SPEC §3): before each connect the
 * connection asks for the transport's auth pieces; a failure that means "a person must sign in"
 * becomes status `needs-auth`; log lines lose every known secret. Implemented by
 * `core/auth/auth-service.ts`; optional everywhere (no auth → nothing changes).
 */
import type { FetchLike, OAuthClientProvider } from '@modelcontextprotocol/client';
import type { ServerDefinition } from '../../../src-shared/config/server.js';

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
}

/** The auth owner as a connection sees it. */
export interface ConnectionAuth {
  /** The auth pieces of one connect of `def` (values already resolved). Never rejects. */
  prepare(def: ServerDefinition): Promise<ConnectionAuthParts>;
  /** Whether a connect failure means the server needs a sign-in (→ status `needs-auth`). */
  isSignInRequired(err: unknown): boolean;
  /** `text` without any known secret value. */
  redact(text: string): string;
  /** Remember a resolved value as secret (from the keychain, a `!command`, a secret-looking key). */
  remember?(value: string): void;
}

/** Keys whose values are secrets whatever they hold (`API_KEY`, `Authorization`, `x-api-token`…). */
export const SECRET_KEY = /token|key|secret|password|passwd|auth|credential|cookie|session/i;

/**
 * The resolved env/header values of a definition that are secrets (SPEC §3): those under a
 * secret-looking key, and those that came from the keychain (`${secret:…}`, `${input:…}`) or a
 * `!command`. `raw` is the definition as configured, `resolved` after value resolution.
 */
export function secretsToRemember(
  raw: { env?: Record<string, string>; headers?: Record<string, string> },
  resolved: { env?: Record<string, string>; headers?: Record<string, string> },
): string[] {
  const out: string[] = [];
  for (const field of ['env', 'headers'] as const) {
    for (const [key, value] of Object.entries(resolved[field] ?? {})) {
      const original = raw[field]?.[key] ?? '';
      if (SECRET_KEY.test(key) || original.startsWith('!') || original.includes('${')) out.push(value.replace(/^(Bearer|Basic)\s+/i, ''));
    }
  }
  return out;
}

/** The `lastError` of a server that needs a sign-in (SPEC §5 wording first). */
export function needsAuthMessage(name: string, detail?: string): string {
  return `Authentication required: sign in to "${name}" (Sign in button, or switchboard reauth ${name})${detail ? `. ${detail}` : ''}`;
}
