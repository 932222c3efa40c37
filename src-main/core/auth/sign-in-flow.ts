/**
 * One sign-in, start to tokens (docs/auth.md), on the SDK's `auth()`: read the server's challenge
 * (`WWW-Authenticate`: `resource_metadata` and `scope`), run `auth()` — which refreshes when it can
 * or sends the person to the authorization URL — then, once the redirect brings the code back,
 * `auth()` again to exchange it.
 */
import { auth, discoverOAuthProtectedResourceMetadata, extractWWWAuthenticateParams, type AuthResult, type FetchLike } from '@modelcontextprotocol/client';
import type { SwitchboardOAuthProvider } from './oauth-provider.js';
import { withSdkLinesTo } from './sdk-warnings.js';

/** What a server said when it refused a request: `WWW-Authenticate` parameters. */
export interface AuthChallenge {
  status: number;
  resourceMetadataUrl?: URL;
  scope?: string;
  error?: string;
}

/** The challenge of one response (status 401/403), or `undefined` for any other response. */
export function challengeOf(res: Response): AuthChallenge | undefined {
  if (res.status !== 401 && res.status !== 403) return undefined;
  return { status: res.status, ...extractWWWAuthenticateParams(res) };
}

/**
 * Ask the server without a token and read its challenge. Streamable HTTP: a POST of `initialize`
 * (what a client sends first); SSE: a GET of the event stream. `undefined` when the server did not
 * answer 401/403 (it may not need a sign-in) or could not be reached. Never throws.
 */
export async function probeChallenge(serverUrl: string, transport: 'http' | 'sse', fetchFn: FetchLike = fetch): Promise<AuthChallenge | undefined> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 10_000);
  try {
    const res =
      transport === 'sse'
        ? await fetchFn(serverUrl, { method: 'GET', headers: { accept: 'text/event-stream' }, signal: abort.signal })
        : await fetchFn(serverUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: 0,
              method: 'initialize',
              params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'mcp-switchboard', version: '0' } },
            }),
            signal: abort.signal,
          });
    const challenge = challengeOf(res);
    await res.body?.cancel().catch(() => undefined);
    return challenge;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

/** Options of `runAuthorization`. */
export interface RunAuthorizationOptions {
  serverUrl: string;
  scope?: string;
  resourceMetadataUrl?: URL;
  fetchFn?: FetchLike;
  /** Ask the person even when a refresh would do (the scope wanted is wider than the one held: a refresh cannot widen it). */
  forceReauthorization?: boolean;
  /** Where the SDK's own `[mcp-sdk]` console lines of this sign-in go (the server's log; sdk-warnings.ts). Absent: the console. */
  onSdkLine?: (line: string) => void;
}

/**
 * Authorize `provider` for `serverUrl`: `AUTHORIZED` once tokens are saved. With an interactive
 * provider this waits for the person (rejects with the flow's error: timed out, refused,
 * cancelled); with a background provider a needed redirect rejects with `SignInRequiredError`.
 * SDK errors (discovery failed, registration refused, token request refused) reject as they are.
 */
export async function runAuthorization(provider: SwitchboardOAuthProvider, options: RunAuthorizationOptions): Promise<AuthResult> {
  const base = {
    serverUrl: options.serverUrl,
    ...(options.scope ? { scope: options.scope } : {}),
    ...(options.resourceMetadataUrl ? { resourceMetadataUrl: options.resourceMetadataUrl } : {}),
    ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
    ...(options.forceReauthorization ? { forceReauthorization: true } : {}),
    // A 2025-03-26 server has no protected-resource metadata: the authorization server is then
    // its origin by that revision's rule, and an issuer on a sub-path cannot match the metadata
    // URL (RFC 8414 §3.3, which SDK v2 enforces). Only there is the issuer check skipped.
    ...((await hasResourceMetadata(options)) ? {} : { skipIssuerMetadataValidation: true }),
  };
  const sdk = <T>(fn: () => Promise<T>): Promise<T> => (options.onSdkLine ? withSdkLinesTo(options.onSdkLine, fn) : fn());
  const first = await sdk(() => auth(provider, base));
  if (first === 'AUTHORIZED') return first;
  const code = await provider.authorizationCode();
  // RFC 9207: the redirect's `iss` goes with the code (SDK v2 checks it when the server advertises it).
  const iss = provider.authorizationIssuer(code);
  return sdk(() => auth(provider, { ...base, authorizationCode: code, ...(iss ? { iss } : {}) }));
}

/**
 * Whether the server publishes protected-resource metadata (RFC 9728); a network failure counts
 * as yes (the flow reports it). Without it (a 2025-03-26 server) the SDK's RFC 8414 issuer check
 * cannot pass for an issuer on a sub-path, and is skipped for that server.
 */
export async function hasResourceMetadata(options: { serverUrl: string; resourceMetadataUrl?: URL; fetchFn?: FetchLike }): Promise<boolean> {
  const base = options.fetchFn ?? fetch;
  // A server that answers every GET with an endless event stream must not stall a connect.
  const bounded: FetchLike = (url, init) => base(url, { ...init, signal: AbortSignal.timeout(RESOURCE_METADATA_TIMEOUT_MS) });
  try {
    await discoverOAuthProtectedResourceMetadata(options.serverUrl, { resourceMetadataUrl: options.resourceMetadataUrl }, bounded);
    return true;
  } catch (err) {
    // Only a clear "not there" counts as a 2025-03-26 server; a network failure or a timeout keeps the check.
    return err instanceof TypeError || (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'));
  }
}

/** How long (ms) the resource-metadata question may take. */
const RESOURCE_METADATA_TIMEOUT_MS = 5_000;

/** Space-separated union of scope strings (order kept, duplicates dropped); `undefined` if empty. */
export function unionScopes(...scopes: (string | undefined)[]): string | undefined {
  const all = new Set<string>();
  for (const s of scopes) for (const part of (s ?? '').split(/\s+/)) if (part) all.add(part);
  return all.size > 0 ? [...all].join(' ') : undefined;
}
