/**
 * Secret-looking values given on the command line or through the API (`--header "Authorization:
 * Bearer …"`, `--env API_KEY=…`) never land in a file silently (docs/auth.md: "secrets we are given go
 * to the keychain; our own file holds a reference"): for Switchboard's own `servers.json` they move
 * to the keychain and the file gets `${secret:<id>}`; another host's file cannot reference our
 * keychain, so writing them there needs an explicit yes (`allowLiteralSecrets`).
 */
import { HOST_LABELS, type HostId } from '../../../src-shared/config/server.js';
import { secretIdFor, secretReferenceKind } from '../../../src-shared/config/secret-reference.js';
import { isSecretKey, isSecretValue } from '../../../src-shared/redaction.js';
import { argUrlSecretPlaces } from '../../../src-shared/config/arg-url-secrets.js';
import { CoreError } from '../facade/errors.js';
import { secretStoreName } from './file-secret-store.js';
import { secretAccount, storeInputAnswer, storeSecret } from './secret-refs.js';
import type { SecretStore } from './secret-store.js';

export { secretIdFor };

/** Env and header maps as a server or a patch holds them (`null`: removed). */
type SecretMaps = { env?: Record<string, string | null> | null; headers?: Record<string, string | null> | null };

/**
 * The `[field.key]` names of literal secret values in `maps` (by key or by value shape, src-shared/redaction.ts,
 * or named in `secretKeys`; values without any `${…}` placeholder).
 */
export function literalSecretKeys(maps: SecretMaps, secretKeys: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const field of ['env', 'headers'] as const) {
    for (const [k, v] of Object.entries(maps[field] ?? {})) if (typeof v === 'string' && v.trim() !== '' && (isSecretKey(k.trim()) || isSecretValue(v) || secretKeys.includes(k)) && !v.includes('${')) out.push(`${field}.${k}`);
  }
  return out;
}

/**
 * Refuse (CoreError BAD_REQUEST: the command must change) a write whose arguments or URL hold a
 * secret (`argUrlSecretPlaces`, src-shared/config/arg-url-secrets.ts), unless `allowLiteralSecrets`; then a note names them.
 * `existing`: the definition an edit changes; an argument or URL it already holds is not counted. A "break it"
 * trial found `add … -- node x --token=sk-live-…` and `--url …?api_key=…` written to servers.json
 * and its backups as plain text, with no word, while env and header values went to the keychain.
 */
export function literalArgUrlSecrets(
  server: { args?: readonly string[] | null; url?: string | null },
  host: HostId,
  allowLiteralSecrets: boolean | undefined,
  existing?: { args?: readonly string[]; url?: string },
): string[] {
  // An edit that keeps an argument or URL the file already holds is not asked about again.
  const places = argUrlSecretPlaces(server).filter((p) => (p === 'url' ? server.url !== existing?.url : !existing?.args?.includes(server.args?.[Number(p.slice(5, -1))] ?? '')));
  if (places.length === 0) return [];
  const file = host === 'switchboard' ? 'servers.json' : `${HOST_LABELS[host]}'s file`;
  if (!allowLiteralSecrets) {
    throw new CoreError(
      'BAD_REQUEST',
      `${places.join(', ')} would be written to ${file} as plain text: an argument or a URL cannot reference the OS keychain. Pass the secret in an environment variable or a header instead (they go to the keychain), or confirm with --allow-literal-secrets`,
    );
  }
  return [`Literal secrets written to ${file}: ${places.join(', ')}`];
}

/** Options of `keepSecretsOutOfFiles`. */
export interface LiteralSecretOptions {
  /** Server name (for keychain ids). */
  name: string;
  /** Host whose file is written. */
  host: HostId;
  /** The keychain (asked only when there is something to store). */
  store: () => SecretStore;
  /** Write literal secrets into a host file without a reference syntax. Default false. */
  allowLiteralSecrets?: boolean;
  /** Keys to keep as secrets though they do not look like one (a Server Card's `isSecret`). Default none. */
  secretKeys?: readonly string[];
  /**
   * Whether a keychain account (`secret:<id>` / `input:<id>`) is another holder's (attack pass 8,
   * F4): such an id is never overwritten — `<server>-<key>-2`, `-3`, … is used instead. Default:
   * nothing is taken (the caller is the account's only holder).
   */
  taken?: (account: string) => boolean;
}

/**
 * The first id among `base`, `base-2`, `base-3`, … whose account (`<kind>:<id>`) `taken` does not
 * claim. Ids fold case and punctuation (`GH` and `gh` give `gh-token`), so a fresh id is what
 * keeps a case-variant name off another server's secret (attack pass 8, F4).
 */
export function freshSecretId(kind: 'secret' | 'input', base: string, taken: ((account: string) => boolean) | undefined): string {
  if (!taken) return base;
  let id = base;
  for (let n = 2; taken(secretAccount(kind, id)); n++) id = `${base}-${n}`;
  return id;
}

/**
 * `maps` with every literal secret value handled, by the target file's reference syntax
 * (src-shared/config/secret-reference.ts): Switchboard's file gets `${secret:<server>-<key>}`, VS
 * Code's `${input:<server>-<key>}` (the value kept as that input's answer; `inputs` lists the ids
 * the file must declare), each value stored in the keychain (`Bearer <token>` keeps its `Bearer `
 * prefix); another host's file keeps the value as given when `allowLiteralSecrets`, with a note.
 * `accounts`: the keychain accounts stored, for the caller to bind to the definition it writes
 * (issue 26 item 1: a secret resolves only for the definition it was stored for). An id
 * `options.taken` claims is never overwritten: the value goes under a fresh id (`freshSecretId`).
 * Throws BAD_REQUEST (naming the keys and `--allow-literal-secrets`) for such a host without it;
 * rejects with the keychain's error when it cannot store.
 */
export async function keepSecretsOutOfFiles<M extends SecretMaps>(
  maps: M,
  options: LiteralSecretOptions,
): Promise<{ maps: M; notes: string[]; inputs: string[]; accounts: string[] }> {
  const keys = literalSecretKeys(maps, options.secretKeys);
  if (keys.length === 0) return { maps, notes: [], inputs: [], accounts: [] };
  const kind = secretReferenceKind(options.host);
  if (kind === undefined) {
    if (!options.allowLiteralSecrets) {
      // BAD_REQUEST: the command must change (a flag or a reference), so the CLI exits 64 (usage).
      throw new CoreError(
        'BAD_REQUEST',
        `${keys.join(', ')} would be written to ${HOST_LABELS[options.host]}'s file as plain text (only Switchboard's servers.json and VS Code's files can reference the OS keychain); confirm with --allow-literal-secrets, or use a \${VAR} reference`,
      );
    }
    return { maps, notes: [`Literal secrets written to ${HOST_LABELS[options.host]}'s file: ${keys.join(', ')}`], inputs: [], accounts: [] };
  }
  const out = { ...maps, env: maps.env && { ...maps.env }, headers: maps.headers && { ...maps.headers } } as M;
  const notes: string[] = [];
  const inputs: string[] = [];
  const accounts: string[] = [];
  const file = kind === 'secret' ? 'servers.json' : `${HOST_LABELS[options.host]}'s file`;
  for (const label of keys) {
    const [field, key] = [label.slice(0, label.indexOf('.')) as 'env' | 'headers', label.slice(label.indexOf('.') + 1)];
    const value = out[field]![key]!;
    const bearer = /^\s*Bearer\s+(\S.*?)\s*$/i.exec(value);
    const secret = bearer ? bearer[1]! : value;
    // Two keys of one write that fold alike (`X-Key`, `x-key`) get two ids too.
    const id = freshSecretId(kind, secretIdFor(options.name, key.trim()), (a) => accounts.includes(a) || (options.taken?.(a) ?? false));
    let ref: string;
    if (kind === 'secret') ref = await storeSecret(options.store(), id, secret);
    else {
      await storeInputAnswer(options.store(), id, secret);
      ref = `\${input:${id}}`;
      inputs.push(id);
    }
    accounts.push(secretAccount(kind, id));
    out[field]![key] = bearer ? `Bearer ${ref}` : ref;
    notes.push(`${label} stored in ${secretStoreName(options.store())}; ${file} holds ${ref}`);
  }
  return { maps: out, notes, inputs, accounts };
}

/**
 * `maps` with each `${input:<id>}` whose account `taken` claims renamed to a fresh id
 * (`freshSecretId`), and a note per rename (attack pass 8, F6): in Switchboard's own `servers.json`
 * an answer belongs to one server, so a new definition (an install link reusing `${input:api-key}`)
 * asks for its own answer instead of sharing, or overwriting, another server's. Pure.
 */
export function ownInputIds<M extends SecretMaps>(maps: M, taken: (account: string) => boolean): { maps: M; notes: string[] } {
  const renamed = new Map<string, string>();
  const fresh = (id: string): string => {
    if (!renamed.has(id)) renamed.set(id, taken(secretAccount('input', id)) ? freshSecretId('input', id, (a) => taken(a) || [...renamed.values()].some((r) => secretAccount('input', r) === a)) : id);
    return renamed.get(id)!;
  };
  const out = { ...maps } as M;
  for (const field of ['env', 'headers'] as const) {
    const map = maps[field];
    if (!map) continue;
    out[field] = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, typeof v === 'string' ? v.replace(/\$\{input:([^}]+)\}/g, (_m, id: string) => `\${input:${fresh(id)}}`) : v])) as M[typeof field];
  }
  const notes = [...renamed].filter(([id, to]) => id !== to).map(([id, to]) => `\${input:${id}} is another server's answer; this server asks for its own, \${input:${to}}`);
  return { maps: out, notes };
}
