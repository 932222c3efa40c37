/**
 * Issue 27 item 9, sign-in words: an authorization server that advertises dynamic client
 * registration but refuses the client (`invalid_client_metadata`) — a real authorization server
 * (`fixtures/protected-server.mjs` with `registration: 'reject'`), through the core. The failure
 * says the registration was rejected and names `--client-id`, not a bare "OAuth authentication failed".
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../secrets/secret-store.js';
import { makeWorld, writeOwnServers, type TempWorld } from '../composition/test-world.js';
// @ts-expect-error a plain-JS test fixture without types
import { startProtectedServer } from './fixtures/protected-server.mjs';
import { sdkLinesDuring } from './test-core.js';

let world: TempWorld;
let server: { url: string; close(): Promise<void> };
let secrets: KeytarSecretStore;

beforeAll(async () => {
  world = makeWorld();
  secrets = new KeytarSecretStore(`mcp-switchboard-test-${randomUUID()}`);
  server = await startProtectedServer({ registration: 'reject' });
  writeOwnServers(world, { closed: { type: 'http', url: server.url, auth: { type: 'oauth' } } });
});

afterAll(async () => {
  for (const account of await secrets.accounts().catch(() => [])) await secrets.delete(account).catch(() => undefined);
  await server?.close();
  world?.cleanup();
});

describe('an authorization server that rejects our client registration', () => {
  it('says the registration was rejected and how to sign in with a client registered by hand', async () => {
    const sdkLines = await sdkLinesDuring(world, secrets, async (core) => {
      const failed = await core.handlers['auth:signIn']({ server: 'closed' });
      expect(failed.ok).toBe(false);
      const message = failed.ok ? '' : failed.error.message;
      expect(message).toMatch(
        /^Server "closed": its authorization server rejected Switchboard's client registration \(HTTP 400: invalid_client_metadata: registration is closed to new clients\)\. Register Switchboard with that authorization server \(redirect URI http:\/\/127\.0\.0\.1:\d+\/oauth\/callback\), then sign in with the client id it gives you: switchboard reauth closed --client-id <id> \[--client-secret-stdin\], or the client id \/ secret form in the sign-in panel\.$/,
      );
    });
    // No SDK-internal warning reaches the person.
    expect(sdkLines).toEqual([]);
  });
});
