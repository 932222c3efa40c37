/**
 * Lists follow a server across a reconnect (issue 29 item 6; src-renderer/src/lib/use-followed-list.ts),
 * in Chromium against `switchboard serve`: a server restarted from its page while its Resources tab
 * is open shows the new process's resources, and its Prompts the new prompts, without a reload. The
 * server (e2e/start-count-server.mjs) names its lists after how often it started and never says
 * they changed, so only a list fetched again after the reconnect shows the new name.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { REPO } from './sandbox.js';

const serverButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

test('a server restarted from its page while its Resources tab is open lists its resources and prompts again, no reload', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const script = join(REPO, 'e2e/start-count-server.mjs');
  const env = { SB_E2E_TAG: sb.tag, START_COUNT_FILE: join(sb.dataDir, 'start-count.txt') };
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { counted: { command: process.execPath, args: [script], env } } }));
  await page.goto(await sb.serve());
  // A mark on this very document: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { sbSamePage?: boolean }).sbSamePage = true));
  const row = serverButton(page, 'counted');
  await row.click();
  await expect(row).toContainText('connected');

  await page.getByRole('tab', { name: 'Resources' }).click();
  const resources = page.getByRole('navigation', { name: 'Resources' });
  await expect(resources.getByRole('button', { name: /^start 1\b/ })).toBeVisible();

  await page.getByRole('group', { name: 'Control counted' }).getByRole('button', { name: 'Restart', exact: true }).click();
  await expect(resources.getByRole('button', { name: /^start 2\b/ })).toBeVisible({ timeout: 60_000 });
  await expect(resources.getByRole('button', { name: /^start 1\b/ })).toHaveCount(0);
  await expect(row).toContainText('connected');

  await page.getByRole('tab', { name: 'Prompts' }).click();
  await expect(page.getByRole('navigation', { name: 'Prompts' }).getByRole('button', { name: /^start-2\b/ })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sbSamePage?: boolean }).sbSamePage)).toBe(true);
});
