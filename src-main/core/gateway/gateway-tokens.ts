/**
 * The HTTP door's per-host bearer tokens (issue 30 item 1, docs/gateway.md "HTTP", docs/security.md
 * "Gateway tokens"): one random token per host, generated the first time it is asked for and kept
 * in the keychain (the core's one `SecretStore`, account `gateway-token:<host>`) — never in a file
 * Switchboard writes, never logged. A token opens only its own host's `/mcp/<host>[/<server>]` paths.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { HOST_IDS, type HostId } from '../../../src-shared/config/server.js';
import type { SecretStore } from '../secrets/secret-store.js';

/** The keychain account that holds `host`'s gateway token. */
export const gatewayTokenAccount = (host: HostId): string => `gateway-token:${host}`;

/**
 * `host`'s gateway token: the kept one, else a new one (32 random bytes, base64url: 43 characters)
 * stored first. With `renew`, always a new one, replacing the kept one (which then opens nothing).
 * Rejects with the store's `KeychainUnavailableError` when no keychain can be used.
 */
export async function gatewayToken(store: SecretStore, host: HostId, renew = false): Promise<string> {
  const kept = renew ? undefined : await store.get(gatewayTokenAccount(host));
  if (kept) return kept;
  const token = randomBytes(32).toString('base64url');
  await store.set(gatewayTokenAccount(host), token);
  return token;
}

/** What a bearer token opens: its own host's paths (`ok`), another host's (`other-host`, naming it), or nothing. */
export type GatewayAccess = { kind: 'ok' } | { kind: 'missing' } | { kind: 'other-host'; host: HostId } | { kind: 'wrong' };

/** Constant-time equality of two tokens (hashed first, so neither time nor length tells anything). */
function same(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a, 'utf8').digest(), createHash('sha256').update(b, 'utf8').digest());
}

/**
 * Whether `bearer` opens `host`'s paths. Reads the keychain on every request (a token made by
 * `switchboard gateway --print-http` in another process is seen at once); never creates a token.
 * Rejects with the store's error when the keychain cannot be read.
 */
export async function gatewayAccess(store: SecretStore, host: HostId, bearer: string | undefined): Promise<GatewayAccess> {
  if (!bearer) return { kind: 'missing' };
  const own = await store.get(gatewayTokenAccount(host));
  if (own && same(own, bearer)) return { kind: 'ok' };
  const kept = new Set(await store.accounts());
  for (const other of HOST_IDS) {
    if (other === host || !kept.has(gatewayTokenAccount(other))) continue;
    const theirs = await store.get(gatewayTokenAccount(other));
    if (theirs && same(theirs, bearer)) return { kind: 'other-host', host: other };
  }
  return { kind: 'wrong' };
}

/** The hosts that have a gateway token in `store`, in host-id order (the tokens themselves are not read). */
export async function gatewayTokenHosts(store: SecretStore): Promise<HostId[]> {
  const kept = new Set(await store.accounts());
  return HOST_IDS.filter((host) => kept.has(gatewayTokenAccount(host)));
}
