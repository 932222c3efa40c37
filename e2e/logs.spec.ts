/**
 * The log view (issue 15 item 3), in Chromium against `switchboard serve` with server-everything:
 * each line's level (decided in the core) is shown, a level floor and a search filter the lines,
 * and the shown lines export as a file.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { openEverything } from './everything-server.js';

test('logs: levels shown, level floor and search filter, export of the shown lines', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  await openEverything(page, sb);
  await page.getByRole('tab', { name: 'Logs' }).click();
  const log = page.getByRole('log', { name: 'Log of everything' });
  await expect(log).toContainText('connected to');
  // Switchboard's own notes are info.
  await expect(log.locator('[data-level="info"]').first()).toContainText('info');

  await page.getByRole('textbox', { name: 'Search the log' }).fill('connected to');
  await expect(page.getByRole('status').filter({ hasText: /^\d+ shown$/ })).toBeVisible();
  const shown = await log.locator('.log-text').allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  for (const t of shown) expect(t.toLowerCase()).toContain('connected to');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const text = readFileSync(await (await download).path(), 'utf8');
  expect(text.split('\n')).toHaveLength(shown.length);
  expect(text).toContain('connected to');

  // A floor above every line there is: nothing shown (no note of Switchboard's is an error).
  await page.getByRole('textbox', { name: 'Search the log' }).fill('');
  await page.getByRole('combobox', { name: 'Lowest level shown' }).selectOption('emergency');
  await expect(log.locator('.log-text')).toHaveCount(0);
});
