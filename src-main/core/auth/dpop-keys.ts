/**
 * DPoP signing keys per credential (RFC 9449; docs/auth.md "DPoP"). A credential gets a key pair
 * when its authorization server lists `dpop_signing_alg_values_supported` or its resource answered
 * with a `DPoP` challenge. The pair is generated extractable by the SDK (`generateDpopKeyPair`) only
 * so its private JWK can be written into the credential's keychain entry (`CredentialSecrets.dpop`;
 * with the opted-in file store, that store's 0600 file); it is then re-imported non-extractable
 * (jose `importJWK`) and only that copy signs — on every load too, so a restart keeps a DPoP-bound
 * sign-in. One `DpopSession` (the SDK's: key + per-origin nonces) per credential and key, shared by
 * every provider of that credential in this process, so a nonce learnt by one connection serves all.
 */
import { DPOP_SUPPORTED_ALGS, DpopSession, generateDpopKeyPair, type DpopAlg, type OAuthDiscoveryState } from '@modelcontextprotocol/client';
import type { CredentialStore, StoredDpopKey } from './credential-store.js';

/** Our preference among the algorithms an authorization server lists (ES256 first: small, fast, universal). */
const PREFERENCE: readonly DpopAlg[] = ['ES256', 'EdDSA', 'ES384', 'ES512', 'PS256', 'RS256', 'PS384', 'RS384', 'PS512', 'RS512'];

/**
 * The DPoP algorithm for a credential: the first of ours its authorization server lists in
 * `dpop_signing_alg_values_supported`; ES256 when only the resource asked (a `DPoP` challenge);
 * `undefined` when neither asks for DPoP, or the server lists none we can sign with.
 */
export function dpopAlgFor(discovery: OAuthDiscoveryState | undefined, resourceAsked: boolean): DpopAlg | undefined {
  const listed = (discovery?.authorizationServerMetadata as { dpop_signing_alg_values_supported?: unknown } | undefined)?.dpop_signing_alg_values_supported;
  if (Array.isArray(listed) && listed.length > 0) return PREFERENCE.find((alg) => listed.includes(alg));
  return resourceAsked ? 'ES256' : undefined;
}

/** Sessions by credential of one store (a store per auth owner; a WeakMap so a test's store frees its own). */
const sessions = new WeakMap<CredentialStore, Map<string, { thumbprint: string; session: Promise<DpopSession> }>>();

/**
 * The DPoP session of `credentialId`: the stored key's, else — when `create` names an algorithm —
 * a new key stored first (one creation per credential at a time). `undefined` when the credential
 * has no key and none is to be made. Rejects when the secret store cannot be read or written
 * (`KeychainUnavailableError`): no key is used that could not be kept.
 */
export async function dpopSessionOf(store: CredentialStore, credentialId: string, create: DpopAlg | undefined): Promise<DpopSession | undefined> {
  let stored = (await store.secretsOf(credentialId)).dpop;
  if (!stored) {
    if (!create) return undefined;
    stored = await store.once(`dpop:${credentialId}`, () => createKey(store, credentialId, create));
  }
  let byId = sessions.get(store);
  if (!byId) sessions.set(store, (byId = new Map()));
  const hit = byId.get(credentialId);
  if (hit?.thumbprint === stored.thumbprint) return hit.session;
  const session = sessionFrom(stored);
  byId.set(credentialId, { thumbprint: stored.thumbprint, session });
  session.catch(() => byId.delete(credentialId));
  return session;
}

/** A key generated, exported once and written into the credential's entry (unless another caller's is already there). */
async function createKey(store: CredentialStore, credentialId: string, alg: DpopAlg): Promise<StoredDpopKey> {
  const pair = await generateDpopKeyPair({ alg, extractable: true });
  const { exportJWK } = await import('jose'); // loaded on first use (the one-shot CLI's start, issue 32)
  const made: StoredDpopKey = { alg, privateJwk: await exportJWK(pair.privateKey), publicJwk: pair.publicJwk, thumbprint: pair.thumbprint };
  const next = await store.updateSecrets(credentialId, (s) => (s.dpop ? s : { ...s, dpop: made }));
  return next.dpop ?? made;
}

/** The SDK session for a stored key, signing with a non-extractable import of the private JWK. */
async function sessionFrom(stored: StoredDpopKey): Promise<DpopSession> {
  if (!(DPOP_SUPPORTED_ALGS as readonly string[]).includes(stored.alg)) throw new Error(`The stored DPoP key uses an unsupported algorithm (${String(stored.alg)}); sign in again`);
  const { importJWK } = await import('jose');
  const privateKey = (await importJWK(stored.privateJwk, stored.alg, { extractable: false })) as CryptoKey;
  const publicKey = (await importJWK(stored.publicJwk, stored.alg, { extractable: true })) as CryptoKey;
  return DpopSession.create({ keyPair: { privateKey, publicKey, publicJwk: stored.publicJwk, thumbprint: stored.thumbprint, alg: stored.alg } });
}

/**
 * `SwitchboardOAuthProvider.dpop()`: the credential's session. A provider that may obtain tokens
 * (`mayCreate`: a sign-in, a machine client) makes a key when the authorization server (`discovered`,
 * else the stored discovery) or the resource (`CredentialRecord.dpopAsked`) asks for DPoP; a
 * connection's background provider only uses a stored key, and reads as "no DPoP" when the secret
 * store cannot be read (its tokens cannot be read then either).
 */
export async function dpopOf(store: CredentialStore, credentialId: string, discovered: OAuthDiscoveryState | undefined, mayCreate: boolean): Promise<DpopSession | undefined> {
  if (!mayCreate) return dpopSessionOf(store, credentialId, undefined).catch(() => undefined);
  const record = store.record(credentialId);
  return dpopSessionOf(store, credentialId, dpopAlgFor(discovered ?? record.discovery, record.dpopAsked === true));
}
