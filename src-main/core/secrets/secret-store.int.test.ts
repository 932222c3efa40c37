import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KeychainUnavailableError, KeytarSecretStore } from './secret-store.js';

// Runs against the real Secret Service that `npm test` starts (a D-Bus session with an unlocked
// gnome-keyring, docs/testing.md). Each run uses its own service name so runs never collide.
describe('KeytarSecretStore (real keychain)', () => {
  it('stores, lists, reads and deletes a secret', async () => {
    const store = new KeytarSecretStore(`mcp-switchboard-test-${randomUUID()}`);
    expect(await store.get('acct')).toBeUndefined();
    await store.set('acct', 's3cret-value');
    expect(await store.get('acct')).toBe('s3cret-value');
    expect(await store.accounts()).toEqual(['acct']);
    await store.set('acct', 'rotated');
    expect(await store.get('acct')).toBe('rotated');
    expect(await store.delete('acct')).toBe(true);
    expect(await store.get('acct')).toBeUndefined();
    expect(await store.delete('acct')).toBe(false);
  });

  it('says the keychain is unavailable, and stores nothing elsewhere, when there is no Secret Service', async () => {
    const saved = process.env.DBUS_SESSION_BUS_ADDRESS;
    // A bus address that cannot exist: keytar's libsecret call fails instead of finding a keyring.
    const { spawnSync } = await import('node:child_process');
    const script = `
      const { KeytarSecretStore } = await import(${JSON.stringify(new URL('./secret-store.ts', import.meta.url).href)});
      try { await new KeytarSecretStore('x').set('a', 'b'); console.log('stored'); }
      catch (e) { console.log(e.name + ': ' + e.message.split('(')[0].trim()); }
    `;
    const out = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    process.env.DBUS_SESSION_BUS_ADDRESS = saved;
    expect(out.stdout.trim()).toBe(`${new KeychainUnavailableError('x').name}: The OS keychain is not available`);
  });
});
