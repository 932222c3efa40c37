/**
 * The SDK's `OAuthClientProvider` seam (ARCHITECTURE rule 8), backed by the keychain credential
 * store (docs/auth.md). The SDK's `auth()` does discovery (protected-resource metadata from
 * `WWW-Authenticate` first, then well-known paths; OAuth and OIDC authorization-server metadata),
 * dynamic registration, PKCE, `resource`, scope selection and the token requests; this provider
 * supplies and keeps what it needs, and is the one writer of the `Authorization` header (the
 * transports read `tokens()`).
 *
 * Two modes: a connection's provider is *background* — it never opens a browser or registers a
 * client, it throws `SignInRequiredError` (an `UnauthorizedError`) instead, which the connection
 * shows as `needs-auth`; a sign-in's provider is *interactive* — `redirectToAuthorization` hands
 * the URL to `onAuthorizationUrl`, which opens it and waits for the redirect.
 */
import { randomBytes } from 'node:crypto';
import {
  OAuthError,
  OAuthErrorCode,
  refreshAuthorization,
  UnauthorizedError,
  type DpopSession,
  type FetchLike,
  type OAuthClientInformationContext,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type OAuthTokens,
} from '@modelcontextprotocol/client';
import { dpopOf } from './dpop-keys.js';
import { clientFor, otherIssuers, withClient, withoutClientOf, type StampedClient } from './client-registrations.js';
import type { CredentialStore, OAuthClientSettings, StoredTokens } from './credential-store.js';

/** Refresh this long before the access token's expiry (ms), so a request never carries a dying token. */
export const REFRESH_SKEW_MS = 30_000;

/** The redirect path on the loopback listener. */
export const LOOPBACK_CALLBACK_PATH = '/oauth/callback';

/** `SignInRequiredError`'s message when there is nothing more to say. */
export const DEFAULT_SIGN_IN_MESSAGE = 'Authentication required: sign in to this server';

/** A server needs a person to sign in (no usable token, and this provider may not start a flow). */
export class SignInRequiredError extends UnauthorizedError {
  constructor(message = DEFAULT_SIGN_IN_MESSAGE) {
    super(message);
    this.name = 'UnauthorizedError';
  }
}

/** Options of `SwitchboardOAuthProvider`. */
export interface SwitchboardOAuthProviderOptions {
  credentialId: string;
  store: CredentialStore;
  /** `client_name` in dynamic registration. */
  clientName: string;
  /**
   * The redirect URI (loopback `http://127.0.0.1:<port>/oauth/callback`, or the deep link where a
   * server accepts private-use schemes). `undefined` makes a non-interactive client (client credentials).
   */
  redirectUrl?: string;
  settings?: OAuthClientSettings;
  /** A configured client secret (not stored by this provider). */
  clientSecret?: string;
  /**
   * Interactive mode: open this authorization URL and resolve with the authorization code from
   * the redirect (or reject). Absent: background mode.
   */
  onAuthorizationUrl?: (url: URL) => Promise<string>;
  /** Token-endpoint auth override (e.g. private_key_jwt); the SDK picks basic/post/none otherwise. */
  addClientAuthentication?: OAuthClientProvider['addClientAuthentication'];
  /** The RFC 9207 `iss` that came back with an authorization code (interactive mode). */
  issuerOf?: (code: string) => string | undefined;
  /** Non-interactive grant (client_credentials) parameters. */
  prepareTokenRequest?: OAuthClientProvider['prepareTokenRequest'];
  /** The grant types a dynamic registration without a redirect asks for (default `client_credentials`). */
  grantTypes?: string[];
  /**
   * The error when no client is known and the authorization server offers no registration (a company
   * grant: the person must name the pre-registered client id); absent, the SDK's own words.
   */
  noClientError?: () => Error;
  /** Called after tokens from a token request are saved (company grants: the grant was answered). */
  onTokensSaved?: () => void;
  /** The fetch used for proactive refreshes. */
  fetchFn?: FetchLike;
  /** The keychain could not be read (the request goes out without a token). */
  onLookupFailed?: (err: unknown) => void;
  /** Called with every token value this provider learns (for redaction). */
  onSecret?: (value: string) => void;
  /** Clock (epoch ms). */
  now?: () => number;
}

/** One credential's `OAuthClientProvider` (see the file comment for the two modes). */
export class SwitchboardOAuthProvider implements OAuthClientProvider {
  readonly credentialId: string;
  readonly clientMetadataUrl?: string;
  private verifier?: string;
  /** What this provider's own `auth()` runs discovered (see `discoveryState`). */
  private discovered?: OAuthDiscoveryState;
  private pendingCode?: Promise<string>;
  private readonly now: () => number;

  constructor(private readonly options: SwitchboardOAuthProviderOptions) {
    this.credentialId = options.credentialId;
    this.clientMetadataUrl = options.settings?.clientMetadataUrl;
    this.now = options.now ?? Date.now;
    if (options.addClientAuthentication) this.addClientAuthentication = options.addClientAuthentication;
    if (options.prepareTokenRequest) this.prepareTokenRequest = options.prepareTokenRequest;
  }

  addClientAuthentication?: OAuthClientProvider['addClientAuthentication'];
  prepareTokenRequest?: OAuthClientProvider['prepareTokenRequest'];

  get interactive(): boolean {
    return this.options.onAuthorizationUrl !== undefined;
  }

  get redirectUrl(): string | undefined {
    return this.options.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const redirect = this.options.redirectUrl;
    const scope = this.options.settings?.scope;
    return {
      client_name: this.options.clientName,
      redirect_uris: redirect ? [redirect] : [],
      grant_types: redirect ? ['authorization_code', 'refresh_token'] : (this.options.grantTypes ?? ['client_credentials']),
      response_types: redirect ? ['code'] : [],
      token_endpoint_auth_method: this.options.clientSecret ? 'client_secret_basic' : 'none',
      ...(scope ? { scope } : {}),
    };
  }

  state(): string {
    return randomBytes(32).toString('base64url');
  }

  /**
   * The client to use with the authorization server `ctx.issuer` (without `ctx`: the one of the
   * last discovery). Order (docs/auth.md "Which client"): the person's pre-registered client id,
   * then a client ID metadata document where the server supports one (the SDK uses
   * `clientMetadataUrl` when this returns nothing), then the client registered dynamically with
   * this issuer; `undefined` lets the SDK register. A client of another issuer is never returned
   * (SEP-2352). A background provider never registers: it throws `SignInRequiredError`, naming
   * the new authorization server when the server moved.
   */
  async clientInformation(ctx?: OAuthClientInformationContext): Promise<OAuthClientInformationMixed | undefined> {
    let secrets;
    try {
      secrets = await this.options.store.secretsOf(this.credentialId);
    } catch (err) {
      if (!this.interactive) throw new SignInRequiredError(err instanceof Error ? err.message : String(err));
      throw err;
    }
    const issuer = ctx?.issuer ?? this.issuer();
    const stored: StampedClient | undefined = issuer ? clientFor(secrets, issuer) : ((secrets.client as StampedClient | undefined) ?? firstClient(secrets.clients));
    const configuredId = this.options.settings?.clientId;
    if (configuredId) {
      if (stored?.client_id === configuredId) return stored;
      // Bound to another authorization server by its first use: not presented here (SEP-2352).
      const elsewhere = issuer ? otherIssuers(secrets, issuer).find((key) => secrets.clients?.[key]?.client_id === configuredId) : undefined;
      if (!elsewhere) return stamped({ client_id: configuredId, ...(this.options.clientSecret ? { client_secret: this.options.clientSecret } : {}) }, issuer);
      if (!this.interactive) throw new SignInRequiredError(movedMessage(issuer!, elsewhere));
    }
    // A client ID metadata document before a dynamic registration (DCR is deprecated in 2026-07-28).
    const cimd = this.options.settings?.clientMetadataUrl;
    if (this.interactive && cimd && stored && stored.client_id !== cimd && this.discovered?.authorizationServerMetadata?.client_id_metadata_document_supported === true) return undefined;
    if (stored) return stamped(stored, issuer);
    // A background connection must not register a client (with a port nobody listens on).
    if (!this.interactive && this.options.redirectUrl) {
      const moved = issuer ? otherIssuers(secrets, issuer)[0] : undefined;
      throw new SignInRequiredError(moved ? movedMessage(issuer!, moved) : undefined);
    }
    const metadata = (this.discovered ?? this.options.store.record(this.credentialId).discovery)?.authorizationServerMetadata;
    if (this.options.noClientError && metadata && !metadata.registration_endpoint) throw this.options.noClientError();
    return undefined;
  }

  async saveClientInformation(info: OAuthClientInformationMixed, ctx?: OAuthClientInformationContext): Promise<void> {
    if ('client_secret' in info && typeof info.client_secret === 'string') this.options.onSecret?.(info.client_secret);
    const issuer = ctx?.issuer ?? (info as StampedClient).issuer ?? this.issuer();
    await this.options.store.updateSecrets(this.credentialId, (s) => (issuer ? withClient(s, info, issuer) : { ...s, client: info }));
  }

  /** The issuer of the authorization server this provider last discovered (or the stored discovery's). */
  private issuer(): string | undefined {
    const d = this.discovered ?? this.options.store.record(this.credentialId).discovery;
    return d?.authorizationServerMetadata?.issuer ?? d?.authorizationServerUrl;
  }

  /**
   * The stored tokens; refreshed first when they expire within `REFRESH_SKEW_MS` (one refresh per
   * credential at a time, shared by every connection using it). A refresh the authorization server
   * refuses (`invalid_grant`…) drops the tokens alone (the server then answers 401 and the connection
   * shows `needs-auth`); one that fails otherwise (network, outage) keeps them for the next try.
   */
  async tokens(ctx?: OAuthClientInformationContext): Promise<OAuthTokens | undefined> {
    let tokens: StoredTokens | undefined;
    try {
      tokens = (await this.options.store.secretsOf(this.credentialId)).tokens;
    } catch (err) {
      // docs/auth.md: a failed lookup warns and connects unauthenticated.
      this.options.onLookupFailed?.(err);
      return undefined;
    }
    if (!tokens) return undefined;
    // Short-lived tokens refresh at half their life, long ones REFRESH_SKEW_MS before expiry.
    const skew = Math.min(REFRESH_SKEW_MS, typeof tokens.expires_in === 'number' ? tokens.expires_in * 500 : REFRESH_SKEW_MS);
    if (tokens.expires_at !== undefined && tokens.expires_at - skew <= this.now() && tokens.refresh_token) {
      const fresh = await this.options.store.once(`refresh:${this.credentialId}`, () => this.refresh(tokens));
      return fresh ? stamped(publicTokens(fresh), ctx?.issuer) : undefined;
    }
    this.options.onSecret?.(tokens.access_token);
    return stamped(publicTokens(tokens), ctx?.issuer);
  }

  /**
   * The server refused `usedToken` (401). Resolves the access token to retry with: the stored one
   * when another connection already replaced it, else a fresh one from one refresh (shared with
   * concurrent callers); `undefined` when there is none (a person must sign in).
   */
  async refreshAfterRejection(usedToken: string): Promise<string | undefined> {
    let current: StoredTokens | undefined;
    try {
      current = (await this.options.store.secretsOf(this.credentialId)).tokens;
    } catch {
      return undefined;
    }
    if (!current) return undefined;
    if (current.access_token !== usedToken) return current.access_token;
    if (!current.refresh_token) return undefined;
    const fresh = await this.options.store.once(`refresh:${this.credentialId}`, () => this.refresh(current));
    return fresh && fresh.access_token !== usedToken ? fresh.access_token : undefined;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.store(tokens);
    this.options.onTokensSaved?.();
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const open = this.options.onAuthorizationUrl;
    if (!open) throw new SignInRequiredError(this.moreScopeMessage(authorizationUrl.searchParams.get('scope') ?? undefined));
    // RFC 9449 §10: the code is bound to our DPoP key (the token request's proof must match it).
    const dpop = await this.dpop();
    if (dpop) authorizationUrl.searchParams.set('dpop_jkt', dpop.thumbprint);
    this.pendingCode = open(authorizationUrl);
    // Handled by whoever awaits `authorizationCode()`; never an unhandled rejection meanwhile.
    this.pendingCode.catch(() => undefined);
  }

  /**
   * A background provider asked to authorize with scope beyond what the tokens hold (the SDK's
   * step-up on `403 insufficient_scope`): the sentence naming the missing scopes, else `undefined`.
   */
  private moreScopeMessage(wanted: string | undefined): string | undefined {
    const granted = new Set((this.options.store.record(this.credentialId).scope ?? '').split(/\s+/).filter(Boolean));
    if (granted.size === 0 || !wanted) return undefined;
    const missing = wanted.split(/\s+/).filter((s) => s && !granted.has(s) && s !== 'offline_access');
    return missing.length > 0 ? `Authentication required: the server asks for more scope (${missing.join(' ')}); sign in again to grant it` : undefined;
  }

  /** The code of the flow `redirectToAuthorization` started (rejects on timeout, error, cancel). */
  authorizationCode(): Promise<string> {
    if (!this.pendingCode) return Promise.reject(new Error('No sign-in is in progress'));
    return this.pendingCode;
  }

  /** The `iss` the redirect carried with `code` (RFC 9207), if any. */
  authorizationIssuer(code: string): string | undefined {
    return this.options.issuerOf?.(code);
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('No PKCE code verifier for this sign-in');
    return this.verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    const { store, credentialId } = this.options;
    if (scope === 'verifier') {
      this.verifier = undefined;
      return;
    }
    if (scope === 'tokens') await store.updateSecrets(credentialId, ({ tokens: _tokens, ...rest }) => rest);
    else if (scope === 'client') {
      // The authorization server refused this client: forget it there only (other issuers' stay).
      const issuer = this.issuer();
      await store.updateSecrets(credentialId, (s) => withoutClientOf(s, issuer));
    } else if (scope === 'all') await store.updateSecrets(credentialId, (s) => (s.privateKeyPem ? { privateKeyPem: s.privateKeyPem } : {}));
    if (scope === 'all' || scope === 'discovery') {
      this.discovered = undefined;
      await store.updateRecord(credentialId, (r) => ({ ...r, discovery: undefined }));
    }
  }

  /**
   * The credential's DPoP session (RFC 9449; dpop-provider.ts): the SDK signs the token requests
   * with it and the transports present a `DPoP`-typed token with a fresh proof per request.
   */
  dpop(): Promise<DpopSession | undefined> {
    return dpopOf(this.options.store, this.credentialId, this.discovered, this.interactive || !this.options.redirectUrl);
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    this.discovered = state;
    await this.options.store.updateRecord(this.credentialId, (r) => ({ ...r, discovery: state }));
  }

  /**
   * Only what this provider discovered itself: every `auth()` run of a new provider (a sign-in, a
   * connection's 401) asks the server again which authorization server it uses, so a server that
   * moved to a new one is followed (SEP-2352) instead of pinned to the stored one; the
   * authorization-code leg of a sign-in then sees the state its first leg saved. Refreshes use
   * the stored discovery (`refresh`).
   */
  discoveryState(): OAuthDiscoveryState | undefined {
    return this.interactive ? this.discovered : undefined;
  }

  private async store(tokens: OAuthTokens): Promise<StoredTokens> {
    const expiresAt = typeof tokens.expires_in === 'number' ? this.now() + tokens.expires_in * 1000 : undefined;
    const stored: StoredTokens = { ...tokens, ...(expiresAt !== undefined ? { expires_at: expiresAt } : {}) };
    this.options.onSecret?.(stored.access_token);
    if (stored.refresh_token) this.options.onSecret?.(stored.refresh_token);
    await this.options.store.updateSecrets(this.credentialId, (s) => ({ ...s, tokens: stored }));
    await this.options.store.updateRecord(this.credentialId, (r) => ({
      ...r,
      scope: stored.scope ?? r.scope,
      expiresAt,
      signedInAt: r.signedInAt ?? this.now(),
    }));
    return stored;
  }

  /** One refresh with the stored discovery results; `undefined` when it fails (tokens dropped only when refused). */
  private async refresh(old: StoredTokens): Promise<StoredTokens | undefined> {
    // Another caller may have refreshed while this one waited for the keychain.
    const current = (await this.options.store.secretsOf(this.credentialId)).tokens;
    if (current && current.access_token !== old.access_token) return current;
    const discovery = this.options.store.record(this.credentialId).discovery;
    const client = await this.clientInformation().catch(() => undefined);
    if (!discovery?.authorizationServerUrl || !client || !old.refresh_token) return old;
    try {
      const next = await refreshAuthorization(discovery.authorizationServerUrl, {
        metadata: discovery.authorizationServerMetadata,
        clientInformation: client,
        refreshToken: old.refresh_token,
        resource: discovery.resourceMetadata?.resource ? new URL(discovery.resourceMetadata.resource) : undefined,
        addClientAuthentication: this.addClientAuthentication,
        dpop: await this.dpop(),
        fetchFn: this.options.fetchFn,
      });
      return await this.store({ ...next, ...(old.issuer ? { issuer: old.issuer } : {}) } as OAuthTokens);
    } catch (err) {
      // Refused by the authorization server: those tokens are dead — only they go; the clients, the
      // private key and the DPoP key stay for the next sign-in. Anything else (a network error, an
      // outage) keeps them too: the next request tries the refresh again.
      if (refreshRefused(err)) await this.options.store.updateSecrets(this.credentialId, ({ tokens: _dead, ...rest }) => rest);
      return undefined;
    }
  }
}

/** The authorization server's own refusal of a refresh token (RFC 6749 §5.2), not an outage or a network error. */
function refreshRefused(err: unknown): boolean {
  return err instanceof OAuthError && (err.code === OAuthErrorCode.InvalidGrant || err.code === OAuthErrorCode.InvalidClient || err.code === OAuthErrorCode.UnauthorizedClient);
}

/** The sentence for a server whose authorization server changed: a sign-in registers with the new one. */
function movedMessage(issuer: string, before: string): string {
  return `Authentication required: the server now uses the authorization server ${issuer} (before: ${before}); sign in again to register with it`;
}

/** Some stored client when no issuer is known (a refresh before any discovery: none in practice). */
function firstClient(clients: Record<string, StampedClient> | undefined): StampedClient | undefined {
  return clients ? Object.values(clients)[0] : undefined;
}

/** Tokens without our bookkeeping field (the SDK's shape, `issuer` kept for its binding check). */
/**
 * `value` stamped with `issuer` when it carries no stamp (issue 27 item 9). A client or tokens kept
 * before SEP-2352 stamps, and a client id the person typed in (`--client-id`), have none; the SDK
 * then binds them on first use to the authorization server it is talking to — and says so with a
 * `console.warn` that reached the person's terminal. Stamping them with that same issuer is the
 * same binding, without the SDK-internal line. A value stamped for another issuer is left as it is.
 */
function stamped<T extends object>(value: T, issuer: string | undefined): T {
  if (issuer === undefined || typeof (value as { issuer?: unknown }).issuer === 'string') return value;
  return { ...value, issuer };
}

function publicTokens(tokens: StoredTokens): OAuthTokens {
  const { expires_at: _expiresAt, ...rest } = tokens;
  return rest;
}
