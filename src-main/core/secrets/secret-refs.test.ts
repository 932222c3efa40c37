import { describe, expect, it } from 'vitest';
import { expandPlaceholders } from '../config/env-expand.js';
import { findSecretRefs, secretRefResolver, storeInputAnswer, storeSecret } from './secret-refs.js';
import { memorySecretStore } from './memory-secret-store.js';

describe('secret references', () => {
  it('stores a given secret under secret:<id> and writes only the reference', async () => {
    const store = memorySecretStore();
    const ref = await storeSecret(store, 'gh-token', 'ghp_123');
    expect(ref).toBe('${secret:gh-token}');
    expect(store.map.get('secret:gh-token')).toBe('ghp_123');
    await storeInputAnswer(store, 'key', 'answer');
    const resolve = secretRefResolver(store);
    expect(await resolve(`Bearer ${ref}`)).toBe('Bearer ghp_123');
    expect(await resolve('Bearer ${input:key}')).toBe('Bearer answer');
    expect(await resolve('plain')).toBeUndefined();
    await expect(resolve('${secret:nope}')).rejects.toThrow('No secret stored for ${secret:nope}');
  });

  it('discovery leaves ${secret:…} literal and does not flag it; ${input:…} stays flagged until answered', () => {
    expect(expandPlaceholders('Bearer ${secret:x}', 'posix', { env: {} })).toEqual({ value: 'Bearer ${secret:x}', unresolved: [] });
    expect(expandPlaceholders('${input:k}', 'vscode', { env: {} }).unresolved).toEqual(['input:k']);
    expect(findSecretRefs('a ${secret:x} b ${input:y}')).toEqual([{ kind: 'secret', id: 'x' }, { kind: 'input', id: 'y' }]);
  });
});
