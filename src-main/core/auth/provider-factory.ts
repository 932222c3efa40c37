/**
 * Which `SwitchboardOAuthProvider` a credential gets (docs/auth.md): a background one for a
 * connection (never redirects, never registers) or an interactive one for a sign-in; a machine
 * client (`client_credentials`) has no redirect; `private_key_jwt` signs with the key kept in the
 * keychain (the SDK's signer).
 */
import { createPrivateKeyJwtAuth, type AddClientAuthentication, type FetchLike } from '@modelcontextprotocol/client';
import { CoreError } from '../facade/errors.js';
import type { CredentialStore, OAuthClientSettings } from './credential-store.js';
import { loopbackRedirectUri } from './loopback-server.js';
import { SwitchboardOAuthProvider } from './oauth-provider.js';

/** What every provider of one auth owner shares. */
export interface ProviderDeps {
  store: CredentialStore;
  clientName: string;
  fetchFn?: FetchLike;
  /** The RFC 9207 `iss` that came back with an authorization code. */
  issuerOf: (code: string) => string | undefined;
  /** Every secret a provider learns (for redaction). */
  onSecret: (value: string) => void;
}

/** What makes a provider interactive (a sign-in in progress). */
export interface InteractiveParts {
  redirectUrl: string;
  settings: OAuthClientSettings;
  onAuthorizationUrl: (url: URL) => Promise<string>;
}

/** The provider of `credentialId`: interactive with `interactive`, else background. */
export function createProvider(deps: ProviderDeps, credentialId: string, interactive?: InteractiveParts): SwitchboardOAuthProvider {
  const record = deps.store.record(credentialId);
  const settings = interactive?.settings ?? record.settings;
  const machine = settings?.grantType === 'client_credentials';
  return new SwitchboardOAuthProvider({
    credentialId,
    store: deps.store,
    clientName: deps.clientName,
    // A background provider never redirects; its URI only marks the authorization-code flow.
    redirectUrl: machine ? undefined : (interactive?.redirectUrl ?? loopbackRedirectUri(record.redirectPort ?? 0)),
    settings,
    ...(machine ? { prepareTokenRequest: clientCredentialsRequest } : {}),
    ...(settings?.privateKeyJwtAlg && settings.clientId ? { addClientAuthentication: privateKeyJwtAuth(deps.store, credentialId, settings.clientId, settings.privateKeyJwtAlg) } : {}),
    onAuthorizationUrl: interactive?.onAuthorizationUrl,
    issuerOf: deps.issuerOf,
    fetchFn: deps.fetchFn,
    onSecret: deps.onSecret,
  });
}

/** `private_key_jwt` client authentication with the key kept in the keychain (SDK's signer). */
function privateKeyJwtAuth(store: CredentialStore, credentialId: string, clientId: string, alg: string): AddClientAuthentication {
  return async (headers, params, url, metadata) => {
    const { privateKeyPem } = await store.secretsOf(credentialId);
    if (!privateKeyPem) throw new CoreError('AUTH_REQUIRED', 'OAuth authentication failed: no private key for this client in the keychain');
    await createPrivateKeyJwtAuth({ issuer: clientId, subject: clientId, privateKey: privateKeyPem, alg })(headers, params, url, metadata);
  };
}

/** The `client_credentials` token request (OAuth 2.1 §4.2; SEP-1046 machine clients). */
function clientCredentialsRequest(scope?: string): URLSearchParams {
  const params = new URLSearchParams({ grant_type: 'client_credentials' });
  if (scope) params.set('scope', scope);
  return params;
}
