/**
 * The seam between a connection and the OAuth owner (issue 6, SPEC §3): before each connect the
 * connection asks for the transport's auth pieces; a failure that means "a person must sign in"
 * becomes status `needs-auth`; log lines lose every known secret. Implemented by
 * `core/auth/auth-service.ts`; optional everywhere (no auth → nothing changes).
 */
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ServerDefinition } from '../../../src-shared/config/server.js';

/** What one connect gets from the auth owner. */
export interface ConnectionAuthParts {
  /** http/sse: the SDK auth provider (the one writer of `Authorization`). */
  authProvider?: OAuthClientProvider;
  /** http/sse: the fetch with OAuth step-up. */
  fetch?: FetchLike;
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
}

/** The `lastError` of a server that needs a sign-in (SPEC §5 wording first). */
export function needsAuthMessage(name: string, detail?: string): string {
  return `Authentication required: sign in to "${name}" (Sign in button, or switchboard reauth ${name})${detail ? `. ${detail}` : ''}`;
}
