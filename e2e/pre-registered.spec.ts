/**
 * Sign-in without dynamic client registration from the UI (issue 14 item 10): the authorization
 * server (src-main/core/auth/fixtures/protected-server.mjs, registration off, one client registered
 * by hand) refuses to register us; the sign-in panel says a pre-registered client is needed and
 * opens its client id / secret form; with them the sign-in completes; the secret is in the keychain
 * and not in the page. Needs a Secret Service (npm test starts one).
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { KeytarSecretStore } from '../src-main/core/secrets/secret-store.js';
import { expect, test } from './fixtures.js';
// @ts-expect-error a plain-JS test fixture without types
import { startProtectedServer } from '../src-main/core/auth/fixtures/protected-server.mjs';

const serverButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

test('a server without dynamic registration: the panel asks for the pre-registered client, the secret goes to the keychain', async ({ page, context, sandbox }) => {
  const service = `mcp-switchboard-test-${randomUUID()}`;
  const keychain = new KeytarSecretStore(service);
  const available = await keychain.set('probe', 'x').then(
    () => keychain.delete('probe').then(() => true),
    () => false,
  );
  test.skip(!available, 'no OS keychain (Secret Service) in this session: run through npm test, which starts one');

  const secret = `hand-made-${randomUUID()}`;
  const protectedServer = (await startProtectedServer({ registration: false, preRegistered: [{ client_id: 'hand-made', client_secret: secret }] })) as { url: string; close(): Promise<void> };
  try {
    const sb = sandbox('empty');
    sb.env.SWITCHBOARD_KEYCHAIN_SERVICE = service;
    writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { handmade: { type: 'http', url: protectedServer.url, auth: { type: 'oauth' } } } }));
    await page.goto(await sb.serve());
    await expect(serverButton(page, 'handmade')).toContainText('needs-auth');
    await serverButton(page, 'handmade').click();
    const panel = page.getByRole('region', { name: 'Sign-in' });
    await panel.getByRole('button', { name: 'Sign in' }).click();
    await expect(panel.getByText(/needs a pre-registered OAuth client/)).toContainText('Server "handmade" needs a pre-registered OAuth client');
    await expect(panel.getByText(/needs a pre-registered OAuth client/)).toContainText('switchboard reauth handmade --client-id <id> [--client-secret-stdin]');

    const form = panel.getByRole('group', { name: 'Pre-registered client for handmade' });
    await form.getByLabel('Client ID').fill('hand-made');
    await form.getByLabel('Client secret (optional)').fill(secret);
    const popupPromise = context.waitForEvent('page');
    await panel.getByRole('button', { name: 'Sign in' }).click();
    const popup = await popupPromise;
    await popup.getByRole('button', { name: 'Approve' }).click();
    await expect(popup.getByText('You are signed in')).toBeVisible();
    await expect(serverButton(page, 'handmade')).toContainText('connected');

    const account = (await keychain.accounts()).find((a) => a.startsWith('oauth:'))!;
    // docs/auth.md "Clients per authorization server": once used, the typed-in client is kept under its issuer.
    type Client = { client_id: string; client_secret: string };
    const stored = JSON.parse((await keychain.get(account))!) as { client?: Client; clients?: Record<string, Client> };
    const clients = [...(stored.client ? [stored.client] : []), ...Object.values(stored.clients ?? {})];
    expect(clients).toEqual([expect.objectContaining({ client_id: 'hand-made', client_secret: secret })]);
    expect((await page.content()).includes(secret)).toBe(false);
  } finally {
    for (const a of await keychain.accounts().catch(() => [])) await keychain.delete(a).catch(() => undefined);
    await protectedServer.close();
  }
});
