/**
 * Credential ids (SPEC §3): a server's OAuth credential is keyed by `credentialId`, by default one
 * derived from its URL, so two servers behind the same URL — or a stdio server naming the same id —
 * share one sign-in. Pure.
 */

/** Keychain account prefix of an OAuth credential (`oauth:<credentialId>`). */
export const OAUTH_ACCOUNT_PREFIX = 'oauth:';

/**
 * The default credential id of a server URL: `<scheme>//<host>[:port]<path>` with the host lower-cased,
 * no trailing slash, no query or fragment (`https://Example.com/mcp/?x=1` → `https://example.com/mcp`).
 * Returns `undefined` for a value that is not an absolute http(s) URL.
 */
export function defaultCredentialId(serverUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host.toLowerCase()}${path}`;
}

/** The keychain account that holds a credential's secrets. */
export function oauthAccount(credentialId: string): string {
  return `${OAUTH_ACCOUNT_PREFIX}${credentialId}`;
}
