/**
 * Literal secrets of the entries `connect` moves go to the keychain (issue 31 item 1, docs/gateway.md
 * § Connecting a host): the kept copy of a host file holds, in place of each such value, a marker
 * `@@switchboard-connected-secret:<account>@@`; the value is in the secret store under `<account>`
 * (`connected:<host>:<8 hex of the file's path>:<n>`). Revealing the markers gives the original text
 * back byte for byte (checked before the copy is written: otherwise the copy keeps the literal and a
 * note says so). Which values: the env and header values of each moved entry that look secret by
 * key or by shape (secrets/literal-secrets.ts `literalSecretKeys`), 8 characters or more.
 */
import { createHash } from 'node:crypto';
import type { HostId } from '../../../src-shared/config/server.js';
import { rawEntry } from '../config/config-writer.js';
import type { DiscoveryContext, EntryLocation } from '../config/types.js';
import { literalSecretKeys } from '../secrets/literal-secrets.js';
import { revealWith, secretMarker } from '../config/connected-hosts.js';
import type { SecretStore } from '../secrets/secret-store.js';

/**
 * The copy's text for `text` (the host file before the connect): each literal secret of the moved
 * entries `moved` (in `file`) stored in `store` and replaced by its marker. Returns the text
 * as is, with a note, when nothing can be stored or the replacement would not reverse exactly.
 */
export async function hideSecrets(
  text: string,
  file: string,
  moved: readonly { name: string; loc: EntryLocation }[],
  ctx: DiscoveryContext,
  store: SecretStore,
  host: HostId,
): Promise<{ text: string; accounts: string[]; notes: string[] }> {
  const values = new Set<string>();
  for (const { name, loc } of moved) {
    try {
      const { server } = rawEntry(text, loc, name, ctx);
      for (const key of literalSecretKeys({ env: server.env, headers: server.headers })) {
        const [field, ...rest] = key.split('.');
        const v = (field === 'env' ? server.env : server.headers)?.[rest.join('.')];
        if (typeof v === 'string' && v.length >= 8) values.add(v);
      }
    } catch {
      // an entry that does not read as a server keeps what it holds
    }
  }
  if (values.size === 0 || text.includes('@@switchboard-connected-secret:')) return { text, accounts: [], notes: [] };
  const base = `connected:${host}:${createHash('sha256').update(file).digest('hex').slice(0, 8)}`;
  const map = new Map<string, string>();
  let hidden = text;
  [...values].sort((a, b) => b.length - a.length).forEach((v, i) => {
    const account = `${base}:${i + 1}`;
    map.set(account, v);
    hidden = hidden.split(v).join(secretMarker(account));
  });
  if (revealWith(hidden, map) !== text) return { text, accounts: [], notes: [`The secrets of ${file}'s moved entries stay in its kept copy (0600): they could not be set apart exactly`] };
  try {
    for (const [account, v] of map) await store.set(account, v);
  } catch (err) {
    return { text, accounts: [], notes: [`The secrets of ${file}'s moved entries stay in its kept copy (0600): the secret store could not take them (${(err as Error).message})`] };
  }
  return { text: hidden, accounts: [...map.keys()], notes: [] };
}
