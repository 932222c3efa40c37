/**
 * Lifecycle in the UI (issue 4), in Chromium against `switchboard serve` and real servers: stop,
 * start and test buttons, the JSON-RPC trace, the latency sparkline, and the log view showing the
 * same lines `switchboard logs <name>` prints while attached to the same live owner.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { REPO } from './sandbox.js';

const serverButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

test('stop, start and test a server from its page; trace and sparkline; logs match the CLI', async ({ page, sandbox }) => {
  const sb = sandbox('three-servers');
  sb.trust();
  await page.goto(await sb.serve());
  await serverButton(page, 'everything').click();
  await expect(serverButton(page, 'everything')).toContainText('connected');
  const controls = page.getByRole('group', { name: 'Control everything' });

  await controls.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(serverButton(page, 'everything')).toContainText('stopped');
  await expect(page.getByText('Stopped by you')).toBeVisible();

  await controls.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(serverButton(page, 'everything')).toContainText('connected');

  await controls.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Test result' })).toContainText(/✓ reused connection · tools\/list [\d.]+ ms \(\d+ tools\) · ping/);
  await expect(page.getByRole('img', { name: /^Latency of the last \d+ requests/ })).toBeVisible();

  await page.getByRole('tab', { name: 'Trace' }).click();
  const trace = page.getByRole('log', { name: 'JSON-RPC trace of everything' });
  await expect(trace).toContainText('tools/list');
  await expect(trace).toContainText('ping');

  await page.getByRole('tab', { name: 'Logs' }).click();
  const log = page.getByRole('log', { name: 'Log of everything' });
  await expect(log).toContainText('connected to');
  // The CLI attaches to the same owner (its endpoint file) and prints the same entries.
  const cli = spawnSync(process.execPath, [join(REPO, 'bin/switchboard.mjs'), 'logs', 'everything'], { env: sb.env, cwd: sb.project, encoding: 'utf8' });
  expect(cli.status).toBe(0);
  const cliTexts = cli.stdout.trimEnd().split('\n').map((l) => l.replace(/^\S+ \S+\s+/, ''));
  // Lines that arrived live (stop/start) before the tab was first opened do not hide the history
  // from before the page loaded: the view holds at least every line the CLI printed.
  const cliCount = cli.stdout.trimEnd().split('\n').length;
  await expect
    .poll(async () => Number(/(\d+) lines/.exec((await page.getByText(/^\d+ lines$/).textContent()) ?? '')?.[1] ?? 0))
    .toBeGreaterThanOrEqual(cliCount);
  const uiLines = await log.locator('.log-text').allTextContents();
  expect(uiLines.length).toBeGreaterThan(0);
  for (const text of uiLines) expect(cliTexts).toContain(text);
});

test('a server that crashes at startup shows its last error and the next retry in the sidebar', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  writeFileSync(
    join(sb.dataDir, 'servers.json'),
    JSON.stringify({
      mcpServers: {
        // Exits 2 s after it starts: five failed starts then last at least 10 s beside the 7.5 s of
        // backoff, so a page that loads slowly on a busy machine still sees a retry pending.
        crashy: { command: process.execPath, args: ['-e', "console.error('Error: Cannot find module ./nowhere'); setTimeout(() => process.exit(1), 2000)"], env: { SB_E2E_TAG: sb.tag } },
      },
    }),
  );
  await page.goto(await sb.serve());
  const row = serverButton(page, 'crashy');
  // The retry line exists only while in backoff (0.5 + 1 + 2 + 4 s before it gives up): look for it
  // first; the last error stays shown after it gives up, so a loaded machine cannot race past it.
  await expect(row.getByLabel('Next retry')).toHaveText(/^retrying (in \d+s|now)$/);
  await expect(row).toContainText('Cannot find module ./nowhere');
  // Not connected, so no latency figure or sparkline.
  await row.click();
  await expect(page.getByRole('img', { name: /^Latency of the last/ })).toHaveCount(0);
});
