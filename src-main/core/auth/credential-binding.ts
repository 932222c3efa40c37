/**
 * The credential binding rule applied with what the core knows (issue 9 item 1): which credential
 * a definition names, the resource that credential was issued for (credentials.json), and who made
 * the binding (Switchboard's own file, a sign-in the person started, or someone else's file). The
 * rule itself is `src-shared/config/credential-binding.ts`; connect, sign-in, sign-out, status and
 * the config writes that set `credentialId` all pass through `bindCredential` / `assertBindingWritable`.
 */
import { credentialBindingProblem, credentialResource, type BindingOrigin, type CredentialFacts } from '../../../src-shared/config/credential-binding.js';
import type { HostId, MCPServer, ServerDefinition } from '../../../src-shared/config/server.js';
import { CoreError } from '../facade/errors.js';
import type { CredentialRecord, CredentialStore } from './credential-store.js';

/** A definition's credential: none, bound (usable), or refused with the reason. */
export type CredentialBinding =
  | { kind: 'none' }
  | { kind: 'bound'; credentialId: string }
  | { kind: 'refused'; credentialId: string; reason: string };

/**
 * The credential id a definition names: `auth.credentialId`, else the id of its URL — for
 * `auth.type: "oauth"`, and for an http/sse server with no auth and no `Authorization` header (the
 * MCP spec's discovery on 401). `undefined` for anything else.
 */
export function namedCredentialId(def: Pick<MCPServer, 'auth' | 'transport' | 'url' | 'headers'>): string | undefined {
  if (def.auth?.type === 'oauth') return def.auth.credentialId ?? (def.url ? credentialResource(def.url) : undefined);
  if (def.auth || def.transport === 'stdio' || !def.url) return undefined;
  if (Object.keys(def.headers ?? {}).some((k) => k.toLowerCase() === 'authorization')) return undefined;
  return credentialResource(def.url);
}

/** What credentials.json says a credential was issued for: the RFC 9728 resource it discovered, else the server URL it signed in through. */
export function credentialFacts(record: CredentialRecord): CredentialFacts {
  const resource = record.discovery?.resourceMetadata?.resource ?? record.serverUrl;
  return resource ? { resource } : {};
}

/**
 * Bind `def` to its credential. `personAct`: the person is signing in (or out) for this very server
 * right now, which is itself a binding for a stdio server. A stdio server from another file counts
 * as bound by the person when they signed in for it before (a grant in credentials.json).
 */
export function bindCredential(def: ServerDefinition, store: CredentialStore, personAct = false): CredentialBinding {
  const credentialId = namedCredentialId(def);
  if (!credentialId) return { kind: 'none' };
  const origin: BindingOrigin =
    def.source.host === 'switchboard' ? 'own-file' : personAct || store.hasGrant(def.name, def.source.file, credentialId) ? 'person' : 'other';
  const reason = credentialBindingProblem(def, credentialId, credentialFacts(store.record(credentialId)), origin);
  return reason ? { kind: 'refused', credentialId, reason } : { kind: 'bound', credentialId };
}

/**
 * The config-write face of the rule (`config:add`, `config:transfer`, install links): throws
 * `CoreError('INVALID_CONFIG')` with the reason when `server`, written to `host`'s file, would name
 * a credential it may not use — another resource's credential, or a stdio binding anywhere but
 * Switchboard's own file. `copied`: the definition comes from another file (a transfer), so a stdio
 * binding in it was not made by the person here.
 */
export function assertBindingWritable(server: MCPServer, host: HostId, store: CredentialStore, copied = false): void {
  if (server.auth?.type !== 'oauth') return;
  const credentialId = namedCredentialId(server);
  if (!credentialId) return;
  const origin: BindingOrigin = host === 'switchboard' && !copied ? 'own-file' : 'other';
  const reason = credentialBindingProblem(server, credentialId, credentialFacts(store.record(credentialId)), origin);
  if (reason) throw new CoreError('INVALID_CONFIG', `Invalid server config: ${reason.replace(/ (Nothing was passed to it|no request was made)\./, ' Nothing was written.')}`);
}
