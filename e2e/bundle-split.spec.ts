/**
 * The bundle split (issue 32 item 1), in Chromium against `switchboard serve`: the web UI's first
 * paint fetches the shell only — the views not shown (Notifications, Checks, the budget, the
 * gateway, the trace, the server-request dialog with its form library) are their own chunks,
 * fetched when first opened, and each still opens. Sizes, not times: the speed itself is
 * `npm run bench -- --only=renderer` (docs/testing.md "Speed").
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_ROW_SCRIPT } from './first-row.js';
import { expect, test } from './fixtures.js';
import { REPO } from './sandbox.js';

const FIXTURE = join(REPO, 'src-main/core/mcp/testing/fixtures/many-tools-server.mjs');
/** The scripts the page fetched so far: file name, decoded bytes, when received (ms since navigation). */
const SCRIPTS = `performance.getEntriesByType('resource').filter((e) => /\\.js$/.test(e.name)).map((e) => ({ name: e.name.split('/').pop(), bytes: e.decodedBodySize, end: e.responseEnd }))`;
type Script = { name: string; bytes: number; end: number };

test('the server list paints before the views not shown are fetched, and each view loads when opened', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { few: { transport: 'stdio', command: process.execPath, args: [FIXTURE], env: { SB_E2E_TAG: sb.tag, MANY_TOOLS: '3' } } } }));
  await page.addInitScript(FIRST_ROW_SCRIPT);
  await page.goto(await sb.serve());
  await expect(page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^few\b/ })).toContainText('connected');
  // The selected server's page is its own chunk too, fetched once the list asked for it.
  await expect(page.getByRole('tab', { name: 'Tools (3)' })).toBeVisible();

  const firstRow = (await page.evaluate('window.__sbFirstRow')) as number;
  const before = ((await page.evaluate(SCRIPTS)) as Script[]).filter((s) => s.end <= firstRow);
  // One unminified 3.2 MB file before the split; the shell's chunks are about 0.75 MB.
  expect(before.reduce((sum, s) => sum + s.bytes, 0)).toBeLessThan(1_200_000);
  for (const s of before) expect(s.name).not.toMatch(/^(server-requests|notifications-view|checks-view|budget-view|gateway-view|trace-global-view)-/);

  const fetched = async (chunk: string): Promise<boolean> => ((await page.evaluate(SCRIPTS)) as Script[]).some((s) => s.name.startsWith(`${chunk}-`));
  expect(await fetched('notifications-view')).toBe(false);
  await page.getByRole('button', { name: /^Notifications: / }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toBeVisible();
  expect(await fetched('notifications-view')).toBe(true);

  await page.getByRole('button', { name: 'Checks: saved calls' }).click();
  await expect(page.getByRole('region', { name: 'Checks' })).toBeVisible();
  await page.getByRole('button', { name: 'Context budget: tokens per tool' }).click();
  await expect(page.getByRole('status', { name: 'Budget totals' })).toBeVisible();
  await page.getByRole('button', { name: "Gateway: what each host's agent gets" }).click();
  await expect(page.getByLabel('Gateway', { exact: true })).toBeVisible();
  // No request waited: the dialog's chunk (and its form library) was never fetched.
  expect(await fetched('server-requests')).toBe(false);
});
