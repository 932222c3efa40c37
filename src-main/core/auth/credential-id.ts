/**
 * Credential ids (docs/auth.md): a server's OAuth credential is keyed by `credentialId`, by default one
 * derived from its URL, so two servers behind the same URL — or a stdio server naming the same id —
 * share one sign-in. Pure.
 */
import { credentialResource } from '../../../src-shared/config/credential-binding.js';

/** Keychain account prefix of an OAuth credential (`oauth:<credentialId>`). */
export const OAUTH_ACCOUNT_PREFIX = 'oauth:';

/**
 * The default credential id of a server URL: its canonical resource (`credentialResource`,
 * src-shared/config/credential-binding.ts: `https://Example.com/mcp/?x=1` → `https://example.com/mcp`).
 * Returns `undefined` for a value that is not an absolute http(s) URL.
 */
export function defaultCredentialId(serverUrl: string): string | undefined {
  return credentialResource(serverUrl);
}

/** The keychain account that holds a credential's secrets. */
export function oauthAccount(credentialId: string): string {
  return `${OAUTH_ACCOUNT_PREFIX}${credentialId}`;
}
