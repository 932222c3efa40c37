/**
 * The person's one sign-in to a company identity provider (issue 38 item 2; docs/auth.md
 * "Enterprise-managed authorization"): OpenID Connect authorization code with PKCE through the
 * SDK's `startAuthorization` / `exchangeAuthorization`, the loopback redirect as every sign-in
 * (RFC 8252; the port is kept per identity provider, so the IdP can register one redirect URI),
 * the pending flow keyed by `state` as the servers' sign-ins. The ID token that comes back is
 * checked for what OpenID Connect asks of a token received straight from the token endpoint (`iss`,
 * `aud`, `nonce`, `exp`; its signature is TLS's job there, OIDC Core §3.1.3.7) and kept in the
 * keychain as the session; the servers that use the IdP then get their tokens without a browser.
 */
import { randomBytes } from 'node:crypto';
import { discoverAuthorizationServerMetadata, exchangeAuthorization, startAuthorization, type FetchLike } from '@modelcontextprotocol/client';
import { CoreError } from '../facade/errors.js';
import { jwtExpiry, type IdentityProviders } from './identity-providers.js';
import { freeLoopbackPort, loopbackRedirectUri, type LoopbackListeners } from './loopback-server.js';
import { DEFAULT_FLOW_TIMEOUT_MS, OAuthFlowError, type PendingFlows } from './pending-flows.js';

export interface IdpSignInDeps {
  idps: IdentityProviders;
  flows: PendingFlows;
  listeners: LoopbackListeners;
  fetchFn?: FetchLike;
  openExternal?: (url: string) => void | Promise<void>;
  flowTimeoutMs?: number;
  onSecret: (value: string) => void;
}

/**
 * Start the sign-in to identity provider `name`. Resolves once the authorization URL is known;
 * `done` settles when the session is kept (or rejects with the reason in words). Rejects with
 * `CoreError` NOT_FOUND (no such IdP), CONNECTION_FAILED (its metadata cannot be read).
 */
export async function startIdpSignIn(deps: IdpSignInDeps, name: string): Promise<{ authorizationUrl: string; done: Promise<void> }> {
  const idp = deps.idps.get(name);
  if (!idp) throw new CoreError('NOT_FOUND', `No identity provider "${name}": add it with switchboard idp add ${name} --issuer <url> --client-id <id>`);
  const metadata = await discoverAuthorizationServerMetadata(idp.issuer, { fetchFn: deps.fetchFn }).catch((err: unknown) => {
    throw new CoreError('CONNECTION_FAILED', `Cannot read the OpenID Connect metadata of the identity provider "${name}" (${idp.issuer}): ${err instanceof Error ? err.message : String(err)}`);
  });
  if (!metadata?.authorization_endpoint) throw new CoreError('CONNECTION_FAILED', `The identity provider "${name}" (${idp.issuer}) publishes no authorization endpoint`);
  const { clientSecret } = await deps.idps.secretsOf(name);
  const clientInformation = { client_id: idp.clientId, ...(clientSecret ? { client_secret: clientSecret } : {}) };
  const port = idp.redirectPort ?? (await freeLoopbackPort());
  if (idp.redirectPort === undefined) await deps.idps.set(name, { ...idp, redirectPort: port });
  const release = await deps.listeners.acquire(port);
  const redirectUrl = loopbackRedirectUri(port);
  const state = randomBytes(32).toString('base64url');
  const nonce = randomBytes(16).toString('base64url');
  let started;
  try {
    started = await startAuthorization(idp.issuer, { metadata, clientInformation, redirectUrl, scope: idp.scope ?? 'openid', state });
  } catch (err) {
    release();
    throw err;
  }
  started.authorizationUrl.searchParams.set('nonce', nonce);
  const code = deps.flows.begin(state, { timeoutMs: deps.flowTimeoutMs ?? DEFAULT_FLOW_TIMEOUT_MS });
  const done = code
    .then(async (authorizationCode) => {
      const tokens = await exchangeAuthorization(idp.issuer, {
        metadata,
        clientInformation,
        authorizationCode,
        iss: deps.flows.issuerOf(authorizationCode),
        codeVerifier: started.codeVerifier,
        redirectUri: redirectUrl,
        fetchFn: deps.fetchFn,
      });
      const idToken = tokens.id_token;
      if (!idToken) throw new OAuthFlowError(`The identity provider "${name}" returned no ID token (is "openid" in its scope?)`);
      deps.onSecret(idToken);
      deps.onSecret(tokens.access_token);
      const problem = idTokenProblem(idToken, { issuer: metadata.issuer, clientId: idp.clientId, nonce });
      if (problem) throw new OAuthFlowError(`The identity provider "${name}" returned an ID token that is not for this sign-in (${problem})`);
      // Removed or pointed elsewhere while the person was at the IdP: this session is not the IdP's now.
      const now = deps.idps.get(name);
      if (!now || now.issuer !== idp.issuer || now.clientId !== idp.clientId) throw new OAuthFlowError(`The identity provider "${name}" was removed or changed during the sign-in; the session was not kept`);
      await deps.idps.updateSecrets(name, (s) => ({ ...s, session: { idToken, expiresAt: jwtExpiry(idToken), signedInAt: Date.now() } }));
    })
    .finally(release);
  done.catch(() => undefined);
  if (deps.openExternal) void Promise.resolve(deps.openExternal(started.authorizationUrl.href)).catch(() => undefined);
  return { authorizationUrl: started.authorizationUrl.href, done };
}

/** What is wrong with an ID token's claims for this sign-in, in words; `undefined` when nothing. */
export function idTokenProblem(idToken: string, want: { issuer: string; clientId: string; nonce?: string; now?: number }): string | undefined {
  let claims: { iss?: unknown; aud?: unknown; nonce?: unknown; exp?: unknown };
  try {
    claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as typeof claims;
  } catch {
    return 'not a JWT';
  }
  if (claims.iss !== want.issuer) return `issuer is not ${want.issuer}`;
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!aud.includes(want.clientId)) return `audience is not ${want.clientId}`;
  if (want.nonce !== undefined && claims.nonce !== want.nonce) return 'nonce does not match';
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= (want.now ?? Date.now())) return 'already expired';
  return undefined;
}
