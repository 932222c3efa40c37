/**
 * The config writes that create or extend a secret binding (issue 26 item 1; docs/security.md
 * "Secret binding"): a secret stored for a definition (`--token`, a literal moved to the keychain)
 * is bound to that definition at once; a VS Code input answer to the files that declare it; a copy
 * (`config:transfer`) shares its source's secrets only when the person confirmed (`rebindSecrets`).
 */
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import { holderOf, holds, type BindingDefinition, type SecretHolder } from './secret-binding.js';
import type { SecretBindings } from './secret-bindings.js';
import { inputHolders, referencedAccounts } from './secret-refs.js';

/** Bind freshly stored `accounts` to `def` alone (a new value replaces whoever held the old one). */
export function bindStored(bindings: SecretBindings, accounts: readonly string[], def: BindingDefinition): Promise<void> {
  return bindings.bind(accounts, holderOf(def), 'replace');
}

/**
 * Bind the answer to `${input:<id>}` to the holders `inputHolders` names among `definitions`:
 * each servers.json definition that references it, each VS Code file that does (a project file
 * only when `projectTrusted`). A reference from any other host's file stays unbound. Resolves to
 * the holders bound.
 */
export async function bindInputAnswer(bindings: SecretBindings, id: string, definitions: readonly ServerDefinition[], projectTrusted: boolean): Promise<SecretHolder[]> {
  const account = `input:${id}`;
  const holders = inputHolders(account, definitions, projectTrusted);
  for (const holder of holders) await bindings.bind([account], holder, 'add');
  return holders;
}

/**
 * After a copy of `source` was written as `copy`: with `confirmed`, each secret `source` holds and
 * references is bound to the copy too; without, nothing is bound and the notes say which
 * references the copy cannot use and how to confirm. References `source` does not hold are never
 * re-bound (a copy cannot launder another server's secret). Resolves to the notes.
 */
export async function rebindCopy(bindings: SecretBindings, source: ServerDefinition, copy: BindingDefinition, confirmed: boolean): Promise<string[]> {
  const accounts = referencedAccounts(source);
  if (accounts.length === 0) return [];
  const own = accounts.filter((a) => bindings.holdersOf(a).some((h) => holds(h, source)));
  const foreign = accounts.filter((a) => !own.includes(a));
  const refs = (list: string[]): string => list.map((a) => `\${${a}}`).join(', ');
  const notes: string[] = [];
  if (own.length > 0 && confirmed) {
    await bindings.bind(own, holderOf(copy), 'add');
    notes.push(`${refs(own)} re-bound: the copy "${copy.name}" in ${copy.source.file} may use ${own.length === 1 ? 'it' : 'them'} too`);
  } else if (own.length > 0) {
    notes.push(`${refs(own)} not re-bound: the copy "${copy.name}" will not get ${own.length === 1 ? 'this secret' : 'these secrets'} until you confirm (--rebind-secrets, or "re-bind secrets" in the window)`);
  }
  if (foreign.length > 0) notes.push(`${refs(foreign)} belong${foreign.length === 1 ? 's' : ''} to another definition than "${source.name}" and ${foreign.length === 1 ? 'was' : 'were'} not re-bound`);
  return notes;
}
