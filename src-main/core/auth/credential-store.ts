/**
 * OAuth credentials (docs/auth.md): secrets — access token, refresh token, client registration with its
 * secret — in the OS keychain (one JSON entry per `credentialId`), and `credentials.json` in the
 * data folder for what is not secret: which server uses which credential, the loopback port kept
 * per registration, discovery results, expiry and scope. No plaintext fallback: when the keychain
 * is unavailable, writes reject with `KeychainUnavailableError` and nothing is stored.
 */
import { join } from 'node:path';
import type { DpopAlg, OAuthClientInformationMixed, OAuthDiscoveryState, OAuthTokens } from '@modelcontextprotocol/client';
import type { JWK } from 'jose';
import { readDataJson, withDataFileLock, writeDataFile } from '../data/data-files.js';
import { DATA_FILES } from '../data/paths.js';
import type { SecretStore } from '../secrets/secret-store.js';
import { oauthAccount } from './credential-id.js';

/** Tokens as stored: the SDK's shape plus the absolute expiry (epoch ms) and the issuer they came from. */
export type StoredTokens = OAuthTokens & { expires_at?: number; issuer?: string };

/** What the keychain holds for one credential. */
export interface CredentialSecrets {
  tokens?: StoredTokens;
  /** A client not yet bound to an authorization server (a pre-registered id before its first sign-in). */
  client?: OAuthClientInformationMixed;
  /** Clients by the issuer of the authorization server they were registered with (client-registrations.ts). */
  clients?: Record<string, OAuthClientInformationMixed & { issuer?: string }>;
  /** PEM private key for `private_key_jwt` client authentication. */
  privateKeyPem?: string;
  /** The credential's DPoP key (RFC 9449; dpop-keys.ts). */
  dpop?: StoredDpopKey;
}

/** What the keychain entry keeps of a credential's DPoP key (dpop-keys.ts). */
export interface StoredDpopKey {
  alg: DpopAlg;
  /** The private JWK (`d` included): a secret, only ever in the credential's secret-store entry. */
  privateJwk: JWK;
  publicJwk: JWK;
  /** RFC 7638 thumbprint of `publicJwk` (the token's `cnf.jkt`; not secret). */
  thumbprint: string;
}

/** Settings a person gives a credential (no secret; a client secret goes to the keychain). */
export interface OAuthClientSettings {
  /** A pre-registered client id, for servers without dynamic registration. */
  clientId?: string;
  /** An HTTPS URL of this client's metadata document (used where the server supports it). */
  clientMetadataUrl?: string;
  /** Scopes to ask for when the server names none (space-separated). */
  scope?: string;
  /** `client_credentials`: a machine client (no person, no redirect) with `clientId` and a secret or key. */
  grantType?: 'authorization_code' | 'client_credentials';
  /** Token-endpoint client authentication by a signed JWT (private key in the keychain), with this algorithm. */
  privateKeyJwtAlg?: string;
}

/** The non-secret record of one credential in `credentials.json`. */
export interface CredentialRecord {
  /** The server URL the credential was obtained for (a stdio server signs in through it). */
  serverUrl?: string;
  /** Loopback redirect port kept for this registration (RFC 8252). */
  redirectPort?: number;
  settings?: OAuthClientSettings;
  /** Whether a client secret for `settings.clientId` is in the keychain. */
  hasClientSecret?: boolean;
  discovery?: OAuthDiscoveryState;
  /** Scope granted with the current tokens, and extra scope a server asked for (step-up). */
  scope?: string;
  wantedScope?: string;
  /** When the access token expires (epoch ms). */
  expiresAt?: number;
  /** The resource answered with a `DPoP` challenge (RFC 9449 §7.1): sign-ins make a DPoP key. */
  dpopAsked?: boolean;
  signedInAt?: number;
}

/** `credentials.json`. */
export interface CredentialsFile {
  version: 1;
  credentials: Record<string, CredentialRecord>;
  /** Server name → credential id (the last one each server used). */
  servers: Record<string, string>;
  /**
   * Server name → the stdio binding the person made by signing in for that server in Switchboard
   * (issue 9 item 1): valid only for that definition's file and that credential.
   */
  grants: Record<string, StdioGrant>;
}

/** A stdio server's binding to a credential, made by the person (a sign-in they started for it). */
export interface StdioGrant {
  file: string;
  credentialId: string;
}

/** The credential store: keychain for secrets, `credentials.json` for the rest. */
export class CredentialStore {
  readonly file: string;
  private readonly cache = new Map<string, Promise<CredentialSecrets>>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly inflight = new Map<string, Promise<unknown>>();

  constructor(
    dataDir: string,
    private readonly secrets: SecretStore,
  ) {
    this.file = join(dataDir, DATA_FILES.credentials);
  }

  /** `credentials.json` as on disk (empty when missing or malformed). */
  readFile(): CredentialsFile {
    try {
      const raw = readDataJson(this.file) as Partial<CredentialsFile>;
      return {
        version: 1,
        credentials: nullProto(raw.credentials),
        servers: nullProto(raw.servers),
        grants: nullProto(raw.grants),
      };
    } catch {
      return { version: 1, credentials: nullProto(undefined), servers: nullProto(undefined), grants: nullProto(undefined) };
    }
  }

  /** One credential's record (an empty object when none). */
  record(credentialId: string): CredentialRecord {
    return this.readFile().credentials[credentialId] ?? {};
  }

  /** Update one credential's record (atomic, serialised); `undefined` from `fn` removes it. */
  updateRecord(credentialId: string, fn: (current: CredentialRecord) => CredentialRecord | undefined): Promise<void> {
    return this.writeFile((file) => {
      const next = fn(file.credentials[credentialId] ?? {});
      if (next === undefined) delete file.credentials[credentialId];
      else file.credentials[credentialId] = next;
    });
  }

  /** Forget which credential server `name` uses (`unauth`). No write when it had none. */
  unmapServer(name: string): Promise<void> {
    if (!Object.hasOwn(this.readFile().servers, name)) return Promise.resolve();
    return this.writeFile((file) => {
      delete file.servers[name];
    });
  }

  /** Whether the person bound stdio server `name` of `file` to `credentialId` (a sign-in they started for it). */
  hasGrant(name: string, file: string, credentialId: string): boolean {
    const grant = this.readFile().grants[name];
    return grant?.file === file && grant.credentialId === credentialId;
  }

  /** Record (or with `credentialId` undefined, remove) the person's binding of stdio server `name` of `file`. */
  setGrant(name: string, file: string, credentialId: string | undefined): Promise<void> {
    return this.writeFile((f) => {
      if (credentialId === undefined) delete f.grants[name];
      else f.grants[name] = { file, credentialId };
    });
  }

  /** Remember that server `name` uses `credentialId`. */
  mapServer(name: string, credentialId: string): Promise<void> {
    if (this.readFile().servers[name] === credentialId) return Promise.resolve();
    return this.writeFile((file) => {
      file.servers[name] = credentialId;
    });
  }

  /** The secrets of a credential (cached after the first keychain read). Rejects when the keychain is unavailable. */
  secretsOf(credentialId: string): Promise<CredentialSecrets> {
    let hit = this.cache.get(credentialId);
    if (!hit) {
      hit = this.secrets.get(oauthAccount(credentialId)).then((raw) => parseSecrets(raw));
      this.cache.set(credentialId, hit);
      hit.catch(() => this.cache.delete(credentialId));
    }
    return hit;
  }

  /**
   * Change a credential's secrets (read–modify–write, serialised). An empty result deletes the
   * keychain entry. Rejects with `KeychainUnavailableError`; the cache then drops the entry.
   */
  updateSecrets(credentialId: string, fn: (current: CredentialSecrets) => CredentialSecrets): Promise<CredentialSecrets> {
    const run = this.queue.then(async () => {
      const current = await this.secretsOf(credentialId);
      const next = fn({ ...current });
      const account = oauthAccount(credentialId);
      try {
        if (!next.tokens && !next.client && !next.clients && !next.privateKeyPem && !next.dpop) await this.secrets.delete(account);
        else await this.secrets.set(account, JSON.stringify(next));
      } catch (err) {
        this.cache.delete(credentialId);
        throw err;
      }
      this.cache.set(credentialId, Promise.resolve(next));
      return next;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Run `task` once per `key` at a time: callers that arrive while it runs share its promise (two
   * connections sharing a credential refresh it once).
   */
  once<T>(key: string, task: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const run = task().finally(() => this.inflight.delete(key));
    this.inflight.set(key, run);
    return run;
  }

  /** Drop the in-memory copy (tests; another process changed the keychain). */
  forget(credentialId?: string): void {
    if (credentialId === undefined) this.cache.clear();
    else this.cache.delete(credentialId);
  }

  private writeFile(mutate: (file: CredentialsFile) => void): Promise<void> {
    // Locked across processes (issue 9 item 3): a CLI sign-in and the owner never drop each other's records.
    const run = this.queue.then(() =>
      withDataFileLock(this.file, async (lock) => {
        const file = this.readFile();
        mutate(file);
        await writeDataFile(this.file, `${JSON.stringify(file, null, 2)}\n`, { beforeRename: async () => lock.assertHeld() });
      }),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/**
 * A copy of a record keyed by names, with a null prototype so any name (`__proto__`,
 * `constructor`) is an ordinary own key. Anything but a plain object reads as empty.
 */
function nullProto<T>(value: unknown): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  if (value && typeof value === 'object' && !Array.isArray(value)) Object.assign(out, value);
  return out;
}

function parseSecrets(raw: string | undefined): CredentialSecrets {
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as CredentialSecrets;
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}
