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
import type { Auth } from '../../../src-shared/config/server.js';
import { CompanyGrantError, enterpriseGrant, JWT_BEARER_GRANT, workloadGrant, type CompanyGrantDeps } from './company-grants.js';

/** What every provider of one auth owner shares. */
export interface ProviderDeps {
  store: CredentialStore;
  clientName: string;
  fetchFn?: FetchLike;
  /** The RFC 9207 `iss` that came back with an authorization code. */
  issuerOf: (code: string) => string | undefined;
  /** Every secret a provider learns (for redaction). */
  onSecret: (value: string) => void;
  /** Identity providers and the environment, for company grants (issue 38; company-grants.ts). */
  company?: Pick<CompanyGrantDeps, 'idps' | 'env'>;
}

/** What makes a provider interactive (a sign-in in progress). */
export interface InteractiveParts {
  redirectUrl: string;
  settings: OAuthClientSettings;
  onAuthorizationUrl: (url: URL) => Promise<string>;
}

/** The provider of `credentialId`: interactive with `interactive`, else background. */
export function createProvider(deps: ProviderDeps, credentialId: string, interactive?: InteractiveParts, auth?: Auth): SwitchboardOAuthProvider {
  const company = auth?.type === 'oauth' ? companyProvider(deps, credentialId, auth) : undefined;
  if (company) return company;
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

/**
 * A company grant's provider (enterprise-managed authorization, workload identity): never a redirect,
 * never a browser — the SDK's non-interactive path runs the JWT bearer grant (company-grants.ts).
 */
function companyProvider(deps: ProviderDeps, credentialId: string, auth: Extract<Auth, { type: 'oauth' }>): SwitchboardOAuthProvider | undefined {
  const grantDeps: CompanyGrantDeps = { store: deps.store, fetchFn: deps.fetchFn, onSecret: deps.onSecret, ...deps.company };
  const grant = auth.workload ? workloadGrant(grantDeps, auth.workload) : auth.idp ? enterpriseGrant(grantDeps, credentialId, auth.idp) : undefined;
  if (!grant) return undefined;
  const settings = deps.store.record(credentialId).settings ?? {};
  const clientId = grant.clientId ?? auth.clientId ?? settings.clientId;
  const keyAuth = settings.privateKeyJwtAlg && clientId ? privateKeyJwtAuth(deps.store, credentialId, clientId, settings.privateKeyJwtAlg) : undefined;
  return new SwitchboardOAuthProvider({
    credentialId,
    store: deps.store,
    clientName: deps.clientName,
    settings: { ...settings, ...(clientId ? { clientId } : {}) },
    prepareTokenRequest: grant.prepareTokenRequest,
    onTokensSaved: grant.tokensSaved,
    // A registration asks for what the client will do: the JWT bearer grant (RFC 7523 §2.1).
    grantTypes: [JWT_BEARER_GRANT],
    // A workload always names its client; an enterprise server without one needs it said in our words.
    noClientError: () =>
      new CompanyGrantError(
        `Enterprise-managed authorization needs Switchboard's client id at this server's authorization server, which offers no registration: set "clientId" in the server's "auth" in servers.json (the id its administrator registered for Switchboard)`,
        'unusable',
      ),
    ...((grant.addClientAuthentication ?? keyAuth) ? { addClientAuthentication: grant.addClientAuthentication ?? keyAuth } : {}),
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
