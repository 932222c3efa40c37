/**
 * The opt-in file store (issue 14 item 11) on a real temp folder: mode 600, refused when wider,
 * atomic one-at-a-time writes, and the choice (env over setting; never by itself).
 */
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StateStore } from '../data/state-store.js';
import { ChoosingSecretStore, FileSecretStore, SecretFileModeError, secretStoreChoice, secretStoreWarning } from './file-secret-store.js';
import { defaultSecretStore, KeytarSecretStore } from './secret-store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sb-file-secrets-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('FileSecretStore', () => {
  it('creates the file mode 600, round-trips, keeps concurrent writes, deletes', async () => {
    const file = join(dir, 'secrets.json');
    const store = new FileSecretStore(file);
    expect(await store.get('a')).toBeUndefined();
    await Promise.all([store.set('a', 'one'), store.set('b', 'two'), store.set('c', 'three')]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await store.accounts()).toEqual(['a', 'b', 'c']);
    // A second instance (another process) sees the same and adds without dropping.
    await new FileSecretStore(file).set('d', 'four');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ secrets: { a: 'one', b: 'two', c: 'three', d: 'four' } });
    expect(await store.delete('b')).toBe(true);
    expect(await store.delete('b')).toBe(false);
    expect(await store.get('a')).toBe('one');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('six stores writing at once (six processes of `add --token`) keep every account', async () => {
    // The failing input of an attack pass: 6 concurrent `add --token` runs kept 4–5 of 6 tokens.
    const file = join(dir, 'secrets.json');
    const stores = Array.from({ length: 6 }, () => new FileSecretStore(file));
    await Promise.all(stores.map((store, i) => store.set(`tk${i}`, `TKV${i}`)));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ secrets: Object.fromEntries(stores.map((_, i) => [`tk${i}`, `TKV${i}`])) });
  });

  it('a truncated file is an error naming it, and is kept aside as secrets.json.bad-<time>, never rewritten (issue 27 item 2)', async () => {
    const file = join(dir, 'secrets.json');
    writeFileSync(file, '{"secrets":', { mode: 0o600 });
    const store = new FileSecretStore(file);
    await expect(store.set('a', 'x')).rejects.toThrow(`${file} is not valid JSON`);
    const bad = readdirSync(dir).filter((f) => f.startsWith('secrets.json.bad-'));
    expect(bad).toHaveLength(1);
    expect(readFileSync(join(dir, bad[0]!), 'utf8')).toBe('{"secrets":');
  });

  it('refuses a file others can read: nothing read, nothing written', async () => {
    const file = join(dir, 'secrets.json');
    writeFileSync(file, JSON.stringify({ secrets: { a: 'x' } }));
    chmodSync(file, 0o644);
    const store = new FileSecretStore(file);
    await expect(store.get('a')).rejects.toBeInstanceOf(SecretFileModeError);
    await expect(store.set('b', 'y')).rejects.toThrow(`${file} can be read or written by others (mode 644): nothing was read from it; make it private with chmod 600 ${file}`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ secrets: { a: 'x' } });
  });
});

describe('which store (never a silent fallback)', () => {
  it('the keychain by default; the file only when SWITCHBOARD_SECRET_STORE or the setting says so; env wins', async () => {
    expect(secretStoreChoice({}, dir)).toEqual({ kind: 'keychain' });
    const chosen = defaultSecretStore({}, dir) as ChoosingSecretStore;
    expect(chosen.current()).toBeInstanceOf(KeytarSecretStore);
    expect(secretStoreWarning({ kind: 'keychain' })).toBeUndefined();

    const file = join(dir, 'secrets.json');
    expect(secretStoreChoice({ SWITCHBOARD_SECRET_STORE: 'file' }, dir)).toEqual({ kind: 'file', file, chosenBy: 'SWITCHBOARD_SECRET_STORE' });
    expect((defaultSecretStore({ SWITCHBOARD_SECRET_STORE: 'file' }, dir) as ChoosingSecretStore).current()).toBeInstanceOf(FileSecretStore);
    expect(existsSync(file)).toBe(false); // choosing creates nothing; the first secret does

    await new StateStore(dir).update('secretStore', () => 'file');
    expect(secretStoreChoice({}, dir)).toMatchObject({ kind: 'file', chosenBy: '"secretStore" in state.json' });
    // The store made before the setting follows it (issue 30 trial: a running owner, no restart).
    expect(chosen.current()).toBeInstanceOf(FileSecretStore);
    expect(secretStoreChoice({ SWITCHBOARD_SECRET_STORE: 'keychain' }, dir)).toEqual({ kind: 'keychain' });
    expect(secretStoreWarning(secretStoreChoice({}, dir))).toMatch(/^Warning: secrets \(OAuth tokens, --token values, \$\{input:\} answers\) are kept in a plain file, .*secrets\.json \(mode 600\)/);

    const odd = secretStoreChoice({ SWITCHBOARD_SECRET_STORE: 'plaintext' }, dir);
    expect(odd).toMatchObject({ kind: 'keychain' });
    expect(secretStoreWarning(odd)).toBe('Warning: SWITCHBOARD_SECRET_STORE is "plaintext" (expected "keychain" or "file"): the OS keychain is used.');
  });
});
