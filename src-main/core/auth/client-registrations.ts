/**
 * A credential's OAuth clients, one per authorization server (docs/auth.md "Clients per
 * authorization server"; MCP 2026-07-28, SEP-2352): a client registered with one issuer is never
 * presented to another, and a server that moves to a new authorization server gets a new
 * registration there while the old one stays for a move back. The SDK stamps each client it saves
 * with its `issuer` and passes the issuer it resolved (`ctx.issuer`); these helpers keep the map in
 * the keychain entry (`CredentialSecrets.clients`). `CredentialSecrets.client` is a client not yet
 * bound to an issuer: a pre-registered client typed in before its first sign-in, or one stored
 * before the map existed.
 */
import type { OAuthClientInformationMixed } from '@modelcontextprotocol/client';
import type { CredentialSecrets } from './credential-store.js';

/** A stored client with the SDK's `issuer` stamp. */
export type StampedClient = OAuthClientInformationMixed & { issuer?: string };

/**
 * Whether two issuer identifiers name the same authorization server: equal, or equal but for one
 * trailing `/` (the SDK's SEP-2352 comparison, which derives issuers from `new URL(...)`).
 */
export function sameIssuer(a: string, b: string): boolean {
  return a === b || (a.endsWith('/') && a.slice(0, -1) === b) || (b.endsWith('/') && b.slice(0, -1) === a);
}

/**
 * The client `secrets` holds for `issuer`: the one registered there, else the unbound client
 * (unstamped, or stamped with this issuer). `undefined` when only other issuers' clients exist.
 */
export function clientFor(secrets: CredentialSecrets, issuer: string): StampedClient | undefined {
  for (const [key, client] of Object.entries(secrets.clients ?? {})) if (sameIssuer(key, issuer)) return client;
  const unbound = secrets.client as StampedClient | undefined;
  if (unbound && (unbound.issuer === undefined || sameIssuer(unbound.issuer, issuer))) return unbound;
  return undefined;
}

/**
 * `secrets` with `client` kept for `issuer` (replacing that issuer's previous client). The unbound
 * client is dropped once it is bound (same `client_id`) or when it was another issuer's.
 */
export function withClient(secrets: CredentialSecrets, client: StampedClient, issuer: string): CredentialSecrets {
  const clients: Record<string, StampedClient> = {};
  for (const [key, value] of Object.entries(secrets.clients ?? {})) if (!sameIssuer(key, issuer)) clients[key] = value;
  clients[issuer] = { ...client, issuer };
  const unbound = secrets.client as StampedClient | undefined;
  const keepUnbound = unbound !== undefined && unbound.client_id !== client.client_id && unbound.issuer === undefined;
  const { client: _dropped, ...rest } = secrets;
  return { ...rest, clients, ...(keepUnbound ? { client: unbound } : {}) };
}

/** The issuers other than `issuer` that `secrets` holds a client for (an authorization server move). */
export function otherIssuers(secrets: CredentialSecrets, issuer: string): string[] {
  return Object.keys(secrets.clients ?? {}).filter((key) => !sameIssuer(key, issuer));
}

/** `secrets` without the client of `issuer` (and the unbound one); without an issuer, without any client. */
export function withoutClientOf(secrets: CredentialSecrets, issuer: string | undefined): CredentialSecrets {
  if (issuer === undefined) return withoutClients(secrets);
  const clients: Record<string, StampedClient> = {};
  for (const [key, value] of Object.entries(secrets.clients ?? {})) if (!sameIssuer(key, issuer)) clients[key] = value;
  const { client: _client, clients: _clients, ...rest } = secrets;
  return { ...rest, ...(Object.keys(clients).length > 0 ? { clients } : {}) };
}

/** `secrets` without any client (tokens and key kept). */
export function withoutClients(secrets: CredentialSecrets): CredentialSecrets {
  const { client: _client, clients: _clients, ...rest } = secrets;
  return rest;
}

/** `secrets` without any client whose id is `clientId` (a pre-registered client given again, with a new secret). */
export function withoutClientId(secrets: CredentialSecrets, clientId: string): CredentialSecrets {
  const clients: Record<string, StampedClient> = {};
  for (const [key, value] of Object.entries(secrets.clients ?? {})) if (value.client_id !== clientId) clients[key] = value;
  const { client, clients: _clients, ...rest } = secrets;
  return { ...rest, ...(client && client.client_id !== clientId ? { client } : {}), ...(Object.keys(clients).length > 0 ? { clients } : {}) };
}
