/**
 * The opt-in file store for secrets (issue 14 item 11): where no OS keychain exists (SSH, containers,
 * headless Linux), a person may choose — `SWITCHBOARD_SECRET_STORE=file` or `"secretStore": "file"`
 * in the data folder's `state.json` — to keep secrets in `secrets.json` in the data folder, mode
 * 600. It is never a fallback: without that choice a missing keychain stays an error
 * (`KeychainUnavailableError`). The one exception to docs/auth.md's "never in a file", and said so on
 * every start (`secretStoreWarning`) and in status (`ServersSnapshot.secretStore`).
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { readDataJson, withDataFileLock, writeDataFile } from '../data/data-files.js';
import { StateStore } from '../data/state-store.js';
import type { SecretStore } from './secret-store-interface.js';

/** The file's name in the data folder. */
export const SECRETS_FILE = 'secrets.json';
/** The only mode the file may have: read and write for its owner, nothing for anyone else. */
export const SECRETS_FILE_MODE = 0o600;
/** The `state.json` key of the setting. */
export const SECRET_STORE_SETTING = 'secretStore';

/** Which store holds secrets, and who chose it. */
export interface SecretStoreChoice {
  kind: 'keychain' | 'file';
  /** The file (file store only). */
  file?: string;
  /** `SWITCHBOARD_SECRET_STORE` or `state.json` (file store only). */
  chosenBy?: string;
  /** A value that was not understood (the keychain is used): worth a warning too. */
  invalid?: string;
}

/**
 * The store chosen for `dataDir`: `SWITCHBOARD_SECRET_STORE` (`file` | `keychain`) wins over the
 * `secretStore` setting in `state.json`; anything else, or nothing, is the keychain (the default).
 */
export function secretStoreChoice(env: Record<string, string | undefined>, dataDir: string | undefined): SecretStoreChoice {
  const fromEnv = env.SWITCHBOARD_SECRET_STORE?.trim();
  const fromSetting = dataDir ? new StateStore(dataDir).get<unknown>(SECRET_STORE_SETTING) : undefined;
  const [value, source] = fromEnv ? [fromEnv, 'SWITCHBOARD_SECRET_STORE'] : typeof fromSetting === 'string' ? [fromSetting, `"${SECRET_STORE_SETTING}" in state.json`] : [undefined, undefined];
  if (value === 'file' && dataDir) return { kind: 'file', file: join(dataDir, SECRETS_FILE), chosenBy: source };
  if (value === undefined || value === 'keychain') return { kind: 'keychain' };
  return { kind: 'keychain', invalid: `${source} is "${value}" (expected "keychain" or "file"): the OS keychain is used` };
}

/** The warning to give on every start when secrets are in a file (or the choice was not understood); undefined otherwise. */
export function secretStoreWarning(choice: SecretStoreChoice): string | undefined {
  if (choice.invalid) return `Warning: ${choice.invalid}.`;
  if (choice.kind !== 'file') return undefined;
  return (
    `Warning: secrets (OAuth tokens, --token values, \${input:} answers) are kept in a plain file, ${choice.file} (mode 600), ` +
    `because ${choice.chosenBy} chose the file store; anyone who can read files as you can use them. Remove that choice to use the OS keychain.`
  );
}

/** The file holds secrets other users could read: nothing is read from it or written to it. */
export class SecretFileModeError extends Error {
  constructor(file: string, mode: number) {
    super(`${file} can be read or written by others (mode ${mode.toString(8)}): nothing was read from it; make it private with chmod 600 ${file}`);
    this.name = 'SecretFileModeError';
  }
}

/**
 * Secrets in one JSON file, `{ "secrets": { "<account>": "<secret>" } }`, mode 600 (created so,
 * refused when wider), written atomically under the file lock of `core/config/file-lock.ts` (each
 * write re-reads the file first, so concurrent processes never drop each other's accounts). A missing file is an empty store.
 */
export class FileSecretStore implements SecretStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly file: string) {}

  private read(): Record<string, string> {
    let info;
    try {
      info = lstatSync(this.file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw err;
    }
    // (A link is refused by readDataJson: never read through, issue 27 item 1.)
    if (info.isFile() && (info.mode & 0o077) !== 0) throw new SecretFileModeError(this.file, info.mode & 0o777);
    let parsed: unknown;
    try {
      // Not JSON: kept aside and secrets.json.prev loaded, or an error (data-files.ts, issue 27 item 2).
      parsed = readDataJson(this.file);
    } catch (err) {
      if (!(err instanceof SyntaxError)) throw err;
      throw new Error(`${this.file} is not valid JSON (${err.message}); it was kept aside as ${this.file}.bad-<time> and there is no previous version — nothing was written`);
    }
    const secrets = (parsed as { secrets?: unknown } | null)?.secrets;
    const out: Record<string, string> = Object.create(null) as Record<string, string>;
    if (secrets && typeof secrets === 'object') for (const [k, v] of Object.entries(secrets)) if (typeof v === 'string') out[k] = v;
    return out;
  }

  private change<T>(fn: (secrets: Record<string, string>) => T): Promise<T> {
    // The queue orders this process's writes; the file lock orders other processes' (a read-modify-write
    // outside it lost accounts when several `add --token` ran at once).
    const run = this.queue.then(() =>
      withDataFileLock(this.file, async (lock) => {
        const secrets = this.read();
        const result = fn(secrets);
        lock.assertHeld();
        await writeDataFile(this.file, `${JSON.stringify({ secrets }, null, 2)}\n`);
        return result;
      }),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }

  async get(account: string): Promise<string | undefined> {
    return this.read()[account];
  }

  async set(account: string, secret: string): Promise<void> {
    await this.change((s) => void (s[account] = secret));
  }

  async delete(account: string): Promise<boolean> {
    if (!(account in this.read())) return false;
    return this.change((s) => delete s[account]);
  }

  async accounts(): Promise<string[]> {
    return Object.keys(this.read());
  }
}

/**
 * The chosen store, chosen again on every use (issue 30 trial): `secretStoreChoice(env, dataDir)`
 * names the file store → `fileStore(file)` (secret-store.ts keeps one per file in a process, so its
 * writes queue behind each other); else `keychain`. A `"secretStore"` setting made while a process
 * runs reaches it at its next use of a secret.
 */
export class ChoosingSecretStore implements SecretStore {
  constructor(
    private readonly env: Record<string, string | undefined>,
    private readonly dataDir: string | undefined,
    private readonly keychain: SecretStore,
    private readonly fileStore: (file: string) => SecretStore,
  ) {}

  /** The store the choice names now. */
  current(): SecretStore {
    const choice = secretStoreChoice(this.env, this.dataDir);
    return choice.kind === 'file' && choice.file ? this.fileStore(choice.file) : this.keychain;
  }

  get(account: string): Promise<string | undefined> {
    return this.current().get(account);
  }

  set(account: string, secret: string): Promise<void> {
    return this.current().set(account, secret);
  }

  delete(account: string): Promise<boolean> {
    return this.current().delete(account);
  }

  accounts(): Promise<string[]> {
    return this.current().accounts();
  }
}

/**
 * Where `store` keeps secrets, for a sentence ("Token stored in …"): `the secret file <path>` for
 * the opt-in file store (issue 14 item 11), else `the OS keychain` — a note never names the keychain
 * for a value that went to a file (found by an attack pass).
 */
export function secretStoreName(store: SecretStore): string {
  const now = store instanceof ChoosingSecretStore ? store.current() : store;
  return now instanceof FileSecretStore ? `the secret file ${now.file}` : 'the OS keychain';
}
