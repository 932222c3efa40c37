/**
 * Issue 16 item 1 in the UI: a trusted project's `.mcp.json` changes on disk (a new env var, a
 * new server); the changed server stops, the banner shows what it would run and the diff, and
 * "Approve" starts it again. Real `switchboard serve`, real servers, live reload.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

const serverButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

test('a changed definition waits, with its diff, until Approve is clicked', async ({ page, sandbox }) => {
  const sb = sandbox('three-servers');
  sb.trust();
  await page.goto(await sb.serve());
  await expect(serverButton(page, 'everything')).toContainText('connected');

  const file = join(sb.project, '.mcp.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, { env?: Record<string, string> }> };
  config.mcpServers.everything!.env = { ...config.mcpServers.everything!.env, NODE_OPTIONS: '--max-old-space-size=64', API_TOKEN: 'tok_never_shown_0123456789' };
  writeFileSync(file, JSON.stringify(config, null, 2));

  await expect(serverButton(page, 'everything')).toContainText('changed');
  const banner = page.getByRole('region', { name: 'Definitions to approve' });
  await expect(banner).toContainText('everything');
  const diff = banner.getByLabel('Changes to everything');
  await expect(diff).toContainText('+ env.NODE_OPTIONS: --max-old-space-size=64');
  await expect(diff).toContainText('env.API_TOKEN: added (secret, not shown)');
  await expect(page.locator('body')).not.toContainText('tok_never_shown_0123456789');
  await expect(serverButton(page, 'filesystem')).toContainText('connected');

  await banner.getByRole('button', { name: 'Approve everything' }).click();
  await expect(banner).toBeHidden();
  await expect(serverButton(page, 'everything')).toContainText('connected');
});
