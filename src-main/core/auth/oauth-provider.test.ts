/** What a failed refresh keeps (oauth-provider.ts `refresh`), with an in-memory keychain and a fake token endpoint. */
import { afterAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../composition/test-world.js';
import type { FetchLike } from '@modelcontextprotocol/client';
import { memorySecretStore } from '../secrets/memory-secret-store.js';
import { CredentialStore, type CredentialSecrets } from './credential-store.js';
import { SwitchboardOAuthProvider } from './oauth-provider.js';

const issuer = 'https://as.example';
const world = makeWorld();
afterAll(() => world.cleanup());

/** Tokens that expired, with a refresh token, a client, a private key and a DPoP key; resolves what the keychain holds after `tokens()`. */
async function afterRefresh(fetchFn: FetchLike): Promise<{ got: unknown; kept: CredentialSecrets }> {
  const dir = world.dataDir;
  const store = new CredentialStore(dir, memorySecretStore());
  const before: CredentialSecrets = {
    tokens: { access_token: 'old-at', refresh_token: 'rt', token_type: 'Bearer', expires_at: 1 },
    clients: { [issuer]: { client_id: 'c1', issuer } },
    privateKeyPem: 'pem',
    dpop: { alg: 'ES256', privateJwk: { kty: 'EC' }, publicJwk: { kty: 'EC' } } as never,
  };
  await store.updateSecrets('cred', () => before);
  await store.updateRecord('cred', (r) => ({ ...r, discovery: { authorizationServerUrl: issuer, authorizationServerMetadata: { issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, response_types_supported: ['code'] } } }));
  const provider = new SwitchboardOAuthProvider({ credentialId: 'cred', store, clientName: 'test', redirectUrl: 'http://127.0.0.1:1/oauth/callback', fetchFn });
  const got = await provider.tokens();
  return { got, kept: await store.secretsOf('cred') };
}

describe('a failed refresh', () => {
  it('refused by the authorization server (invalid_grant): the tokens go, the clients and keys stay', async () => {
    const { got, kept } = await afterRefresh(async () => new Response(JSON.stringify({ error: 'invalid_grant' }), { status: 400, headers: { 'content-type': 'application/json' } }));
    expect(got).toBeUndefined();
    expect(Object.keys(kept).sort()).toEqual(['clients', 'dpop', 'privateKeyPem']);
  });

  it('a network error keeps everything, the tokens too (the next request tries again)', async () => {
    const { got, kept } = await afterRefresh(async () => {
      throw new TypeError('fetch failed');
    });
    expect(got).toBeUndefined();
    expect(Object.keys(kept).sort()).toEqual(['clients', 'dpop', 'privateKeyPem', 'tokens']);
  });
});
