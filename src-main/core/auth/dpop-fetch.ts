/**
 * The DPoP side of a connection's fetch (RFC 9449 §7.1, §9; docs/auth.md "DPoP"). It sits under the
 * SDK's `withDpop` (which the transports wrap around our fetch when the provider has `dpop()`), so
 * it sees every attempt: the SDK's first request and its one retry after a `use_dpop_nonce`.
 *   - A `401` whose `WWW-Authenticate` names the `DPoP` scheme marks the credential (`dpopAsked`):
 *     its next sign-in makes a DPoP key even when the authorization server's metadata does not say.
 *   - A nonce loop is an error in words (`DpopNonceLoopError`) instead of a silent `needs-auth`: the
 *     resource refused a proof that carried the very nonce the same request's previous challenge
 *     handed out, or challenged without giving a nonce (`DPoP-Nonce` header) to retry with.
 * Nothing here reads or keeps a proof beyond the `nonce` claim of the one just sent.
 */
import { isDpopNonceChallenge, OAuthError, OAuthErrorCode, type FetchLike, type OAuthClientProvider } from '@modelcontextprotocol/client';
import type { CredentialStore } from './credential-store.js';

/** A resource or authorization server keeps refusing DPoP proofs for their nonce (RFC 9449 §8–9). */
export class DpopNonceLoopError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DpopNonceLoopError';
  }
}

/** Options of `dpopFetch`. */
export interface DpopFetchOptions {
  store: CredentialStore;
  credentialId: string;
  base?: FetchLike;
}

/** Challenged requests remembered at most (oldest forgotten first): a retry that never came costs no memory. */
const MAX_CHALLENGED = 64;

/** `base` with the DPoP challenge bookkeeping described in the file comment. Throws `DpopNonceLoopError`. */
export function dpopFetch(options: DpopFetchOptions): FetchLike {
  const base = options.base ?? fetch;
  // Per request (`requestKey`): the nonce its last `use_dpop_nonce` challenge handed out. Per request,
  // not per origin: a concurrent request built with a nonce another one's challenge just handed out,
  // and challenged because the server rotated it meanwhile, is on its first attempt, not in a loop.
  const handedOut = new Map<string, string>();
  return async (url, init) => {
    const res = await base(url, init);
    const key = requestKey(url, init);
    if (!isDpopNonceChallenge(res)) {
      handedOut.delete(key);
      if (res.status === 401 && /(?:^|,)\s*dpop(?:\s|$|,)/i.test(res.headers.get('www-authenticate') ?? '')) await markAsked(options);
      return res;
    }
    const origin = new URL(String(url)).origin;
    const given = res.headers.get('dpop-nonce') ?? undefined;
    const sent = await proofNonce(new Headers(init?.headers).get('dpop'));
    if (given === undefined || (sent !== undefined && sent === handedOut.get(key))) {
      await res.body?.cancel().catch(() => undefined);
      handedOut.delete(key);
      throw new DpopNonceLoopError(nonceLoopText(origin, given === undefined ? 'without giving a nonce to use' : 'again after Switchboard retried with the nonce it gave'));
    }
    handedOut.delete(key);
    handedOut.set(key, given);
    if (handedOut.size > MAX_CHALLENGED) handedOut.delete(handedOut.keys().next().value as string);
    return res;
  };
}

/**
 * Which request an attempt belongs to: method, URL and body (the SDK's `withDpop` retries a
 * challenged request with the same `init.body`; a JSON-RPC body carries its request id, a token
 * request its grant). Bodies that are not text or form parameters count as none.
 */
function requestKey(url: string | URL, init: RequestInit | undefined): string {
  const body = init?.body;
  const text = typeof body === 'string' ? body : body instanceof URLSearchParams ? body.toString() : '';
  return `${init?.method ?? 'GET'} ${String(url)}\u0000${text}`;
}

/**
 * The headers of a retry with `token` (after a refresh or a step-up; auth-fetch.ts): a request that
 * went with a DPoP proof goes again with the `DPoP` scheme and a new proof for `token` (never the
 * old proof: RFC 9449 §4.2 wants a fresh `jti`); any other with `Bearer`.
 */
export async function retryHeaders(provider: Pick<OAuthClientProvider, 'dpop'>, url: string | URL, init: RequestInit | undefined, token: string): Promise<Headers> {
  const headers = new Headers(init?.headers);
  const session = headers.has('dpop') ? await provider.dpop?.() : undefined;
  if (!session) {
    headers.delete('dpop');
    headers.set('Authorization', `Bearer ${token}`);
    return headers;
  }
  headers.set('Authorization', `DPoP ${token}`);
  headers.set('DPoP', await session.buildProof({ htm: init?.method ?? 'GET', htu: String(url), accessToken: token }));
  return headers;
}

/**
 * The sentence for a DPoP failure of the token endpoint (the SDK retried once with the nonce and
 * threw the second `use_dpop_nonce`, or the server refused the proof), or `undefined` for others.
 */
export function dpopFailureText(err: unknown, authorizationServer?: string): string | undefined {
  if (err instanceof DpopNonceLoopError) return err.message;
  if (!(err instanceof OAuthError)) return undefined;
  const where = authorizationServer ?? 'the authorization server';
  if (err.code === OAuthErrorCode.UseDpopNonce) return nonceLoopText(where, 'again after Switchboard retried the token request with the nonce it gave');
  if (err.code === OAuthErrorCode.InvalidDpopProof) {
    return `OAuth authentication failed: ${where} refused Switchboard's DPoP proof (invalid_dpop_proof). Check that this computer's clock is right, then sign in again; if it persists, the server's DPoP settings need its operator.`;
  }
  return undefined;
}

function nonceLoopText(where: string, how: string): string {
  return `DPoP nonce loop: ${where} asked for a DPoP nonce (use_dpop_nonce) ${how}, so the request was stopped instead of retried forever. This is the server's side (its nonce store or clock); try again later, or tell its operator.`;
}

/** The `nonce` claim of a proof (decoded only, never verified or kept). jose loads on first use: a one-shot command without DPoP never reads it. */
async function proofNonce(proof: string | null): Promise<string | undefined> {
  if (!proof) return undefined;
  const { decodeJwt } = await import('jose');
  try {
    const nonce = decodeJwt(proof).nonce;
    return typeof nonce === 'string' ? nonce : undefined;
  } catch {
    return undefined;
  }
}

async function markAsked({ store, credentialId }: DpopFetchOptions): Promise<void> {
  if (store.record(credentialId).dpopAsked) return;
  await store.updateRecord(credentialId, (r) => ({ ...r, dpopAsked: true })).catch(() => undefined);
}
