/**
 * The token requests of company sign-in (issue 38 items 2–4; docs/auth.md), for the SDK's
 * non-interactive `auth()` path (`prepareTokenRequest`; the provider has no redirect URI, so a refused
 * grant never falls back to a browser or to `authorization_code`):
 *
 * - **Enterprise-managed authorization** (`auth.idp`): the person's ID token from the identity
 *   provider's session is exchanged at the IdP for an ID-JAG (RFC 8693, the SDK's
 *   `requestJwtAuthorizationGrant`; `audience` = the server's authorization server issuer,
 *   `resource` = its RFC 9728 resource), which is the assertion of the JWT bearer grant (RFC 7523)
 *   at the server's authorization server — what the SDK's `CrossAppAccessProvider` does, with our
 *   keychain-backed provider and the discovery it saved.
 * - **Workload identity** (`auth.workload`): the JWT-bearer grant with the workload's JWT read from
 *   a file or an environment variable at token time (never written anywhere), client
 *   authentication by a private-key JWT (SDK's `createPrivateKeyJwtAuth`) when a key is named.
 *
 * Errors in words: no or an expired IdP session → `SignInRequiredError` (the server shows
 * `needs-auth` saying how to sign in to the IdP); an IdP policy refusal or an unreadable workload
 * JWT → `CompanyGrantError` (the server shows `error` with the sentence).
 */
import { readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import {
  buildDiscoveryUrls,
  createPrivateKeyJwtAuth,
  discoverAuthorizationServerMetadata,
  requestJwtAuthorizationGrant,
  type AddClientAuthentication,
  type FetchLike,
} from '@modelcontextprotocol/client';
import type { WorkloadAuth } from '../../../src-shared/config/server.js';
import type { CredentialStore } from './credential-store.js';
import { jwtExpiry, type IdentityProviders } from './identity-providers.js';
import { SignInRequiredError } from './oauth-provider.js';

/** RFC 7523 §2.1. */
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/**
 * A company grant that cannot succeed as configured or was refused; its message is the sentence to
 * show. `kind`: `refused` (an IdP or authorization server said no; default) or `unusable` (it could
 * not be asked: something to set, a file or variable missing).
 */
export class CompanyGrantError extends Error {
  constructor(
    message: string,
    readonly kind: 'refused' | 'unusable' = 'refused',
  ) {
    super(message);
    this.name = 'CompanyGrantError';
  }
}

/** What a company grant needs from its owner. */
export interface CompanyGrantDeps {
  store: CredentialStore;
  idps?: IdentityProviders;
  env?: Record<string, string | undefined>;
  fetchFn?: FetchLike;
  /** Every secret learned (ID-JAG, workload JWT) goes to the redactor. */
  onSecret: (value: string) => void;
  now?: () => number;
}

/** The pieces a provider takes for a company grant. */
export interface CompanyGrant {
  prepareTokenRequest: (scope?: string) => Promise<URLSearchParams>;
  /** The authorization server answered the last grant with tokens (the provider's `saveTokens`). */
  tokensSaved: () => void;
  addClientAuthentication?: AddClientAuthentication;
  /** The client id to present (workload: from the definition). */
  clientId?: string;
}

/** The enterprise grant through identity provider `idpName` for `credentialId`. */
export function enterpriseGrant(deps: CompanyGrantDeps, credentialId: string, idpName: string): CompanyGrant {
  return oneShot(async (scope) => {
    const idps = deps.idps;
    const idp = idps?.get(idpName);
    if (!idps || !idp) throw new CompanyGrantError(`The identity provider "${idpName}" is not configured: add it with switchboard idp add ${idpName} --issuer <url> --client-id <id>`, 'unusable');
    const { session, clientSecret } = await idps.secretsOf(idpName);
    const now = (deps.now ?? Date.now)();
    if (!session) throw new SignInRequiredError(`Authentication required: not signed in to the identity provider "${idpName}"; sign in with switchboard idp login ${idpName}`);
    const expiresAt = session.expiresAt ?? jwtExpiry(session.idToken);
    if (expiresAt !== undefined && expiresAt <= now) throw new SignInRequiredError(`Authentication required: the session at the identity provider "${idpName}" expired; sign in again with switchboard idp login ${idpName}`);
    const discovery = deps.store.record(credentialId).discovery;
    const audience = discovery?.authorizationServerMetadata?.issuer ?? discovery?.authorizationServerUrl;
    const resource = discovery?.resourceMetadata?.resource;
    if (!audience || !resource) throw new CompanyGrantError(`Enterprise-managed authorization needs the server's protected resource metadata (RFC 9728), which it does not publish; ask the server's operator, or sign in to it another way`, 'unusable');
    const tokenEndpoint = await idpTokenEndpoint(idp.issuer, deps.fetchFn);
    if (!tokenEndpoint) throw new CompanyGrantError(`The identity provider "${idpName}" (${idp.issuer}) publishes no token endpoint; check its issuer URL (switchboard idp list)`, 'unusable');
    let jag: string;
    try {
      jag = (await requestJwtAuthorizationGrant({ tokenEndpoint, audience, resource, idToken: session.idToken, clientId: idp.clientId, clientSecret, scope, fetchFn: deps.fetchFn })).jwtAuthGrant;
    } catch (err) {
      throw new CompanyGrantError(refusalWords(idpName, err));
    }
    deps.onSecret(jag);
    return grantParams(jag, scope);
  }, deps.now ?? Date.now);
}

/**
 * The IdP's token endpoint: the SDK's metadata discovery (RFC 8414, then OpenID Connect); when its
 * strict schema refuses the document (an IdP publishing only what token exchange needs, like the
 * conformance suite's), the same well-known URLs read for `token_endpoint` alone, still only from a
 * document whose `issuer` is the configured one.
 */
export async function idpTokenEndpoint(issuer: string, fetchFn: FetchLike = fetch): Promise<string | undefined> {
  const strict = await discoverAuthorizationServerMetadata(issuer, { fetchFn }).catch(() => undefined);
  if (strict?.token_endpoint) return strict.token_endpoint;
  for (const { url } of buildDiscoveryUrls(issuer)) {
    const doc = (await fetchFn(url, { headers: { Accept: 'application/json' } })
      .then((r) => (r.ok ? r.json() : undefined))
      .catch(() => undefined)) as { issuer?: unknown; token_endpoint?: unknown } | undefined;
    if (doc && (doc.issuer === issuer || doc.issuer === issuer.replace(/\/$/, '')) && typeof doc.token_endpoint === 'string') return doc.token_endpoint;
  }
  return undefined;
}

/** The workload grant of `w` (its JWT read now, never kept). */
export function workloadGrant(deps: CompanyGrantDeps, w: WorkloadAuth): CompanyGrant {
  const key = w.privateKeyFile ?? w.privateKeyEnv;
  return {
    clientId: w.clientId,
    ...oneShot(async (scope) => {
      const jwt = readWorkloadValue(deps, 'the workload JWT', w.assertionFile, w.assertionEnv);
      deps.onSecret(jwt);
      return grantParams(jwt, w.scope ?? scope);
    }, deps.now ?? Date.now),
    ...(key !== undefined
      ? {
          addClientAuthentication: async (headers, params, url, metadata) => {
            const pem = readWorkloadValue(deps, 'the private key', w.privateKeyFile, w.privateKeyEnv);
            deps.onSecret(pem);
            const alg = w.alg ?? 'ES256';
            try {
              await createPrivateKeyJwtAuth({ issuer: w.clientId, subject: w.clientId, privateKey: pem, alg })(headers, params, url, metadata);
            } catch (err) {
              // jose's import: a PKCS#1 or SEC1 PEM, a key of another type than `alg`, not a key at all.
              const where = w.privateKeyFile ?? `the environment variable ${w.privateKeyEnv}`;
              throw new CompanyGrantError(
                `The private key from ${where} cannot sign ${alg}: it must be a PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----") of that algorithm's key type (convert one with openssl pkcs8 -topk8 -nocrypt) (${err instanceof Error ? err.message.slice(0, 120) : 'unreadable'})`,
                'unusable',
              );
            }
          },
        }
      : {}),
  };
}

/** How long after an unanswered grant a second one is taken as the SDK's retry of a refused one (ms). */
export const RETRY_WINDOW_MS = 30_000;

/**
 * No second JWT-bearer request right after a refused one: the SDK's `auth()` runs the grant again
 * after an `invalid_grant`/`unauthorized_client` answer, and a workload JWT or an ID-JAG refused once
 * is refused again (the conformance suite's `wif-no-retry`). A grant is answered when its tokens are
 * saved (`tokensSaved`); a call within `RETRY_WINDOW_MS` of an unanswered one ends the run with words
 * instead (the authorization server's own answer is in the server's log: the SDK's line,
 * sdk-warnings.ts). After an answered grant, a new one runs at once: the SDK's step-up on
 * `403 insufficient_scope` asks for the wider scope right after the first. A later call is a new grant.
 */
function oneShot(prepare: (scope?: string) => Promise<URLSearchParams>, now: () => number): Pick<CompanyGrant, 'prepareTokenRequest' | 'tokensSaved'> {
  let unanswered: number | undefined;
  return {
    prepareTokenRequest: async (scope) => {
      if (unanswered !== undefined && now() - unanswered < RETRY_WINDOW_MS) {
        throw new CompanyGrantError("The authorization server refused the JWT-bearer grant (its answer is in the server's log); it is not retried and no browser sign-in is tried");
      }
      const params = await prepare(scope);
      unanswered = now();
      return params;
    },
    tokensSaved: () => {
      unanswered = undefined;
    },
  };
}

function grantParams(assertion: string, scope: string | undefined): URLSearchParams {
  const params = new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion });
  if (scope) params.set('scope', scope);
  return params;
}

/** A value from a file or an environment variable (trimmed); `CompanyGrantError` naming the source, never the value. */
function readWorkloadValue(deps: CompanyGrantDeps, what: string, file: string | undefined, envName: string | undefined): string {
  if (file !== undefined) {
    // Else it would be read relative to whichever process runs the connection (the window, serve, a CLI).
    if (!isAbsolute(file)) throw new CompanyGrantError(`${capital(what)} file path "${file}" is not absolute: write the full path in servers.json (\${HOME}/… works); nothing was read`, 'unusable');
    let text: string;
    try {
      text = readFileSync(file, 'utf8').trim();
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new CompanyGrantError(`${capital(what)} file is missing: nothing at ${file} (looked for when the token was requested); the server gets no token until it is there`, 'unusable');
      throw new CompanyGrantError(`Cannot read ${what} from ${file} (${code ?? 'unreadable'}); the server gets no token until it can be read`, 'unusable');
    }
    if (text === '') throw new CompanyGrantError(`${capital(what)} file ${file} is empty; the server gets no token until it holds one`, 'unusable');
    return text;
  }
  const value = (deps.env ?? process.env)[envName ?? '']?.trim();
  if (!value) throw new CompanyGrantError(`The environment variable ${envName} with ${what} is not set in the environment Switchboard runs in; set it there and connect again`, 'unusable');
  return value;
}

/** The IdP's refusal in words (the SDK's `Token exchange failed: <error> - <description>`). */
function refusalWords(idpName: string, err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err);
  const m = /^Token exchange failed: ([\w.-]+)(?: - (.*))?$/s.exec(raw);
  const code = m?.[1];
  const why = m?.[2] ? `: ${m[2].slice(0, 200)}` : '';
  if (code === 'access_denied' || code === 'unauthorized_client' || code === 'invalid_target') {
    return `The identity provider "${idpName}" refused access to this server (${code}${why}): its policy does not allow it for you; ask your administrator`;
  }
  if (code === 'invalid_grant') return `The identity provider "${idpName}" did not accept your session (invalid_grant${why}); sign in again with switchboard idp login ${idpName}`;
  if (code === 'invalid_scope') return `The identity provider "${idpName}" refused the scope this server asks for (invalid_scope${why}); ask your administrator to allow it for Switchboard's client there`;
  return `The identity provider "${idpName}" refused the token exchange (${code ? `${code}${why}` : raw.slice(0, 200)}); check its settings (switchboard idp list) or ask your administrator`;
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
