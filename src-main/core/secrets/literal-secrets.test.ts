import { describe, expect, it } from 'vitest';
import { keepSecretsOutOfFiles, literalSecretKeys } from './literal-secrets.js';
import { isSecretKey } from '../../../src-shared/redaction.js';
import { markStoredRefs } from './secret-refs.js';
import { memorySecretStore } from './memory-secret-store.js';
import type { ServerDefinition } from '../../../src-shared/config/server.js';

describe('literal secrets on the command line', () => {
  it('knows secret-looking keys and skips references', () => {
    expect(['Authorization', 'X-Api-Key', 'GITHUB_TOKEN', 'DB_PASSWORD', 'Accept', 'LOG_LEVEL'].map(isSecretKey)).toEqual([true, true, true, true, false, false]);
    expect(literalSecretKeys({ headers: { Authorization: 'Bearer ${secret:x}', 'X-Api-Key': 'k', Accept: 'json' }, env: { TOKEN: null, API_KEY: '${KEY}' } })).toEqual(['headers.X-Api-Key']);
  });

  it("Switchboard's file: `Authorization: Bearer LITERAL` goes to the keychain, the file gets Bearer ${secret:<name>-authorization}", async () => {
    const store = memorySecretStore();
    const out = await keepSecretsOutOfFiles({ headers: { Authorization: 'Bearer abc', Accept: 'json' } }, { name: 'gh', host: 'switchboard', store: () => store });
    expect(out.maps).toEqual({ headers: { Authorization: 'Bearer ${secret:gh-authorization}', Accept: 'json' }, env: undefined });
    expect(store.map.get('secret:gh-authorization')).toBe('abc');
    expect(out.notes).toEqual(['headers.Authorization stored in the OS keychain; servers.json holds ${secret:gh-authorization}']);
    // Issue 26 item 1: the caller binds what was stored to the definition it writes.
    expect(out.accounts).toEqual(['secret:gh-authorization']);
  });

  it("another host's file: refused without --allow-literal-secrets, written with it (and noted)", async () => {
    const store = memorySecretStore();
    await expect(keepSecretsOutOfFiles({ env: { API_KEY: 'k1' } }, { name: 's', host: 'cursor', store: () => store })).rejects.toThrow(
      "env.API_KEY would be written to Cursor's file as plain text (only Switchboard's servers.json and VS Code's files can reference the OS keychain); confirm with --allow-literal-secrets, or use a ${VAR} reference",
    );
    const ok = await keepSecretsOutOfFiles({ env: { API_KEY: 'k1' } }, { name: 's', host: 'cursor', store: () => store, allowLiteralSecrets: true });
    expect(ok).toEqual({ maps: { env: { API_KEY: 'k1' } }, notes: ["Literal secrets written to Cursor's file: env.API_KEY"], inputs: [], accounts: [] });
    expect(store.map.size).toBe(0);
  });

  it("VS Code's file: the value becomes the answer of ${input:<name>-<key>}, which the file must declare", async () => {
    const store = memorySecretStore();
    const out = await keepSecretsOutOfFiles({ headers: { 'X-Api-Key': 'k1', Authorization: 'Bearer t1' } }, { name: 'S', host: 'vscode', store: () => store });
    expect(out.maps.headers).toEqual({ 'X-Api-Key': '${input:s-x-api-key}', Authorization: 'Bearer ${input:s-authorization}' });
    expect(out.inputs).toEqual(['s-x-api-key', 's-authorization']);
    expect(out.accounts).toEqual(['input:s-x-api-key', 'input:s-authorization']);
    expect(store.map.get('input:s-x-api-key')).toBe('k1');
    expect(store.map.get('input:s-authorization')).toBe('t1');
  });
});

describe('markStoredRefs', () => {
  const def = (headers: Record<string, string>, unresolved: string[]): ServerDefinition => ({
    name: 's', transport: 'http', url: 'https://h/mcp', headers, enabled: true, unresolved, source: { host: 'vscode', file: '/f', scope: 'user' },
  });

  it('an answered ${input:} is no longer unresolved; an unanswered one stays', () => {
    expect(markStoredRefs(def({ A: '${input:a}', B: '${input:b}' }, ['input:a', 'input:b']), new Set(['input:a'])).unresolved).toEqual(['input:b']);
  });

  it('a ${secret:} with nothing stored is flagged; a stored one is not', () => {
    expect(markStoredRefs(def({ Authorization: 'Bearer ${secret:t}' }, []), new Set()).unresolved).toEqual(['secret:t']);
    expect(markStoredRefs(def({ Authorization: 'Bearer ${secret:t}' }, []), new Set(['secret:t'])).unresolved).toEqual([]);
  });
});
