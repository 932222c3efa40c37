/**
 * A server chosen from outside the sidebar (a row of the Hosts dialog) is scrolled into view in the
 * sidebar (trial 14): with more servers than fit at 1400×900, the server page opened while its
 * highlighted row stayed below the fold, so the list did not say which server was shown. Twelve
 * Cursor entries whose command is on no PATH: cheap rows, each in error.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';

test('a server picked in the Hosts dialog is scrolled into view in the sidebar', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const names = Array.from({ length: 12 }, (_, i) => `missing${String(i + 1).padStart(2, '0')}`);
  const servers = Object.fromEntries(names.map((n) => [n, { command: 'mcp-server-not-installed', args: [], env: { SB_E2E_TAG: sb.tag, PATH: '/nonexistent' } }]));
  mkdirSync(join(sb.home, '.cursor'), { recursive: true });
  writeFileSync(join(sb.home, '.cursor', 'mcp.json'), `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(await sb.serve());
  const nav = page.getByRole('navigation', { name: 'Servers' });
  const last = nav.getByRole('button', { name: /^missing12 / });
  await expect(last).toContainText('error', { timeout: 60_000 });
  await expect(last).not.toBeInViewport();

  await page.getByRole('button', { name: 'Hosts' }).click();
  const dialog = page.getByRole('dialog', { name: 'What each host sees' });
  await dialog.getByRole('table', { name: 'Cursor servers' }).getByRole('button', { name: 'missing12', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'missing12' })).toBeVisible();
  await expect(last).toHaveAttribute('aria-current', 'true');
  // Whole but for a fraction of a pixel (the row sits at the list's bottom edge; the old code left it at 0).
  await expect(last).toBeInViewport({ ratio: 0.95 });
});
