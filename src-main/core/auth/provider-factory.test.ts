/** The provider a company grant gets (provider-factory.ts): what it registers as, and words when it has no client. */
import { afterAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../composition/test-world.js';
import { memorySecretStore } from '../secrets/memory-secret-store.js';
import { CredentialStore } from './credential-store.js';
import { createProvider } from './provider-factory.js';

const world = makeWorld();
afterAll(() => world.cleanup());

describe('an enterprise server without a client id', () => {
  it('registers (where the authorization server offers it) for the JWT bearer grant, and says what to set where it does not', async () => {
    const dir = world.dataDir;
    const store = new CredentialStore(dir, memorySecretStore());
    const issuer = 'https://as.example';
    await store.updateRecord('crm', (r) => ({ ...r, discovery: { authorizationServerUrl: issuer, authorizationServerMetadata: { issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, response_types_supported: ['code'] } } }));
    const provider = createProvider({ store, clientName: 'Switchboard', issuerOf: () => undefined, onSecret: () => undefined }, 'crm', undefined, { type: 'oauth', idp: 'corp' });
    expect(provider.clientMetadata.grant_types).toEqual(['urn:ietf:params:oauth:grant-type:jwt-bearer']);
    await expect(provider.clientInformation()).rejects.toMatchObject({
      name: 'CompanyGrantError',
      message: `Enterprise-managed authorization needs Switchboard's client id at this server's authorization server, which offers no registration: set "clientId" in the server's "auth" in servers.json (the id its administrator registered for Switchboard)`,
    });
  });
});
