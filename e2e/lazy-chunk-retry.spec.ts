/**
 * A view's chunk whose fetch fails — Switchboard stopped or was killed while the page loaded it —
 * is fetched again until it loads (src-renderer/src/lazy-retry.ts). In ci29 the owner was killed
 * while the page fetched the server page's chunk: React.lazy kept the failure and the page stayed
 * blank, even after Switchboard came back. Here the first two fetches of that chunk are refused.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';

test('the server page appears although its chunk failed to load twice; the shell stays', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  mkdirSync(join(sb.home, '.cursor'), { recursive: true });
  writeFileSync(join(sb.home, '.cursor', 'mcp.json'), `${JSON.stringify({ mcpServers: { missing: { command: 'mcp-server-not-installed', args: [], env: { SB_E2E_TAG: sb.tag, PATH: '/nonexistent' } } } }, null, 2)}\n`);
  let refused = 0;
  await page.route(/\/assets\/server-detail-[^/]+\.js$/, (route) => (refused < 2 ? (refused++, route.abort('connectionrefused')) : route.continue()));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(await sb.serve());
  const row = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^missing\b/ });
  await expect(row).toContainText('error', { timeout: 60_000 });
  await row.click();
  await expect(page.getByRole('heading', { name: 'missing' })).toBeVisible();
  expect(refused).toBe(2);
  // The failures were caught and tried again: nothing escaped to the page, and the shell stayed.
  expect(errors).toEqual([]);
  await expect(row).toBeVisible();
});
