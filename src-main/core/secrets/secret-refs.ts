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
 * `ValueResolverOptions.resolveSecretRef` (src-main/core/mcp/connection/value-resolution.ts), which is
 * `secretRefResolverFor` below: a secret resolves only for the definitions it is bound to
 * (secret-binding.ts, issue 26 item 1).
 */
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import { holderOf, holds, SecretNotBoundError, type SecretHolder } from './secret-binding.js';
import { secretReferenceKind } from '../../../src-shared/config/secret-reference.js';
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

/** Whether `def` may resolve the keychain account `account`, given its holders (secret-binding.ts). */
function isBound(def: ServerDefinition, holders: readonly SecretHolder[]): boolean {
  return holders.some((h) => holds(h, def));
}

/**
 * THE resolver of secret references (issue 26 item 1; docs/security.md "Secret binding"):
 * `resolveSecretRefsFor(def, value)` replaces each `${secret:<id>}` / `${input:<id>}` in `value`
 * by its keychain secret — only when `def` holds the binding of that secret (server name, file,
 * and origin for a remote server, `secret-bindings.json`). Every place a reference can stand goes
 * through it: env, headers and static `auth` values (ValueResolver.resolveDefinition), and the
 * binding check of args, URL, cwd and command (never filled from the keychain: a foreign reference
 * there refuses the launch all the same). Every later door that launches or hands on a
 * definition (registry installs, the gateway) must call this same function, never the keychain.
 *
 * Resolves `undefined` when `value` holds no reference. Rejects, before the keychain is read,
 * with `SecretNotBoundError` (code `SECRET_NOT_BOUND`, naming the owner, never the value) for a
 * reference `def` does not hold; with `No secret stored for ${secret:x}` when nothing is stored;
 * or with the keychain's error — so the value is dropped, never sent as the literal placeholder.
 */
export type SecretRefResolverFor = (def: ServerDefinition, value: string) => Promise<string | undefined>;

/** Make `resolveSecretRefsFor` over `store` (the keychain) and `bindings` (who holds what). */
export function secretRefResolverFor(store: SecretStore, bindings: { holdersOf(account: string): SecretHolder[] }): SecretRefResolverFor {
  return async (def, value) => {
    const refs = findSecretRefs(value);
    if (refs.length === 0) return undefined;
    // Every reference is checked before any secret is read: one foreign reference drops the whole value.
    for (const ref of refs) {
      const account = secretAccount(ref.kind, ref.id);
      const holders = bindings.holdersOf(account);
      if (!isBound(def, holders)) throw new SecretNotBoundError(account, holders, def);
    }
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

/** Every string a definition launches with (command, args, cwd, url, env and header values, static auth values). */
function launchStrings(def: ServerDefinition): string[] {
  const auth = def.auth && def.auth.type !== 'oauth' ? Object.values(def.auth) : [];
  return [def.command, ...(def.args ?? []), def.cwd, def.url, ...Object.values(def.env ?? {}), ...Object.values(def.headers ?? {}), ...auth].filter((v): v is string => typeof v === 'string');
}

/** The keychain accounts (`secret:<id>`, `input:<id>`) `def` references anywhere, each once. */
export function referencedAccounts(def: ServerDefinition): string[] {
  return [...new Set(launchStrings(def).flatMap(findSecretRefs).map((r) => secretAccount(r.kind, r.id)))];
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

/**
 * Who an answer to the input `account` (`input:<id>`) is bound to, among `definitions` that
 * reference it (attack pass 8, F6/F2): in Switchboard's own `servers.json` each such definition
 * (server, file, origin) — an answer is per server there, so a later definition (an install link
 * with the same `${input:id}`) gets nothing until answered for; in a VS Code file the whole file
 * (VS Code asks once per file that declares it), but never a project file while the project is
 * not trusted (`projectTrusted` false). Other hosts' files have no inputs and get nothing.
 */
export function inputHolders(account: string, definitions: readonly ServerDefinition[], projectTrusted: boolean): SecretHolder[] {
  const out: SecretHolder[] = [];
  for (const d of definitions) {
    const kind = secretReferenceKind(d.source.host);
    if (kind === undefined || !referencedAccounts(d).includes(account)) continue;
    if (d.source.scope === 'project' && !projectTrusted) continue;
    const holder = kind === 'secret' ? holderOf(d) : { file: holderOf(d).file };
    if (!out.some((h) => h.server === holder.server && h.file === holder.file && h.origin === holder.origin)) out.push(holder);
  }
  return out;
}
