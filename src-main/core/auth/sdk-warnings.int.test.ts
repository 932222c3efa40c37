/**
 * Issue 27 item 9, sign-in words: no SDK-internal warning reaches the person. Signing in with a
 * client registered by hand (`switchboard reauth --client-id`) put the SDK's
 * "[mcp-sdk] SEP-2352: stored OAuth credential has no 'issuer' stamp …" on the console (the CLI's
 * stderr): the client id the person typed carried no issuer stamp. A real authorization server
 * (`fixtures/protected-server.mjs` with a pre-registered public client), the real keychain, through
 * the core.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../secrets/secret-store.js';
import { makeWorld, writeOwnServers, type TempWorld } from '../composition/test-world.js';
import type { SwitchboardCore } from '../facade/types.js';
import { approveSignIn, waitFor } from './test-browser.js';
// @ts-expect-error a plain-JS test fixture without types
import { startProtectedServer } from './fixtures/protected-server.mjs';
import { sdkLinesDuring } from './test-core.js';

let world: TempWorld;
let server: { url: string; origin: string; close(): Promise<void> };
let secrets: KeytarSecretStore;

beforeAll(async () => {
  world = makeWorld();
  secrets = new KeytarSecretStore(`mcp-switchboard-test-${randomUUID()}`);
  server = await startProtectedServer({ preRegistered: [{ client_id: 'hand-made' }] });
  writeOwnServers(world, { prot: { type: 'http', url: server.url, auth: { type: 'oauth' } } });
});

afterAll(async () => {
  for (const account of await secrets.accounts().catch(() => [])) await secrets.delete(account).catch(() => undefined);
  await server?.close();
  world?.cleanup();
});

async function status(core: SwitchboardCore): Promise<string | undefined> {
  const list = await core.handlers['servers:list']({});
  return list.ok ? list.data.servers.find((s) => s.server.name === 'prot')?.status : undefined;
}

describe('SDK-internal warnings during a sign-in', () => {
  it('a sign-in with a client id given by hand, and the connections after it, put no [mcp-sdk] line on the console', async () => {
    const sdkLines = await sdkLinesDuring(world, secrets, async (core) => {
      const start = await core.handlers['auth:signIn']({ server: 'prot', settings: { clientId: 'hand-made' } });
      if (!start.ok || start.data.status !== 'pending') throw new Error('expected a pending sign-in');
      await approveSignIn(start.data.authorizationUrl);
      await waitFor('prot connected', async () => (await status(core)) === 'connected');
      const call = await core.handlers['tools:call']({ server: 'prot', tool: 'whoami', args: {} } as never);
      expect(call.ok && !call.data.isError).toBe(true);
      // Signing in again reuses the stored (now stamped) client.
      const again = await core.handlers['auth:signIn']({ server: 'prot', force: true });
      if (!again.ok || again.data.status !== 'pending') throw new Error('expected a pending sign-in');
      await approveSignIn(again.data.authorizationUrl);
      await waitFor('prot connected again', async () => (await status(core)) === 'connected');
    });
    expect(sdkLines).toEqual([]);
  });
});
