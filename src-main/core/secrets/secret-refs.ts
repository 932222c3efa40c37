/**
 * Secret references in config values (docs/auth.md: secrets we are given go to the keychain; our own
 * file holds a reference, never the secret).
 *
 * - `${secret:<id>}` — written by Switchboard (quick add `--token`, the add wizard): the secret is
 *   the keychain account `secret:<id>`. Example: `"Authorization": "Bearer ${secret:github-token}"`.
 * - `${input:<id>}` — VS Code's prompted inputs: the answer, once given, is the keychain account
 *   `input:<id>`.
 *
 * Discovery leaves both literal; they are resolved at connect time through
 * `ValueResolverOptions.resolveSecretRef` (src-main/core/mcp/value-resolution.ts).
 */
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import type { SecretStore } from './secret-store.js';

const REF = /\$\{(secret|input):([^}]+)\}/g;

/** Keychain account of a reference (`secret:<id>` / `input:<id>`). */
export function secretAccount(kind: 'secret' | 'input', id: string): string {
  return `${kind}:${id}`;
}

/** The reference text for a Switchboard secret id (`${secret:<id>}`). */
export function secretRef(id: string): string {
  return `\${secret:${id}}`;
}

/** Every reference in `value`, in order (`{kind, id}`). */
export function findSecretRefs(value: string): { kind: 'secret' | 'input'; id: string }[] {
  return [...value.matchAll(REF)].map((m) => ({ kind: m[1] as 'secret' | 'input', id: m[2]! }));
}

/**
 * A `resolveSecretRef` hook for `ValueResolver`: a value holding references gets each replaced by
 * its keychain secret; resolves `undefined` when the value holds none. Rejects with the missing
 * reference (`No secret stored for ${secret:x}`) or the keychain's error, so the resolver drops
 * the value and says why instead of sending the literal placeholder.
 */
export function secretRefResolver(store: SecretStore): (value: string) => Promise<string | undefined> {
  return async (value) => {
    const refs = findSecretRefs(value);
    if (refs.length === 0) return undefined;
    let out = value;
    for (const ref of refs) {
      const secret = await store.get(secretAccount(ref.kind, ref.id));
      if (secret === undefined) throw new Error(`No secret stored for \${${ref.kind}:${ref.id}}`);
      out = out.split(`\${${ref.kind}:${ref.id}}`).join(secret);
    }
    return out;
  };
}

/** Store a secret we were given and return the reference to write in its place. */
export async function storeSecret(store: SecretStore, id: string, secret: string): Promise<string> {
  await store.set(secretAccount('secret', id), secret);
  return secretRef(id);
}

/** Store the answer to a VS Code `${input:<id>}` prompt (asked once, kept in the keychain). */
export async function storeInputAnswer(store: SecretStore, id: string, answer: string): Promise<void> {
  await store.set(secretAccount('input', id), answer);
}

/** Every string a definition launches with (command, args, cwd, url, env and header values). */
function launchStrings(def: ServerDefinition): string[] {
  return [def.command, ...(def.args ?? []), def.cwd, def.url, ...Object.values(def.env ?? {}), ...Object.values(def.headers ?? {})].filter((v): v is string => typeof v === 'string');
}

/** Whether any launch value of `def` holds a `${secret:}` / `${input:}` reference. */
export function hasSecretRefs(def: ServerDefinition): boolean {
  return launchStrings(def).some((v) => findSecretRefs(v).length > 0);
}

/**
 * `def` with its `unresolved` list corrected by what the keychain holds (`stored`: account names,
 * no values): an `input:<id>` whose answer is stored is no longer flagged, and a `${secret:<id>}`
 * with nothing stored is flagged as `secret:<id>` (it would fail at connect). docs/config-discovery.md, §3.
 */
export function markStoredRefs(def: ServerDefinition, stored: ReadonlySet<string>): ServerDefinition {
  const refs = launchStrings(def).flatMap(findSecretRefs);
  if (refs.length === 0) return def;
  const unresolved = (def.unresolved ?? []).filter((u) => !(u.startsWith('input:') && stored.has(u)));
  for (const ref of refs) {
    const account = secretAccount(ref.kind, ref.id);
    if (ref.kind === 'secret' && !stored.has(account) && !unresolved.includes(account)) unresolved.push(account);
  }
  return { ...def, unresolved };
}
