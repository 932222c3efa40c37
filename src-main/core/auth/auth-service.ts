/**
 * The main process's OAuth owner (docs/auth.md, §5): which credential a server uses, the transport
 * pieces a connection needs (a background provider and the step-up fetch; `OAUTH_ACCESS_TOKEN` for
 * stdio), interactive sign-in through the loopback redirect, sign-out, and redaction of every
 * secret it knows. Tokens stay here and in the keychain: nothing it returns carries one.
 */
import { isStrictScopeSuperset, SdkError, SdkErrorCode, UnauthorizedError } from '@modelcontextprotocol/client';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import { DEEP_LINK_SCHEME } from '../../../src-shared/deep-link.js';
import { isSecretKey, type SecretValues } from '../../../src-shared/redaction.js';
import { CoreError } from '../facade/errors.js';
import type { ConnectionAuth } from '../mcp/connection/connection-auth.js';
import { withoutClientId, withoutClients } from './client-registrations.js';
import { bindCredential, type CredentialBinding } from './credential-binding.js';
import { CredentialStore } from './credential-store.js';
import type { AuthServiceOptions, CredentialStatus, SignInOptions, SignInStart, TransportAuth } from './auth-types.js';
import { createAuthFetch } from './auth-fetch.js';
import { dpopFetch } from './dpop-fetch.js';
import { freeLoopbackPort, LoopbackListeners, loopbackRedirectUri } from './loopback-server.js';
import { DEFAULT_SIGN_IN_MESSAGE, SignInRequiredError, SwitchboardOAuthProvider } from './oauth-provider.js';
import { DEFAULT_FLOW_TIMEOUT_MS, OAuthFlowError, PendingFlows, type CallbackOutcome, type OAuthCallbackParams } from './pending-flows.js';
import { errorText, toCoreError } from './auth-errors.js';
import { createProvider, type InteractiveParts, type ProviderDeps } from './provider-factory.js';
import { SecretRedactor } from '../redaction/secret-redactor.js';
import { hasResourceMetadata, probeChallenge, runAuthorization, unionScopes, type AuthChallenge } from './sign-in-flow.js';
import { routeSdkLines } from './sdk-warnings.js';
import { IdentityProviders } from './identity-providers.js';
import { startIdpSignIn } from './idp-sign-in.js';

/** The deep-link redirect URI, for servers that accept private-use schemes. */
export const DEEP_LINK_REDIRECT_URI = `${DEEP_LINK_SCHEME}://oauth/callback`;
/** Where the loopback page sends the browser after a sign-in, to bring the desktop app forward. */
export const DEEP_LINK_DONE_URL = `${DEEP_LINK_SCHEME}://oauth/done`;

export class AuthService implements ConnectionAuth {
  readonly store: CredentialStore;
  /** Company identity providers (issue 38 item 2; identity-providers.ts). */
  readonly idps: IdentityProviders;
  readonly flows = new PendingFlows();
  readonly redactor = new SecretRedactor();
  private readonly listeners: LoopbackListeners;
  private readonly challenges = new Map<string, AuthChallenge>();
  private readonly resourceMetadata = new Map<string, Promise<boolean>>();
  /** credentialId → state of its sign-in in progress. */
  private readonly inProgress = new Map<string, string>();

  private readonly providerDeps: ProviderDeps;

  constructor(private readonly options: AuthServiceOptions) {
    this.store = new CredentialStore(options.dataDir, options.secrets);
    this.idps = new IdentityProviders(options.dataDir, options.secrets);
    this.providerDeps = {
      store: this.store,
      clientName: options.clientName ?? 'MCP Switchboard',
      fetchFn: options.fetchFn,
      issuerOf: (code) => this.flows.issuerOf(code),
      onSecret: (v) => this.redactor.add(v),
      company: { idps: this.idps, env: options.env },
    };
    this.listeners = new LoopbackListeners({ flows: this.flows, doneUrl: options.doneUrl });
  }

  /**
   * The credential a definition signs in with, when the binding rule lets it use one
   * (`credential-binding.ts`): `auth.credentialId`, else the id derived from its URL — for
   * `auth.type: "oauth"`, and for an http/sse server with no auth and no `Authorization` header (the
   * MCP spec's discovery on 401). `undefined` for anything else, and for a refused binding.
   */
  credentialIdFor(def: ServerDefinition): string | undefined {
    const binding = this.binding(def);
    return binding.kind === 'bound' ? binding.credentialId : undefined;
  }

  /** `def`'s credential binding (issue 9 item 1); `personAct` when the person is signing in/out for `def` now. */
  binding(def: ServerDefinition, personAct = false): CredentialBinding {
    return bindCredential(def, this.store, personAct);
  }

  /**
   * Whether `err` means a person must sign in: the SDK's `UnauthorizedError` (ours included), or
   * its HTTP 401 after a failed re-authorisation (SDK v2 `ClientHttpAuthentication`).
   */
  isSignInRequired(err: unknown): boolean {
    return err instanceof UnauthorizedError || (err instanceof SdkError && err.code === SdkErrorCode.ClientHttpAuthentication);
  }

  /** What a `SignInRequiredError` says beyond "sign in" (more scope asked, a new authorization server); `undefined` otherwise. */
  signInReason(err: unknown): string | undefined {
    if (!(err instanceof SignInRequiredError) || err.message === DEFAULT_SIGN_IN_MESSAGE) return undefined;
    return err.message.replace(/^Authentication required:\s*/, '');
  }

  /** The SDK's `[mcp-sdk]` lines of `transport`'s work go to `note` (sdk-warnings.ts). */
  routeSdkLines(transport: Parameters<typeof routeSdkLines>[0], note: (text: string) => void): void {
    routeSdkLines(transport, note);
  }

  /** `text` with every known secret replaced. */
  redact(text: string): string {
    return this.redactor.redact(text);
  }

  /** A deep copy of `value` with every known secret replaced. */
  redactValue<T>(value: T): T {
    return this.redactor.redactValue(value);
  }

  /** The held secret values, compiled (the trace redacts each message with them in one pass). */
  heldValues(): SecretValues {
    return this.redactor.held();
  }

  /** Remember a resolved secret value for redaction (ignored when shorter than 8 characters). */
  remember(value: string): void {
    this.redactor.add(value);
  }

  /**
   * What a connect of `def` needs (docs/auth.md injection). Static auth values are registered for
   * redaction. http/sse with a credential: a background provider and the step-up fetch. stdio with
   * `auth.type: "oauth"`: `OAUTH_ACCESS_TOKEN` when the keychain has a token; a failed lookup
   * notes it and connects without (docs/auth.md). Never rejects.
   */
  async prepare(def: ServerDefinition): Promise<TransportAuth> {
    this.rememberStaticSecrets(def);
    // Issue 9 item 1: a credential goes only to the resource it was issued for — refused before any request.
    const binding = this.binding(def);
    if (binding.kind === 'none') return {};
    if (binding.kind === 'refused') return { refused: binding.reason };
    const credentialId = binding.credentialId;
    if (def.transport === 'stdio') {
      try {
        const tokens = await this.provider(def, credentialId).tokens();
        return tokens ? { env: { OAUTH_ACCESS_TOKEN: tokens.access_token } } : { note: `no OAuth token for credential "${credentialId}" yet` };
      } catch (err) {
        return { note: `OAuth token lookup failed, starting without it: ${errorText(err)}` };
      }
    }
    if (def.auth?.type === 'oauth') await this.store.mapServer(def.name, credentialId).catch(() => undefined);
    const provider = this.provider(def, credentialId);
    const fetchFn = createAuthFetch({
      provider,
      serverUrl: def.url!,
      base: dpopFetch({ store: this.store, credentialId, base: this.options.fetchFn }),
      onChallenge: (c) => this.challenges.set(credentialId, c),
      stepUp: (scope) => this.stepUp(def, credentialId, scope),
    });
    // Only for servers that use OAuth (configured, or signed in before): others are not asked.
    const usesOAuth = def.auth?.type === 'oauth' || this.store.record(credentialId).serverUrl !== undefined;
    const modernMetadata = !usesOAuth || (await this.resourceMetadataOf(def.url!));
    return { authProvider: provider, fetch: fetchFn, ...(modernMetadata ? {} : { skipIssuerMetadataValidation: true }) };
  }

  /** Whether a server URL publishes resource metadata (asked once per URL per process; issue 10). */
  private resourceMetadataOf(serverUrl: string): Promise<boolean> {
    let known = this.resourceMetadata.get(serverUrl);
    if (!known) this.resourceMetadata.set(serverUrl, (known = hasResourceMetadata({ serverUrl, fetchFn: this.options.fetchFn })));
    return known;
  }

  /**
   * Start a sign-in for `def` (docs/auth.md, §5 `reauth`). Resolves once the authorization URL is known
   * (`pending`; the browser is opened when `openExternal` was given) or tokens were obtained
   * without the person (`authorized`). `done` settles when the flow ends: rejects with
   * `OAuthFlowError` (`OAuth flow timed out. Please try again.`, `OAuth authentication failed: …`).
   * Rejects with `CoreError`: INVALID_CONFIG (no credential or URL), AUTH_REQUIRED (`Authentication
   * required … OAuth endpoints could not be discovered`), INTERNAL (keychain unavailable).
   */
  async signIn(def: ServerDefinition, options: SignInOptions = {}): Promise<SignInStart> {
    const binding = this.binding(def, true);
    if (binding.kind === 'none') throw new CoreError('INVALID_CONFIG', `Server "${def.name}" does not use OAuth (${whyNotOAuth(def)})`);
    // Before any request and any write: a sign-in never touches another resource's credential.
    if (binding.kind === 'refused') throw new CoreError('INVALID_CONFIG', binding.reason);
    const credentialId = binding.credentialId;
    const record = this.store.record(credentialId);
    const serverUrl = def.url ?? record.serverUrl;
    if (!serverUrl) {
      throw new CoreError('INVALID_CONFIG', `Server "${def.name}" has no URL to sign in through: sign in to an http server with credentialId "${credentialId}" first`);
    }
    const settings = { ...record.settings, ...options.settings };
    if (options.clientSecret !== undefined) {
      if (!settings.clientId) throw new CoreError('INVALID_CONFIG', 'A client secret needs a client id');
      this.redactor.add(options.clientSecret);
      // Unbound until its first use binds it to the authorization server that accepts it.
      await this.store.updateSecrets(credentialId, (s) => ({ ...withoutClientId(s, settings.clientId!), client: { client_id: settings.clientId!, client_secret: options.clientSecret! } }));
    }
    let port = record.redirectPort ?? (await freeLoopbackPort());
    // The record keeps the URL it was first issued through: a sign-in never repoints a credential.
    await this.store.updateRecord(credentialId, (r) => ({ ...r, serverUrl: r.serverUrl ?? serverUrl, redirectPort: port, settings, hasClientSecret: r.hasClientSecret || options.clientSecret !== undefined }));
    if (def.url) await this.store.mapServer(def.name, credentialId).catch(() => undefined);

    let release: () => void = () => undefined;
    if (!options.deepLinkRedirect) {
      try {
        release = await this.listeners.acquire(port);
      } catch (err) {
        if (settings.clientId) throw new CoreError('CONNECTION_FAILED', `OAuth authentication failed: the redirect port ${port} is in use (${errorText(err)})`);
        // A dynamic registration can be redone with a new port; the old one is bound to the old port.
        port = await freeLoopbackPort();
        await this.store.updateSecrets(credentialId, (s) => withoutClients(s));
        await this.store.updateRecord(credentialId, (r) => ({ ...r, redirectPort: port }));
        release = await this.listeners.acquire(port);
      }
    }
    const previous = this.inProgress.get(credentialId);
    if (previous) this.flows.cancel(previous, 'OAuth authentication failed: a newer sign-in replaced this one');

    let announce!: (url: URL) => void;
    const urlKnown = new Promise<URL>((resolve) => (announce = resolve));
    const provider = this.provider(def, credentialId, {
      redirectUrl: options.deepLinkRedirect ? DEEP_LINK_REDIRECT_URI : loopbackRedirectUri(port),
      settings,
      onAuthorizationUrl: (url) => {
        const state = url.searchParams.get('state');
        if (!state) return Promise.reject(new OAuthFlowError('OAuth authentication failed: the authorization URL has no state'));
        this.inProgress.set(credentialId, state);
        const code = this.flows.begin(state, {
          timeoutMs: this.options.flowTimeoutMs ?? DEFAULT_FLOW_TIMEOUT_MS,
          onSettled: () => {
            if (this.inProgress.get(credentialId) === state) this.inProgress.delete(credentialId);
          },
        });
        announce(url);
        if (this.options.openExternal) void Promise.resolve(this.options.openExternal(url.href)).catch(() => undefined);
        return code;
      },
    });
    try {
      if (options.force) await provider.invalidateCredentials('tokens');
    } catch (err) {
      release();
      throw toCoreError(err);
    }
    const challenge = this.challenges.get(credentialId) ?? (await probeChallenge(serverUrl, def.transport === 'sse' ? 'sse' : 'http', this.options.fetchFn));
    const scope = unionScopes(challenge?.scope, record.wantedScope);
    const done = runAuthorization(provider, {
      serverUrl,
      scope,
      // docs/auth.md "More scope": a server asked for scope the tokens lack; a refresh cannot add it.
      forceReauthorization: record.wantedScope !== undefined && isStrictScopeSuperset(record.wantedScope, record.scope),
      resourceMetadataUrl: challenge?.resourceMetadataUrl,
      fetchFn: this.options.fetchFn,
      ...(this.options.onServerNote ? { onSdkLine: (line: string) => this.options.onServerNote?.(def.name, line) } : {}),
    })
      .then(async () => {
        this.challenges.delete(credentialId);
        await this.store.updateRecord(credentialId, (r) => ({ ...r, wantedScope: undefined, signedInAt: Date.now() }));
        // The person signed in for this stdio server: that is its binding (issue 9 item 1).
        if (def.transport === 'stdio' && def.source.host !== 'switchboard') await this.store.setGrant(def.name, def.source.file, credentialId);
        this.options.onChange?.(def.name);
      })
      .catch((err: unknown) => {
        throw toCoreError(err, { server: def.name, redirectUrl: provider.redirectUrl });
      })
      .finally(release);
    done.catch(() => undefined);
    const first = await Promise.race([urlKnown.then((url) => ({ url })), done.then(() => ({ url: undefined }))]);
    return first.url ? { status: 'pending', authorizationUrl: first.url.href, done } : { status: 'authorized', done };
  }

  /** Deliver a redirect (loopback or deep link). Unknown, expired and replayed states are rejected. */
  completeCallback(params: OAuthCallbackParams): CallbackOutcome {
    return this.flows.complete(params);
  }

  /** Remove `def`'s tokens from the keychain (docs/operator-verbs.md `unauth`); the client registration stays. Resolves whether tokens were removed. */
  async signOut(def: ServerDefinition): Promise<boolean> {
    const binding = this.binding(def, true);
    if (binding.kind === 'none') throw new CoreError('INVALID_CONFIG', `Server "${def.name}" does not use OAuth`);
    if (binding.kind === 'refused') throw new CoreError('INVALID_CONFIG', binding.reason);
    const credentialId = binding.credentialId;
    if (def.transport === 'stdio' && def.source.host !== 'switchboard') {
      // A stdio server from another file only borrows the credential: signing it out ends its
      // binding and leaves the tokens to the resource they were issued for (issue 9 item 2).
      const had = this.store.hasGrant(def.name, def.source.file, credentialId);
      await this.store.setGrant(def.name, def.source.file, undefined);
      await this.store.unmapServer(def.name);
      this.options.onChange?.(def.name);
      return had;
    }
    let had = false;
    try {
      await this.store.updateSecrets(credentialId, ({ tokens, ...rest }) => {
        had = tokens !== undefined;
        return rest;
      });
    } catch (err) {
      throw toCoreError(err);
    }
    await this.store.updateRecord(credentialId, (r) => ({ ...r, scope: undefined, expiresAt: undefined, signedInAt: undefined }));
    // credentials.json says which credential a server uses: after unauth it uses none.
    await this.store.unmapServer(def.name);
    this.challenges.delete(credentialId);
    this.options.onChange?.(def.name);
    return had;
  }

  /** `def`'s sign-in state (no secrets); `undefined` when it does not use OAuth. */
  async status(def: ServerDefinition): Promise<CredentialStatus | undefined> {
    // A refused binding shows no sign-in state: the credential is not this server's.
    const credentialId = this.credentialIdFor(def);
    if (!credentialId) return undefined;
    const record = this.store.record(credentialId);
    try {
      const { tokens } = await this.store.secretsOf(credentialId);
      return {
        credentialId,
        signedIn: tokens !== undefined,
        ...(tokens?.expires_at !== undefined ? { expiresAt: tokens.expires_at } : {}),
        ...(record.scope ? { scope: record.scope } : {}),
        keychain: true,
      };
    } catch {
      return { credentialId, signedIn: false, keychain: false };
    }
  }

  /** Start the person's sign-in to identity provider `name` (idp-sign-in.ts; issue 38 item 2). */
  signInIdp(name: string): ReturnType<typeof startIdpSignIn> {
    const { fetchFn, openExternal, flowTimeoutMs } = this.options;
    return startIdpSignIn({ idps: this.idps, flows: this.flows, listeners: this.listeners, fetchFn, openExternal, flowTimeoutMs, onSecret: (v) => this.redactor.add(v) }, name);
  }

  /** Cancel waiting sign-ins and stop the loopback listeners. */
  async dispose(): Promise<void> {
    this.flows.cancelAll();
    await this.listeners.closeAll();
  }

  private provider(def: ServerDefinition, credentialId: string, interactive?: InteractiveParts): SwitchboardOAuthProvider {
    return createProvider(this.providerDeps, credentialId, interactive, def.auth);
  }

  /**
   * A server asked for more scope mid-session (docs/auth.md "More scope"). The wanted scope — the
   * union of the scope held, any scope asked before and this one — is kept for the next sign-in.
   * Resolves `true` when tokens now carry it: already (another connection sharing the credential
   * stepped up), or after a re-authorisation through the browser (one for all connections of the
   * credential). Without a browser to open, `false`: the SDK's own step-up then meets the background
   * provider, which asks for a sign-in naming the missing scope (the server shows `needs-auth`).
   */
  private async stepUp(def: ServerDefinition, credentialId: string, scope: string | undefined): Promise<boolean> {
    const record = this.store.record(credentialId);
    const wanted = unionScopes(record.scope, record.wantedScope, scope);
    if (scope && !isStrictScopeSuperset(scope, record.scope)) return true;
    await this.store.updateRecord(credentialId, (r) => ({ ...r, wantedScope: unionScopes(r.wantedScope, wanted) }));
    if (!this.options.openExternal) return false;
    return this.store.once(`step-up:${credentialId}`, async () => {
      const start = await this.signIn(def, { force: true });
      await start.done;
      return true;
    });
  }

  private rememberStaticSecrets(def: ServerDefinition): void {
    const auth = def.auth;
    if (auth?.type === 'bearer') this.redactor.add(auth.token);
    else if (auth?.type === 'basic') this.redactor.add(auth.password);
    else if (auth?.type === 'header') this.redactor.add(auth.value);
    for (const [key, value] of Object.entries(def.headers ?? {})) {
      if (isSecretKey(key)) this.redactor.add(value.replace(/^(Bearer|Basic)\s+/i, ''));
    }
  }
}

/** Why `def` has no OAuth credential, in words (for `reauth` on a server that does not use OAuth). */
function whyNotOAuth(def: ServerDefinition): string {
  if (def.auth) return `its auth is ${def.auth.type}`;
  if (Object.keys(def.headers ?? {}).some((k) => k.toLowerCase() === 'authorization')) return 'its auth is a static Authorization header';
  if (def.transport === 'stdio') return 'a stdio server signs in only with auth: { "type": "oauth" } in its config';
  return 'it has no URL';
}

