/**
 * The OS keychain behind an interface (ARCHITECTURE rule 1: core gets platform services as
 * interfaces). Secrets — OAuth tokens, `--token` values, VS Code `${input:}` answers — live only
 * here, never in a file, a log, a trace or the renderer (docs/auth.md); the one exception is the file
 * store a person chooses where no keychain exists (file-secret-store.ts, issue 14 item 11).
 */

import { ChoosingSecretStore, FileSecretStore } from './file-secret-store.js';

/** Service name under which every Switchboard secret is stored in the keychain. */
export const KEYCHAIN_SERVICE = 'mcp-switchboard';

export type { SecretStore } from './secret-store-interface.js';
import type { SecretStore } from './secret-store-interface.js';

/** No keychain could be reached (no Secret Service on D-Bus, locked collection, no keytar build). */
export class KeychainUnavailableError extends Error {
  constructor(cause: unknown) {
    super(
      `The OS keychain is not available (${cause instanceof Error ? cause.message : String(cause)}). ` +
        'Secrets are not stored anywhere else; unlock or install a keychain (Secret Service on Linux) and try again, ' +
        'or, where no keychain can exist (SSH, containers), choose the file store yourself: SWITCHBOARD_SECRET_STORE=file ' +
        'on the command that starts Switchboard, or "secretStore": "file" in the data folder\'s state.json (read by a Switchboard already running too).',
    );
    this.name = 'KeychainUnavailableError';
  }
}

type Keytar = typeof import('keytar');

/**
 * The real keychain through keytar (macOS Keychain, Windows Credential Manager, Secret Service).
 * keytar is loaded lazily so a machine without it can still run everything that needs no secret.
 */
export class KeytarSecretStore implements SecretStore {
  private keytar?: Promise<Keytar>;

  constructor(private readonly service: string = KEYCHAIN_SERVICE) {}

  private load(): Promise<Keytar> {
    this.keytar ??= import('keytar').then((m) => ((m as { default?: Keytar }).default ?? m) as Keytar);
    return this.keytar;
  }

  private async run<T>(fn: (k: Keytar) => Promise<T>): Promise<T> {
    try {
      return await fn(await this.load());
    } catch (err) {
      throw new KeychainUnavailableError(err);
    }
  }

  async get(account: string): Promise<string | undefined> {
    return (await this.run((k) => k.getPassword(this.service, account))) ?? undefined;
  }

  async set(account: string, secret: string): Promise<void> {
    await this.run((k) => k.setPassword(this.service, account, secret));
  }

  async delete(account: string): Promise<boolean> {
    return this.run((k) => k.deletePassword(this.service, account));
  }

  async accounts(): Promise<string[]> {
    return (await this.run((k) => k.findCredentials(this.service))).map((c) => c.account);
  }
}

/**
 * The store Switchboard uses: the OS keychain under `KEYCHAIN_SERVICE` (or the service named by
 * `SWITCHBOARD_KEYCHAIN_SERVICE` in `env`: test runs keep out of a person's real entries) — unless
 * the person chose the file store for `dataDir` (`SWITCHBOARD_SECRET_STORE=file` or the
 * `secretStore` setting, issue 14 item 11; file-secret-store.ts). Never a fallback: a missing
 * keychain without that choice rejects with `KeychainUnavailableError`. The choice is read again on
 * every get, set, delete and listing (`ChoosingSecretStore`, a small read of state.json), so a running
 * process — the gateway's owner above all — follows a `"secretStore"` setting made after it started,
 * without a restart (`SWITCHBOARD_SECRET_STORE` of another process cannot reach it; issue 30 trial).
 */
export function defaultSecretStore(env: Record<string, string | undefined>, dataDir?: string): SecretStore {
  return new ChoosingSecretStore(env, dataDir, new KeytarSecretStore(env.SWITCHBOARD_KEYCHAIN_SERVICE || undefined), fileStoreOf);
}

const fileStores = new Map<string, FileSecretStore>();

/** One instance per file in a process, so its writes queue behind each other. */
function fileStoreOf(file: string): FileSecretStore {
  let store = fileStores.get(file);
  if (!store) fileStores.set(file, (store = new FileSecretStore(file)));
  return store;
}
