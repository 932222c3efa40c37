/**
 * An open tab when its Switchboard goes (docs/faces-and-ownership.md "An open tab when the owner goes"
 * and "… restarts"; trial 5 finding 6; issue 27 item 5), in Chromium against `switchboard serve`:
 * stopped, the window stops claiming anything live (no "connected" row or total, uptimes stop) and says
 * it is reconnecting; restarted with `--new-token` on the same port, the tab says plainly that the
 * Switchboard it was opened from stopped or moved and how to open the one running now — it stops
 * retrying; `switchboard open` prints the new address, and there a confirmation that waited before the
 * restart is still asked and runs (trigger state kept). Killed with SIGKILL and restarted on the same
 * data folder, the owner keeps its port and token: the same page reconnects with no reload and shows
 * a server and a rule added while it was down. And the Rules… dialog's first tab shows a rule skipped
 * for a problem (trial 5 finding 9).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { REPO, type Sandbox } from './sandbox.js';
import { readLiveEndpoint } from '../src-main/owner/ownership.js';
import { liveEndpoint } from './live-endpoint.js';
import { connectToOwner } from '../src-main/wires/remote-api.js';

const NOTIFYING = join(REPO, 'src-main/core/channels/fixtures/notifying-server.mjs');

function setup(sb: Sandbox, rules: unknown[]): void {
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { mon: { command: process.execPath, args: [NOTIFYING, 'stdio'], env: { SB_E2E_TAG: sb.tag } } } }, null, 2));
  writeFileSync(join(sb.dataDir, 'triggers.json'), JSON.stringify({ rules }, null, 2));
}

const serverButton = (page: Page, name: string) => page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

/** SIGTERM the running owner (its own process group) and wait until its endpoint is gone. */
async function stopOwner(sb: Sandbox): Promise<void> {
  const endpoint = liveEndpoint(sb.dataDir);
  process.kill(-endpoint.pid, 'SIGTERM');
  await expect.poll(() => readLiveEndpoint(sb.dataDir), { timeout: 60_000 }).toBeUndefined();
}

test('a tab whose Switchboard restarted with a new token says so and how to open the one running now; a waiting confirmation is still asked there', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  setup(sb, [{ name: 'deploy', server: 'mon', channel: 'deploy', mode: 'confirm', prompt: 'Echo {{content}}?', action: { server: 'mon', tool: 'echo', arguments: { text: 'deployed' } }, allowedTools: ['echo'] }]);
  const url = await sb.serve();
  const port = Number(new URL(url).port);
  await page.goto(url);
  await expect(serverButton(page, 'mon')).toContainText('connected');
  await expect(serverButton(page, 'mon')).toContainText(/up \d/);
  await expect(page.getByLabel('Totals')).toContainText('1 connected');
  await expect(page.getByRole('main').getByText(/^6 tools · up \d/)).toBeVisible();

  // A confirmation waits when the owner stops.
  const api = await connectToOwner(liveEndpoint(sb.dataDir));
  const pushed = await api.call('tools:call', { server: 'mon', tool: 'notify', args: { method: 'notifications/deploy/done', params: { v: 1 } } });
  expect(pushed.ok && !pushed.data.isError).toBe(true);
  const asked = page.getByRole('dialog', { name: 'Rule "deploy" asks for a confirmation' });
  await expect(asked).toBeVisible();
  await page.keyboard.press('Escape'); // not now: it stays waiting
  await expect(asked).toBeHidden();
  api.close();

  await stopOwner(sb);
  const lost = page.getByRole('alert').filter({ hasText: 'switchboard open' });
  await expect(lost).toContainText('Not connected to Switchboard — reconnecting…');
  await expect(lost).toContainText('switchboard open');
  // Nothing claims to be live: no "connected" on the row or in the totals, no uptime.
  await expect(serverButton(page, 'mon')).toContainText('unknown');
  await expect(serverButton(page, 'mon')).not.toContainText('connected');
  await expect(serverButton(page, 'mon')).not.toContainText(/up \d/);
  await expect(page.getByLabel('Totals')).not.toContainText('connected ·');
  await expect(page.getByLabel('Totals')).toContainText('status unknown');
  await expect(page.getByRole('main').getByText(/^6 tools · /)).not.toContainText('up ');

  // Restarted with --new-token (on the port it kept): this page's token is refused — it says so and stops.
  await sb.serve('kept', ['--new-token']);
  await expect(lost).toContainText('The Switchboard this page was opened from has stopped or moved', { timeout: 60_000 });
  await expect(lost).toContainText('switchboard open');
  await expect(page.getByRole('status').filter({ hasText: 'Disconnected — this Switchboard stopped' })).toBeVisible();
  await expect(serverButton(page, 'mon')).not.toContainText('connected');

  // `switchboard open` prints the new address; there the confirmation from before the restart is asked.
  const open = spawnSync(process.execPath, [join(REPO, 'bin/switchboard.mjs'), 'open', '--no-browser'], { env: sb.env, cwd: sb.project, encoding: 'utf8', timeout: 120_000 });
  expect(open.status).toBe(0);
  const next = /Switchboard is running at (\S+)/.exec(open.stdout)?.[1];
  expect(next).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/\\?token=`));
  expect(next).not.toBe(url);
  await page.goto(next!);
  await expect(serverButton(page, 'mon')).toContainText('connected');
  await expect(lost).toHaveCount(0);
  const again = page.getByRole('dialog', { name: 'Rule "deploy" asks for a confirmation' });
  await expect(again).toBeVisible({ timeout: 60_000 });
  await again.getByRole('button', { name: 'Run it' }).click();
  await expect(page.getByRole('dialog', { name: 'Rule "deploy"' }).getByLabel('Action result')).toHaveText('echo: deployed');
});

test('killed with SIGKILL and restarted on the same data folder, the owner keeps its address: the open page follows it without a reload and refreshes its lists', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  setup(sb, [{ name: 'before', channel: 'alerts', mode: 'notify' }]);
  const url = await sb.serve();
  await page.goto(url);
  await expect(serverButton(page, 'mon')).toContainText('connected');
  // A mark on this very document: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { sbSamePage?: boolean }).sbSamePage = true));

  const endpoint = liveEndpoint(sb.dataDir);
  process.kill(endpoint.pid, 'SIGKILL'); // the owner only: the next one ends the servers it left
  await expect.poll(() => readLiveEndpoint(sb.dataDir), { timeout: 60_000 }).toBeUndefined();
  const lost = page.getByRole('alert').filter({ hasText: 'switchboard open' });
  await expect(lost).toContainText('Not connected to Switchboard — reconnecting…');
  await expect(lost).toContainText('this page reconnects and refreshes by itself');

  // While it is down: a server and a rule are added in the data folder.
  writeFileSync(
    join(sb.dataDir, 'servers.json'),
    JSON.stringify({ mcpServers: { mon: { command: process.execPath, args: [NOTIFYING, 'stdio'], env: { SB_E2E_TAG: sb.tag } }, later: { command: process.execPath, args: [NOTIFYING, 'stdio'], env: { SB_E2E_TAG: sb.tag } } } }, null, 2),
  );
  writeFileSync(join(sb.dataDir, 'triggers.json'), JSON.stringify({ rules: [{ name: 'before', channel: 'alerts', mode: 'notify' }, { name: 'added-while-down', channel: 'alerts', mode: 'notify' }] }, null, 2));

  // Restarted without --port: the same address and token as before.
  expect(await sb.serve('kept')).toBe(url);
  await expect(serverButton(page, 'later')).toContainText('connected', { timeout: 60_000 });
  await expect(serverButton(page, 'mon')).toContainText('connected');
  await expect(lost).toHaveCount(0);
  await expect(page.getByLabel('Totals')).toContainText('2 connected');
  await serverButton(page, 'later').click();
  await expect(page.getByRole('main').getByText(/^6 tools · up \d/)).toBeVisible();
  await page.getByRole('button', { name: /^Notifications: \d+ unread|^Notifications/ }).first().click();
  await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Rules…' }).click();
  await expect(page.getByRole('dialog', { name: 'Trigger rules' }).getByRole('table', { name: 'Rules' })).toContainText('added-while-down');
  expect(await page.evaluate(() => (window as unknown as { sbSamePage?: boolean }).sbSamePage)).toBe(true);
});

test('the Rules… dialog opens on a tab that shows a rule skipped for a problem, with its line', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  setup(sb, [
    { name: 'ok', channel: 'alerts', mode: 'notify' },
    { name: 'typo', channel: 'alerts', mode: 'notify', sever: 'mon' },
  ]);
  const url = await sb.serve();
  await page.goto(url);
  await expect(serverButton(page, 'mon')).toContainText('connected');
  await page.getByRole('button', { name: /^Notifications: \d+ unread|^Notifications/ }).first().click();
  await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Rules…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Trigger rules' });
  const problems = dialog.getByRole('alert', { name: 'Problems in the rules' });
  await expect(problems).toContainText('1 problem: a rule with a problem is skipped');
  await expect(problems).toContainText('line 12: rule 2 "typo": unknown field "sever"');
  await expect(dialog.getByRole('table', { name: 'Rules' })).toContainText('ok');
  await expect(dialog.getByRole('table', { name: 'Rules' })).not.toContainText('typo');
});
