/**
 * The fetch an OAuth server's transport uses (docs/auth.md step-up): a `403` with
 * `error="insufficient_scope"` from the MCP server re-authorises with the union of the granted and
 * the required scopes and retries the request once, with the new token from the provider (which
 * stays the one source of the `Authorization` value). The SDK's own upscoping re-runs `auth()`,
 * which only refreshes when a refresh token exists — that cannot widen the scope (docs/testing.md).
 * A retry of a DPoP request carries the new token with the `DPoP` scheme and a fresh proof (dpop-fetch.ts).
 */
import { isDpopNonceChallenge, type FetchLike } from '@modelcontextprotocol/client';
import type { SwitchboardOAuthProvider } from './oauth-provider.js';
import { challengeOf, type AuthChallenge } from './sign-in-flow.js';
import { retryHeaders } from './dpop-fetch.js';

/** Options of `createAuthFetch`. */
export interface AuthFetchOptions {
  provider: SwitchboardOAuthProvider;
  serverUrl: string;
  /** Re-authorise with `scope`; resolves `true` when new tokens were saved. */
  stepUp: (scope: string | undefined, resourceMetadataUrl: URL | undefined) => Promise<boolean>;
  /** Every 401/403 challenge of the MCP server (the sign-in reuses it). */
  onChallenge?: (challenge: AuthChallenge) => void;
  base?: FetchLike;
}

/** A fetch with step-up on `insufficient_scope` (see the file comment). */
export function createAuthFetch(options: AuthFetchOptions): FetchLike {
  const base = options.base ?? fetch;
  const server = new URL(options.serverUrl);
  return async (url, init) => {
    const res = await base(url, init);
    const target = new URL(String(url));
    if (target.origin !== server.origin) return res;
    const challenge = challengeOf(res);
    if (!challenge) return res;
    options.onChallenge?.(challenge);
    if (challenge.status === 401) {
      // Refresh once for every connection sharing the credential, then retry this request once.
      const used = /^(?:Bearer|DPoP)\s+(.+)$/i.exec(new Headers(init?.headers).get('authorization') ?? '')?.[1];
      // A nonce challenge is no refusal of the token: the SDK's DPoP layer above retries it with the nonce.
      if (!used || isDpopNonceChallenge(res)) return res;
      const fresh = await options.provider.refreshAfterRejection(used).catch(() => undefined);
      if (!fresh) return res;
      await res.body?.cancel().catch(() => undefined);
      return base(url, { ...init, headers: await retryHeaders(options.provider, url, init, fresh) });
    }
    if (challenge.status !== 403 || challenge.error !== 'insufficient_scope') return res;
    let upgraded = false;
    try {
      upgraded = await options.stepUp(challenge.scope, challenge.resourceMetadataUrl);
    } catch {
      upgraded = false;
    }
    if (!upgraded) return res;
    const tokens = await options.provider.tokens();
    if (!tokens) return res;
    await res.body?.cancel().catch(() => undefined);
    return base(url, { ...init, headers: await retryHeaders(options.provider, url, init, tokens.access_token) });
  };
}
