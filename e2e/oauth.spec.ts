/**
 * Sign in from the UI (issue 6): a real OAuth-protected MCP server on 127.0.0.1 (the SDK's
 * server-side auth, src-main/core/auth/fixtures/protected-server.mjs) shows `needs-auth`; the Sign
 * in button opens the authorization server's page in a new tab, Chromium approves it, the loopback
 * redirect completes the flow, the server connects and its tools appear; the token is in the
 * keychain and nowhere in the page. Needs a Secret Service (npm test starts one).
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

test('signs in to a protected server from the UI through the loopback redirect', async ({ page, context, sandbox }) => {
  const service = `mcp-switchboard-test-${randomUUID()}`;
  const keychain = new KeytarSecretStore(service);
  const available = await keychain.set('probe', 'x').then(
    () => keychain.delete('probe').then(() => true),
    () => false,
  );
  test.skip(!available, 'no OS keychain (Secret Service) in this session: run through npm test, which starts one');

  const protectedServer = (await startProtectedServer()) as { url: string; close(): Promise<void> };
  try {
    const sb = sandbox('empty');
    sb.env.SWITCHBOARD_KEYCHAIN_SERVICE = service;
    writeFileSync(
      join(sb.dataDir, 'servers.json'),
      JSON.stringify({ mcpServers: { 'test-oauth': { type: 'http', url: protectedServer.url, auth: { type: 'oauth' } } } }, null, 2),
    );
    await page.goto(await sb.serve());
    await expect(serverButton(page, 'test-oauth')).toContainText('needs-auth');
    await serverButton(page, 'test-oauth').click();
    const panel = page.getByRole('region', { name: 'Sign-in' });
    await expect(panel).toContainText('Sign-in required for "test-oauth"');

    const popupPromise = context.waitForEvent('page');
    await panel.getByRole('button', { name: 'Sign in' }).click();
    const popup = await popupPromise;
    await expect(popup.getByRole('heading', { name: 'Sign in to Test MCP' })).toBeVisible();
    await popup.getByRole('button', { name: 'Approve' }).click();
    await expect(popup.getByRole('heading', { name: 'Signed in' })).toBeVisible();
    await expect(popup.getByText('You are signed in')).toBeVisible();

    await expect(serverButton(page, 'test-oauth')).toContainText('connected');
    await expect(panel.getByRole('status')).toContainText('Signed in to "test-oauth".');
    await expect(page.getByRole('tab', { name: /Tools \(2\)/ })).toBeVisible();

    // The token is in the keychain, and nowhere in the page or its storage.
    const accounts = await keychain.accounts();
    expect(accounts.some((a) => a.startsWith('oauth:'))).toBe(true);
    const stored = JSON.parse((await keychain.get(accounts.find((a) => a.startsWith('oauth:'))!))!) as { tokens: { access_token: string; refresh_token: string } };
    const html = await page.content();
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    for (const secret of [stored.tokens.access_token, stored.tokens.refresh_token]) {
      expect(html.includes(secret)).toBe(false);
      expect(storage.includes(secret)).toBe(false);
    }

    // Sign out from the UI: the token leaves the keychain and the server needs a sign-in again.
    await panel.getByRole('button', { name: 'Sign out' }).click();
    await expect(serverButton(page, 'test-oauth')).toContainText('needs-auth');
    const after = await keychain.get(accounts.find((a) => a.startsWith('oauth:'))!);
    expect(after === undefined || !('tokens' in (JSON.parse(after) as object))).toBe(true);
  } finally {
    for (const a of await keychain.accounts().catch(() => [])) await keychain.delete(a).catch(() => undefined);
    await protectedServer.close();
  }
});
