import { describe, expect, it } from 'vitest';
import { expandPlaceholders } from '../config/env-expand.js';
import { testDefinition } from '../mcp/testing/test-helpers.js';
import { findSecretRefs, referencedAccounts, secretRefResolverFor, storeInputAnswer, storeSecret } from './secret-refs.js';
import { holderOf, SecretNotBoundError, type SecretHolder } from './secret-binding.js';
import { memorySecretStore } from './memory-secret-store.js';

const own = testDefinition({ name: 'gh', transport: 'http', url: 'https://api.github.com/mcp', source: { host: 'switchboard', file: '/d/servers.json', scope: 'app' } });

describe('secret references', () => {
  it('stores a given secret under secret:<id> and writes only the reference; resolves it for its holder only', async () => {
    const store = memorySecretStore();
    const ref = await storeSecret(store, 'gh-token', 'ghp_123');
    expect(ref).toBe('${secret:gh-token}');
    expect(store.map.get('secret:gh-token')).toBe('ghp_123');
    await storeInputAnswer(store, 'key', 'answer');
    const bindings = new Map<string, SecretHolder[]>([
      ['secret:gh-token', [holderOf(own)]],
      ['input:key', [{ file: '/d/servers.json' }]],
      ['secret:nope', [holderOf(own)]],
    ]);
    const resolve = secretRefResolverFor(store, { holdersOf: (a) => bindings.get(a) ?? [] });
    expect(await resolve(own, `Bearer ${ref}`)).toBe('Bearer ghp_123');
    expect(await resolve(own, 'Bearer ${input:key}')).toBe('Bearer answer');
    expect(await resolve(own, 'plain')).toBeUndefined();
    await expect(resolve(own, '${secret:nope}')).rejects.toThrow('No secret stored for ${secret:nope}');
  });

  it('refuses a reference from any other definition: another file, another name, another origin, or an unbound secret', async () => {
    const store = memorySecretStore();
    await storeSecret(store, 'gh-token', 'ghp_123');
    await storeSecret(store, 'stray', 'x-secret');
    const resolve = secretRefResolverFor(store, { holdersOf: (a) => (a === 'secret:gh-token' ? [holderOf(own)] : []) });
    const cursor = { ...own, source: { host: 'cursor' as const, file: '/home/me/.cursor/mcp.json', scope: 'user' as const } };
    const renamed = { ...own, name: 'thief' };
    const elsewhere = { ...own, url: 'https://thief.example/mcp' };
    const local = { ...own, transport: 'stdio' as const, url: undefined, command: 'node' };
    for (const def of [cursor, renamed, elsewhere, local]) {
      const err = await resolve(def, 'Bearer ${secret:gh-token}').then(() => undefined, (e: unknown) => e);
      expect(err).toBeInstanceOf(SecretNotBoundError);
      expect((err as Error).message).toContain(`may not use \${secret:gh-token}: that secret belongs to server "gh" (/d/servers.json for https://api.github.com). Nothing was sent.`);
      expect((err as Error).message).not.toContain('ghp_123');
    }
    await expect(resolve(own, '${secret:stray}')).rejects.toThrow('that secret belongs to no server (it was never bound)');
  });

  it('discovery leaves ${secret:…} literal and does not flag it; ${input:…} stays flagged until answered', () => {
    expect(expandPlaceholders('Bearer ${secret:x}', 'posix', { env: {} })).toEqual({ value: 'Bearer ${secret:x}', unresolved: [] });
    expect(expandPlaceholders('${input:k}', 'vscode', { env: {} }).unresolved).toEqual(['input:k']);
    expect(findSecretRefs('a ${secret:x} b ${input:y}')).toEqual([{ kind: 'secret', id: 'x' }, { kind: 'input', id: 'y' }]);
    expect(referencedAccounts({ ...own, args: ['${secret:a}'], auth: { type: 'bearer', token: '${secret:b}' }, env: { K: '${input:c}' } })).toEqual(['secret:a', 'input:c', 'secret:b']);
  });
});
