/**
 * The opt-in file store for secrets (issue 14 item 11) as the UI shows it, in Chromium against
 * `switchboard serve` started with `SWITCHBOARD_SECRET_STORE=file`: the warnings say that secrets
 * are kept in a plain file, naming it; without the choice nothing is said.
 */
import { join } from 'node:path';
import { expect, test } from './fixtures.js';

test('a chosen file store is a warning in the UI, naming the file', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  sb.env.SWITCHBOARD_SECRET_STORE = 'file';
  await page.goto(await sb.serve());
  await page.getByRole('button', { name: '1 config note' }).click();
  const panel = page.getByRole('dialog', { name: 'Config warnings' });
  await expect(panel).toContainText(`secrets (OAuth tokens, --token values, \${input:} answers) are kept in a plain file, ${join(sb.dataDir, 'secrets.json')} (mode 600)`);
  await expect(panel).toContainText('Remove that choice to use the OS keychain.');
});

test('the keychain (the default) adds no warning', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  delete sb.env.SWITCHBOARD_SECRET_STORE;
  await page.goto(await sb.serve());
  await expect(page.getByRole('button', { name: 'Add server' })).toBeVisible();
  await expect(page.getByRole('button', { name: /config note/ })).toHaveCount(0);
});
