/**
 * Test support (not a test): a `SecretStore` in memory, for unit and core tests that must not
 * touch the OS keychain (the keytar store is covered by secret-store.int.test.ts). `map` exposes
 * what was stored so a test can assert it.
 */
import type { SecretStore } from './secret-store.js';

/** An empty in-memory keychain. */
export function memorySecretStore(): SecretStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, get: async (a) => map.get(a), set: async (a, s) => void map.set(a, s), delete: async (a) => map.delete(a), accounts: async () => [...map.keys()] };
}
