/**
 * The configured registries' rules (docs/registry.md § Registries and cache): https only (plain http
 * on loopback), no user:password in the URL, and a stored list none of whose items reads falls back
 * to the official registry with a warning.
 */
import { describe, expect, it } from 'vitest';
import { OFFICIAL_REGISTRY } from '../../../src-shared/api/registry.js';
import { readRegistries, readStoredRegistries, registriesProblem } from './registry-settings.js';

describe('registry settings', () => {
  it('refuses plain http off loopback and a URL with a user name or password; accepts https and loopback http', () => {
    expect(registriesProblem([{ name: 'lan', url: 'http://registry.example.com' }])).toBe(
      'The URL of registry "lan" must be https: plain http is accepted only on this computer (127.0.0.1, localhost), since bundle hashes arrive over it; got "http://registry.example.com"',
    );
    expect(registriesProblem([{ name: 'creds', url: 'https://me:s3cret@registry.example.com' }])).toBe(
      'The URL of registry "creds" must not hold a user name or password (it would be stored in state.json and the cache); use a registry that needs none',
    );
    expect(registriesProblem([{ name: 'a', url: 'https://registry.example.com' }, { name: 'b', url: 'http://127.0.0.1:8080' }, { name: 'c', url: 'http://localhost:1' }])).toBeUndefined();
    expect(readRegistries([{ name: 'lan', url: 'http://registry.example.com' }, { name: 'ok', url: 'https://r.example.com/' }])).toEqual([{ name: 'ok', url: 'https://r.example.com', isDefault: false }]);
  });

  it('a stored list none of whose items reads falls back to the official registry, with a warning; an empty list stays none', () => {
    expect(readStoredRegistries([{ name: 'x' }, 'junk'])).toEqual({
      registries: [{ ...OFFICIAL_REGISTRY, isDefault: true }],
      warning: 'None of the 2 registries stored in state.json under "registries" reads (a name and an https URL each): the official registry is used instead.',
    });
    expect(readStoredRegistries([])).toEqual({ registries: [] });
  });
});
