/**
 * A call that crashes its server (trial 6 finding 3), in Chromium against `switchboard serve` and a
 * real stdio process (src-main/core/mcp/testing/fixtures/raw-stdio-server.mjs `die`): the result names the
 * exit code and what the server printed on stderr, and stays on screen while the server restarts
 * and after it is connected again (it used to reset to "Call the tool to see its result here").
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { REPO } from './sandbox.js';

const serverButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

test('a call that crashes the server keeps its failure, with the exit code and stderr, across the reconnect', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const raw = join(REPO, 'src-main/core/mcp/testing/fixtures/raw-stdio-server.mjs');
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { crashy: { command: process.execPath, args: [raw], env: { SB_E2E_TAG: sb.tag } } } }));
  await page.goto(await sb.serve());
  await expect(serverButton(page, 'crashy')).toContainText('connected');
  await serverButton(page, 'crashy').click();
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^die\b/ }).click();
  const pane = page.getByRole('region', { name: 'Call die' });
  await pane.getByRole('switch', { name: 'Raw JSON' }).check();
  await pane.getByRole('textbox', { name: /arguments/i }).fill(JSON.stringify({ message: 'FATAL: out of widgets', code: 3 }));
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  const result = pane.getByRole('region', { name: 'Tool result' });
  await expect(result).toContainText('the server process exited with code 3 during this call');
  await expect(result).toContainText('FATAL: out of widgets');
  // The server restarts on its own; the failed result is still there once it is back.
  await expect(serverButton(page, 'crashy')).toContainText('connected');
  await expect(page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^die\b/ })).toBeVisible();
  await expect(result).toContainText('FATAL: out of widgets');
  await expect(pane).not.toContainText('Call the tool to see its result here');
});
