/**
 * `secret-bindings.json` in the data folder (issue 26 item 1; docs/security.md "Secret binding"):
 * which definitions each keychain secret reached by reference belongs to. Account names and holders
 * (server, file, origin) only — never a value. The rule is `secret-binding.ts`.
 *
 * Shape: `{version: 1, migrated?: true, bindings: {<account>: {holders: SecretHolder[]}},
 * shared?: {<account>: {server, file}[]}}` — `shared` lists the definitions that referenced a
 * secret at migration but did not get it (shown once as a warning in status).
 *
 * Read and written through the data-file rules (`data-files.ts`: never through a link, 0600, `.prev`
 * kept, a damaged file set aside and recovered), atomic and locked across processes (as
 * credentials.json); a missing, refused or unrecoverable file reads as empty (nothing bound: every
 * reference is refused until bound again).
 */
import { join, resolve } from 'node:path';
import { secretIdFor } from '../../../src-shared/config/secret-reference.js';
import type { ConfigWarning, ServerDefinition } from '../../../src-shared/config/server.js';
import { readDataJson, withDataFileLock, writeDataFile } from '../data/data-files.js';
import { DATA_FILES } from '../data/paths.js';
import { describeHolder, holderOf, sameHolder, type SecretHolder } from './secret-binding.js';
import { inputHolders, referencedAccounts } from './secret-refs.js';
import type { SecretStore } from './secret-store.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

/** The file's content. */
export interface SecretBindingsFile {
  version: 1;
  /** Set once the first-start migration ran (it never runs again). */
  migrated?: boolean;
  bindings: Record<string, { holders: SecretHolder[] }>;
  /** Account → definitions that referenced it at migration but were not bound. */
  shared?: Record<string, { server: string; file: string }[]>;
}

function empty(): SecretBindingsFile {
  return { version: 1, bindings: {} };
}

/** What `migrate` did (for tests and the log). */
export interface MigrationOutcome {
  /** False when the migration had run already (nothing changed). */
  ran: boolean;
  bound: string[];
  shared: string[];
}

export class SecretBindings {
  readonly file: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(dataDir: string) {
    this.file = join(dataDir, DATA_FILES.secretBindings);
  }

  /** The file as on disk now (empty when missing or malformed; never throws). */
  read(): SecretBindingsFile {
    try {
      const parsed = readDataJson(this.file) as Partial<SecretBindingsFile>;
      if (!parsed || typeof parsed !== 'object' || typeof parsed.bindings !== 'object' || parsed.bindings === null) return empty();
      const bindings: SecretBindingsFile['bindings'] = Object.create(null) as SecretBindingsFile['bindings'];
      for (const [account, entry] of Object.entries(parsed.bindings)) {
        const holders = Array.isArray(entry?.holders) ? entry.holders.filter((h) => h && typeof h.file === 'string') : [];
        bindings[account] = { holders };
      }
      return { version: 1, ...(parsed.migrated ? { migrated: true } : {}), bindings, ...(parsed.shared ? { shared: parsed.shared } : {}) };
    } catch {
      return empty();
    }
  }

  /** Holders of `account` (`secret:<id>` / `input:<id>`); `[]` when unbound. */
  holdersOf(account: string): SecretHolder[] {
    return this.read().bindings[account]?.holders ?? [];
  }

  /**
   * Bind each of `accounts` to `holder`. `replace` (a new secret was stored for this definition:
   * it alone holds it) or `add` (a confirmed copy shares it). Rejects when the file cannot be written.
   */
  bind(accounts: readonly string[], holder: SecretHolder, mode: 'replace' | 'add'): Promise<void> {
    if (accounts.length === 0) return Promise.resolve();
    return this.update((file) => {
      for (const account of accounts) {
        const holders = mode === 'replace' ? [] : (file.bindings[account]?.holders ?? []);
        if (!holders.some((h) => sameHolder(h, holder))) holders.push(holder);
        file.bindings[account] = { holders };
        if (file.shared?.[account]) file.shared[account] = file.shared[account]!.filter((d) => !(d.server === holder.server && d.file === holder.file));
      }
    });
  }

  /**
   * Drop every holder record of definition `server` in `file` (any origin), and its `shared`
   * entries: called when that definition is removed (also the second half of a move), so a later
   * definition that takes the name gets nothing until bound again (attack pass 8, F1). Whole-file
   * input holders stay. Rejects when the file cannot be written.
   */
  release(server: string, file: string): Promise<void> {
    const gone = (h: { server?: string; file: string }): boolean => h.server === server && resolve(h.file) === resolve(file);
    return this.update((data) => {
      for (const entry of Object.values(data.bindings)) entry.holders = entry.holders.filter((h) => !gone(h));
      for (const [account, list] of Object.entries(data.shared ?? {})) data.shared![account] = list.filter((d) => !gone(d));
    });
  }

  /**
   * Drop the binding records of `accounts` (secrets just deleted from the store: an install's
   * undo), leaving every other account's holders as they are. Rejects when the file cannot be written.
   */
  forget(accounts: readonly string[]): Promise<void> {
    if (accounts.length === 0) return Promise.resolve();
    return this.update((data) => {
      for (const account of accounts) {
        delete data.bindings[account];
        if (data.shared) delete data.shared[account];
      }
    });
  }

  /**
   * The first-start migration (idempotent: runs once, marked `migrated`): each stored secret
   * (`accounts`, keychain account names) is bound to the definition in Switchboard's own file
   * that references it; a secret several definitions reference goes to the one its id names
   * (`<server>-<key>`, longest name wins), else the first, and the others are kept in `shared`.
   * An `input:<id>` answer is bound as `inputHolders` says (each servers.json definition, each VS
   * Code file, a project file only when `projectTrusted`; default false). Existing bindings are kept.
   */
  async migrate(definitions: readonly ServerDefinition[], accounts: readonly string[], projectTrusted = false): Promise<MigrationOutcome> {
    if (this.read().migrated) return { ran: false, bound: [], shared: [] };
    const bound: string[] = [];
    const sharedOut: string[] = [];
    await this.update((file) => {
      if (file.migrated) return;
      for (const account of accounts) {
        if (file.bindings[account]) continue;
        const refs = definitions.filter((d) => referencedAccounts(d).includes(account));
        if (account.startsWith('secret:')) {
          const own = refs.filter((d) => d.source.host === 'switchboard');
          if (own.length === 0) continue;
          const id = account.slice('secret:'.length);
          const named = own.filter((d) => id.startsWith(secretIdFor(d.name, ''))).sort((a, b) => b.name.length - a.name.length)[0];
          const owner = named ?? own[0]!;
          file.bindings[account] = { holders: [holderOf(owner)] };
          bound.push(account);
          const others = own.filter((d) => d !== owner).map((d) => ({ server: d.name, file: holderOf(d).file }));
          if (others.length > 0) {
            file.shared = { ...(file.shared ?? {}), [account]: others };
            sharedOut.push(account);
          }
        } else if (account.startsWith('input:')) {
          const holders = inputHolders(account, refs, projectTrusted);
          if (holders.length === 0) continue;
          file.bindings[account] = { holders };
          bound.push(account);
        }
      }
      file.migrated = true;
    });
    return { ran: true, bound, shared: sharedOut };
  }

  /** Status warnings: each secret several definitions referenced at migration, naming its owner and the others (once per secret). */
  warnings(): ConfigWarning[] {
    const file = this.read();
    const out: ConfigWarning[] = [];
    for (const [account, others] of Object.entries(file.shared ?? {})) {
      if (others.length === 0) continue;
      const owner = file.bindings[account]?.holders[0];
      out.push({
        file: others[0]!.file,
        server: others[0]!.server,
        ...warningCode('secret-shared'),
        message:
          `\${${account}} is bound to ${owner ? describeHolder(owner) : 'no server'}; ${others.map((o) => `"${o.server}"`).join(', ')} also reference${others.length === 1 ? 's' : ''} it and will not get it ` +
          '(give each its own secret with switchboard add … --token, or edit the server in Switchboard)',
      });
    }
    return out;
  }

  private update(mutate: (file: SecretBindingsFile) => void): Promise<void> {
    const run = this.queue.then(() =>
      withDataFileLock(this.file, async (lock) => {
        const file = this.read();
        mutate(file);
        await writeDataFile(this.file, `${JSON.stringify(file, null, 2)}\n`, { beforeRename: async () => lock.assertHeld() });
      }),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/**
 * Run the first-start migration when it has not run yet (the core calls this on every discovery):
 * reads the keychain's account names (`secret:`/`input:` only) and binds them (`SecretBindings.migrate`).
 * Nothing is written while there is no such account (a fresh data folder stays as it was). Never
 * rejects: an unreachable keychain or an unwritable file leaves the migration for the next start.
 */
export async function migrateSecretBindings(bindings: SecretBindings, definitions: readonly ServerDefinition[], keychain: Pick<SecretStore, 'accounts'>, projectTrusted = false): Promise<MigrationOutcome> {
  if (bindings.read().migrated) return { ran: false, bound: [], shared: [] };
  try {
    const accounts = (await keychain.accounts()).filter((a) => a.startsWith('secret:') || a.startsWith('input:'));
    if (accounts.length === 0) return { ran: false, bound: [], shared: [] };
    return await bindings.migrate(definitions, accounts, projectTrusted);
  } catch {
    return { ran: false, bound: [], shared: [] };
  }
}
