/**
 * Issue 27 item 10 in Chromium against `switchboard serve`: a server that speaks ONLY the current
 * revision (2026-07-28, `--legacy reject`) through every button of its page — Test (which sent
 * `ping`, refused by that revision, and said "Failed to connect"), Restart, Stop, Start and a tool
 * call, then its resources and prompts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { REPO } from './sandbox.js';

const serverButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

test('a modern-only server: Test, Restart, Stop, Start and a tool call all work', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const script = join(REPO, 'src-main/core/mcp/testing/fixtures/modern-stdio-server.mjs');
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { modern: { command: process.execPath, args: [script, '--legacy', 'reject'], env: { SB_E2E_TAG: sb.tag } } } }));
  await page.goto(await sb.serve());
  const row = serverButton(page, 'modern');
  await row.click();
  await expect(row).toContainText('connected');
  await expect(page.getByLabel('Protocol 2026-07-28')).toBeVisible();
  const controls = page.getByRole('group', { name: 'Control modern' });
  const outcome = page.getByRole('status', { name: 'Test result' });

  await controls.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(outcome).toHaveText(/^✓ reused connection · tools\/list [\d.]+ ms \(12 tools\) · server\/discover [\d.]+ ms$/);

  await controls.getByRole('button', { name: 'Restart', exact: true }).click();
  await expect(row).toContainText('connected');
  await controls.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(row).toContainText('stopped');
  await expect(page.getByText('Stopped by you')).toBeVisible();
  await controls.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(row).toContainText('connected');
  await controls.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(outcome).toHaveText(/^✓ reused connection · tools\/list [\d.]+ ms \(12 tools\) · server\/discover [\d.]+ ms$/);

  await page.getByRole('tab', { name: /^Tools/ }).click();
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^echo\b/ }).click();
  const pane = page.getByRole('region', { name: 'Call echo' });
  await pane.getByLabel('message').fill('from the window');
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  const result = pane.getByRole('region', { name: 'Tool result' });
  await expect(result.getByText('ok', { exact: true })).toBeVisible();
  await expect(result).toContainText('Echo: from the window');

  await page.getByRole('tab', { name: 'Resources' }).click();
  await expect(page.getByRole('navigation', { name: 'Resources' }).getByRole('button', { name: /readme/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Prompts' }).click();
  await expect(page.getByRole('navigation', { name: 'Prompts' }).getByRole('button', { name: 'greet' })).toBeVisible();
});
