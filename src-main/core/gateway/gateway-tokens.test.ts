/** The gateway's per-host tokens (gateway-tokens.ts): made once, kept, and opening only their own host. */
import { describe, expect, it } from 'vitest';
import { memorySecretStore } from '../secrets/memory-secret-store.js';
import { gatewayAccess, gatewayToken, gatewayTokenAccount } from './gateway-tokens.js';

describe('gateway tokens', () => {
  it('are made once per host, kept under the host’s account, and open only that host', async () => {
    const store = memorySecretStore();
    const claude = await gatewayToken(store, 'claude-code');
    expect(claude).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await gatewayToken(store, 'claude-code')).toBe(claude);
    expect(store.map.get(gatewayTokenAccount('claude-code'))).toBe(claude);
    const cursor = await gatewayToken(store, 'cursor');
    expect(cursor).not.toBe(claude);

    expect(await gatewayAccess(store, 'claude-code', claude)).toEqual({ kind: 'ok' });
    expect(await gatewayAccess(store, 'claude-code', cursor)).toEqual({ kind: 'other-host', host: 'cursor' });
    expect(await gatewayAccess(store, 'claude-code', undefined)).toEqual({ kind: 'missing' });
    expect(await gatewayAccess(store, 'claude-code', '')).toEqual({ kind: 'missing' });
    expect(await gatewayAccess(store, 'claude-code', `${claude}x`)).toEqual({ kind: 'wrong' });
    // A host with no token yet: nothing opens it, and checking makes none.
    expect(await gatewayAccess(store, 'zed', claude)).toEqual({ kind: 'other-host', host: 'claude-code' });
    expect(store.map.has(gatewayTokenAccount('zed'))).toBe(false);
  });
});
