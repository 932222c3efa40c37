/**
 * Sign-in where the authorization server offers no dynamic client registration (issue 14 item 10),
 * through the core, with a real authorization server (`fixtures/protected-server.mjs` with
 * `registration: false` and one client registered by hand) and the real keychain: without a client
 * id the sign-in fails with the sentence that says what to do; with the pre-registered id and secret
 * (the contract's `clientSecret`) it succeeds, and the secret is in the keychain and in no file.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../secrets/secret-store.js';
import { makeWorld, writeOwnServers, type TempWorld } from '../composition/test-world.js';
import type { SwitchboardCore } from '../facade/types.js';
import { defaultCredentialId, oauthAccount } from './credential-id.js';
import { approveSignIn, waitFor } from './test-browser.js';
// @ts-expect-error a plain-JS test fixture without types
import { startProtectedServer } from './fixtures/protected-server.mjs';
import { oauthTestCore } from './test-core.js';

const SECRET = `hand-made-secret-${randomUUID()}`;
let world: TempWorld;
let server: { url: string; origin: string; stats(): Record<string, number>; close(): Promise<void> };
let secrets: KeytarSecretStore;

function makeCore(): SwitchboardCore {
  return oauthTestCore(world, secrets);
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]));

beforeAll(async () => {
  world = makeWorld();
  secrets = new KeytarSecretStore(`mcp-switchboard-test-${randomUUID()}`);
  server = await startProtectedServer({ registration: false, preRegistered: [{ client_id: 'hand-made', client_secret: SECRET }] });
  writeOwnServers(world, { prot: { type: 'http', url: server.url, auth: { type: 'oauth' } } });
});

afterAll(async () => {
  for (const account of await secrets.accounts().catch(() => [])) await secrets.delete(account).catch(() => undefined);
  await server?.close();
  world?.cleanup();
});

describe('an authorization server without dynamic client registration', () => {
  it('says a pre-registered client is needed, then signs in with its id and secret (secret only in the keychain)', async () => {
    const core = makeCore();
    try {
      await core.start();
      await core.settled();
      const failed = await core.handlers['auth:signIn']({ server: 'prot' });
      expect(failed.ok).toBe(false);
      const message = failed.ok ? '' : failed.error.message;
      expect(message).toContain('Server "prot" needs a pre-registered OAuth client: its authorization server offers no dynamic client registration.');
      expect(message).toMatch(/redirect URI http:\/\/127\.0\.0\.1:\d+\/oauth\/callback/);
      expect(message).toContain('switchboard reauth prot --client-id <id> [--client-secret-stdin]');
      expect(message).not.toContain('Incompatible auth server');

      const start = await core.handlers['auth:signIn']({ server: 'prot', settings: { clientId: 'hand-made' }, clientSecret: SECRET });
      if (!start.ok) throw new Error(start.error.message);
      expect(start.data.status).toBe('pending');
      if (start.data.status !== 'pending') return;
      expect(new URL(start.data.authorizationUrl).searchParams.get('client_id')).toBe('hand-made');
      expect((await approveSignIn(start.data.authorizationUrl)).body).toContain('You are signed in');
      await waitFor('prot connected', async () => {
        const list = await core.handlers['servers:list']({});
        return list.ok && list.data.servers.find((s) => s.server.name === 'prot')?.status === 'connected';
      });
      expect(server.stats().registrations).toBe(0);
      // Bound by its first use to the authorization server that accepted it (SEP-2352).
      const stored = JSON.parse((await secrets.get(oauthAccount(defaultCredentialId(server.url)!)))!) as { client?: unknown; clients?: Record<string, { client_id: string; client_secret?: string; issuer?: string }> };
      expect(stored.client).toBeUndefined();
      expect(Object.keys(stored.clients ?? {})).toEqual([`${server.origin}/`]);
      expect(stored.clients?.[`${server.origin}/`]).toMatchObject({ client_id: 'hand-made', client_secret: SECRET, issuer: `${server.origin}/` });
      for (const file of filesUnder(world.root)) expect(readFileSync(file, 'utf8'), file).not.toContain(SECRET);
    } finally {
      await core.dispose();
    }
  });
});
