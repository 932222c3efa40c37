/**
 * Secret-looking values given on the command line or through the API (`--header "Authorization:
 * Bearer …"`, `--env API_KEY=…`) never land in a file silently (SPEC §3: "secrets we are given go
 * to the keychain; our own file holds a reference"): for Switchboard's own `servers.json` they move
 * to the keychain and the file gets `${secret:<id>}`; another host's file cannot reference our
 * keychain, so writing them there needs an explicit yes (`allowLiteralSecrets`).
 */
import { HOST_LABELS, type HostId } from '../../../src-shared/config/server.js';
import { isSecretKey as isSharedSecretKey } from '../../../src-shared/redaction.js';
import { CoreError } from '../errors.js';
import { storeSecret } from './secret-refs.js';
import type { SecretStore } from './secret-store.js';

/** A key whose value is a secret: the one rule of `src-shared/redaction.ts` (issue 9 item 4). */
export function isSecretKey(key: string): boolean {
  return isSharedSecretKey(key.trim());
}

/** Keychain id of `key` of server `server` (`<server>-<key>`, lower case, safe characters only). */
export function secretIdFor(server: string, key: string): string {
  return `${server}-${key}`.toLowerCase().replace(/[^a-z0-9_.-]+/g, '-');
}

/** Env and header maps as a server or a patch holds them (`null`: removed). */
type SecretMaps = { env?: Record<string, string | null> | null; headers?: Record<string, string | null> | null };

/** The `[field.key]` names of literal secret values in `maps` (values without any `${…}` placeholder). */
export function literalSecretKeys(maps: SecretMaps): string[] {
  const out: string[] = [];
  for (const field of ['env', 'headers'] as const) {
    for (const [k, v] of Object.entries(maps[field] ?? {})) if (typeof v === 'string' && v.trim() !== '' && isSecretKey(k) && !v.includes('${')) out.push(`${field}.${k}`);
  }
  return out;
}

/** Options of `keepSecretsOutOfFiles`. */
export interface LiteralSecretOptions {
  /** Server name (for keychain ids). */
  name: string;
  /** Host whose file is written. */
  host: HostId;
  /** The keychain (asked only when there is something to store). */
  store: () => SecretStore;
  /** Write literal secrets into another host's file. Default false. */
  allowLiteralSecrets?: boolean;
}

/**
 * `maps` with every literal secret value handled: for Switchboard's file stored in the keychain and
 * replaced by `${secret:<server>-<key>}` (`Bearer <token>` keeps its `Bearer ` prefix); for another
 * host left as given when `allowLiteralSecrets`, with a note. Resolves to the new maps and notes.
 * Throws CONFLICT (naming the keys and `--allow-literal-secrets`) for another host without it;
 * rejects with the keychain's error when it cannot store.
 */
export async function keepSecretsOutOfFiles<M extends SecretMaps>(
  maps: M,
  options: LiteralSecretOptions,
): Promise<{ maps: M; notes: string[] }> {
  const keys = literalSecretKeys(maps);
  if (keys.length === 0) return { maps, notes: [] };
  if (options.host !== 'switchboard') {
    if (!options.allowLiteralSecrets) {
      throw new CoreError(
        'CONFLICT',
        `${keys.join(', ')} would be written to ${HOST_LABELS[options.host]}'s file as plain text (only Switchboard's own servers.json can reference the OS keychain); confirm with --allow-literal-secrets, or use a \${VAR} reference`,
      );
    }
    return { maps, notes: [`Literal secrets written to ${HOST_LABELS[options.host]}'s file: ${keys.join(', ')}`] };
  }
  const out = { ...maps, env: maps.env && { ...maps.env }, headers: maps.headers && { ...maps.headers } } as M;
  const notes: string[] = [];
  for (const label of keys) {
    const [field, key] = [label.slice(0, label.indexOf('.')) as 'env' | 'headers', label.slice(label.indexOf('.') + 1)];
    const value = out[field]![key]!;
    const bearer = /^\s*Bearer\s+(\S.*?)\s*$/i.exec(value);
    const ref = await storeSecret(options.store(), secretIdFor(options.name, key), bearer ? bearer[1]! : value);
    out[field]![key] = bearer ? `Bearer ${ref}` : ref;
    notes.push(`${label} stored in the OS keychain; servers.json holds ${ref}`);
  }
  return { maps: out, notes };
}
