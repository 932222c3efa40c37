/**
 * A secret typed into an argument (or the URL) cannot go to the keychain — a reference there is
 * never filled — so the Add dialog says so where the button is and asks for the same explicit yes
 * as a plain-text env value in another host's file (a "break it" trial: `add … --token=sk-live-…`
 * was written to servers.json with no word). Ticked, it is written and the notice says where.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';

test('an argument holding a secret blocks Add until the plain-text box is ticked; then the notice names it', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  await page.goto(await sb.serve());
  await page.getByRole('button', { name: 'Add server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an MCP server' });
  const add = dialog.getByRole('button', { name: 'Add', exact: true });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('tokened');
  await dialog.getByRole('textbox', { name: 'Command' }).fill(process.execPath);
  await dialog.getByLabel('Arguments (one per line)').fill('-e\nsetInterval(() => {}, 1000)\n--token=sk-live-abcdef1234567890abcdef');
  await expect(add).toBeDisabled();
  await expect(dialog.getByLabel('Why Add is disabled')).toHaveText(
    'args[2] would hold a secret as plain text (an argument or a URL cannot hold a keychain reference): pass it in an environment variable or a header instead, or tick the box to agree.',
  );
  await dialog.getByLabel("Write args[2] to Switchboard's servers.json as plain text").check();
  await expect(add).toBeEnabled();
  await add.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status', { name: 'Server added' })).toContainText('Literal secrets written to servers.json: args[2]');
  expect(readFileSync(join(sb.dataDir, 'servers.json'), 'utf8')).toContain('--token=sk-live-abcdef1234567890abcdef');
});
