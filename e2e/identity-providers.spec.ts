/**
 * Issue 38 item 2 in the window (web mode, Chromium, one app start): Settings → Identity providers
 * against the repo's fixture IdP (src-main/core/auth/fixtures/company-idp.mjs, started here). An
 * enterprise server in Switchboard's own file says on its page that it signs in through "corp";
 * its error is the core's sentence with a hint that points at it, not at the server's log; adding
 * "corp" (with a client secret) lists it with its issuer, client id and that server, the secret never
 * shown back; Sign in opens the IdP's page (it approves at once), the row says signed in
 * and the server connects with no browser of its own; Remove takes the IdP away.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error a plain-JS test fixture without types
import { startCompanyIdp } from '../src-main/core/auth/fixtures/company-idp.mjs';
import { expect, test } from './fixtures.js';

interface Fixture {
  idpIssuer: string;
  idpClientId: string;
  url(path: string): string;
  close(): Promise<unknown>;
}

test('add an identity provider, see its server, sign in without a browser per server, remove it', async ({ page, sandbox }) => {
  const fx = (await startCompanyIdp({})) as Fixture;
  try {
    const sb = sandbox('empty');
    writeFileSync(
      join(sb.dataDir, 'servers.json'),
      JSON.stringify({ mcpServers: { allowed: { type: 'http', url: fx.url('/mcp-allowed'), auth: { type: 'enterprise', idp: 'corp', clientId: 'switchboard' } } } }),
    );
    await page.goto(await sb.serve());
    const row = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^allowed\b/ });
    await row.click();
    await expect(page.getByLabel('How this server signs in')).toHaveText('Signs in through the identity provider "corp" (Settings → Identity providers), with no browser per server.');
    // Not configured yet: the core's words, as the server's error.
    const lastError = page.getByRole('region', { name: 'Last error' });
    await expect(lastError).toContainText('The identity provider "corp" is not configured: add it with switchboard idp add corp');
    // Not a refusal: nothing was asked yet, so the hint says what is missing (issue 38 review).
    await expect(lastError).toContainText('The sign-in could not be made: the words above say what is missing and where it was looked for. It is not retried.');

    await page.getByRole('button', { name: 'Settings: identity providers' }).click();
    const section = page.getByRole('region', { name: 'Identity providers' });
    await expect(section).toContainText('No identity provider yet.');
    const form = section.getByRole('form', { name: 'Add an identity provider' });
    await form.getByLabel('Name').fill('corp');
    await form.getByLabel('Client id').fill(fx.idpClientId);
    await form.getByLabel('Issuer').fill(fx.idpIssuer);
    await form.getByLabel('Client secret (optional)').fill('s3cret-e2e-value');
    await form.getByRole('button', { name: 'Add identity provider' }).click();

    const corp = section.getByRole('row', { name: 'Identity provider corp' });
    await expect(corp.getByRole('cell')).toHaveText(['corp', fx.idpIssuer, `${fx.idpClientId} (secret in the keychain)`, 'not signed in', 'allowed', /Sign in/]);
    await expect(form.getByLabel('Client secret (optional)')).toHaveValue('');
    await expect(page.locator('body')).not.toContainText('s3cret-e2e-value');

    // Sign in: the page opens the IdP's authorization page (it approves at once and redirects to the loopback).
    const popup = page.waitForEvent('popup');
    await corp.getByRole('button', { name: 'Sign in to corp' }).click();
    await (await popup).waitForLoadState();
    await expect(section.getByRole('status')).toHaveText('Signed in to "corp".', { timeout: 30_000 });
    await expect(corp.getByRole('cell').nth(3)).toContainText('signed in until');
    await expect(row).toContainText('connected', { timeout: 30_000 });

    await corp.getByRole('button', { name: 'Remove corp' }).click();
    await expect(section.getByRole('status')).toHaveText('Removed "corp".');
    await expect(section).toContainText('No identity provider yet.');
    await expect(corp).toBeHidden();
  } finally {
    await fx.close();
  }
});
