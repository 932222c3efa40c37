import { describe, expect, it } from 'vitest';
import { bearerToken, isReference, isSecretKey, planSecret, rowsToMap, secretId } from './secret-values.js';

describe('secret values', () => {
  it('knows secret-looking keys', () => {
    for (const k of ['Authorization', 'authorization', 'GITHUB_TOKEN', 'api_key', 'OPENAI_API_KEY', 'CLIENT_SECRET', 'DB_PASSWORD', 'X-Api-Key'])
      expect(isSecretKey(k), k).toBe(true);
    for (const k of ['PATH', 'NODE_ENV', 'Accept', 'X-Region', 'DEBUG']) expect(isSecretKey(k), k).toBe(false);
  });
  it('treats references as non-secret', () => {
    expect(isReference('${secret:gh-token}')).toBe(true);
    expect(isReference('Bearer ${secret:gh-token}')).toBe(true);
    expect(isReference('${env:HOME}')).toBe(true);
    expect(isReference('ghp_123')).toBe(false);
    expect(isReference('abc ${X} def')).toBe(false);
  });
  it('rows to a map: trimmed keys, blanks skipped, last wins', () => {
    expect(rowsToMap([{ key: ' A ', value: '1' }, { key: '', value: 'x' }, { key: 'A', value: '2' }, { key: 'B', value: '' }])).toEqual({ A: '2', B: '' });
  });
  it('ids and bearer tokens', () => {
    expect(secretId('My Server', 'GITHUB_TOKEN')).toBe('my-server-github_token');
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer  x ')).toBe('x');
    expect(bearerToken('Basic abc')).toBeUndefined();
  });
  it('plans: Switchboard keeps secrets in the keychain, other hosts would get plain text', () => {
    expect(planSecret('gh', 'Accept', 'json', true, true)).toEqual({ kind: 'plain' });
    expect(planSecret('gh', 'Authorization', 'Bearer t1', true, true)).toEqual({ kind: 'token', token: 't1' });
    expect(planSecret('gh', 'Authorization', 'Basic dXNlcg==', true, true)).toEqual({ kind: 'keychain', id: 'gh-authorization', ref: '${secret:gh-authorization}' });
    expect(planSecret('gh', 'Authorization', 'Bearer t1', true, false)).toEqual({ kind: 'keychain', id: 'gh-authorization', ref: '${secret:gh-authorization}' });
    expect(planSecret('gh', 'API_KEY', 'k', true, true)).toEqual({ kind: 'keychain', id: 'gh-api_key', ref: '${secret:gh-api_key}' });
    expect(planSecret('gh', 'API_KEY', 'k', false, true)).toEqual({ kind: 'literal' });
    expect(planSecret('gh', 'API_KEY', '${secret:x}', false, true)).toEqual({ kind: 'plain' });
    expect(planSecret('gh', 'API_KEY', '', true, true)).toEqual({ kind: 'plain' });
  });
});
