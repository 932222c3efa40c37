/**
 * The interface every secret store implements (the OS keychain, secret-store.ts; the file store,
 * file-secret-store.ts). Its own module so both implementations and the factory that picks one
 * (`defaultSecretStore`, secret-store.ts) import it without importing each other (issue 29 item 5:
 * no import cycles). Importers outside this folder keep importing it from secret-store.ts.
 */

/** A keychain: string secrets by account name, within one service. */
export interface SecretStore {
  /** The secret, or `undefined` when none is stored. Rejects with `KeychainUnavailableError`. */
  get(account: string): Promise<string | undefined>;
  /** Store (or replace) a secret. Rejects with `KeychainUnavailableError`; never falls back to a file. */
  set(account: string, secret: string): Promise<void>;
  /** Remove a secret; resolves `true` when one was removed. */
  delete(account: string): Promise<boolean>;
  /** Account names that hold a secret (no values). */
  accounts(): Promise<string[]>;
}
