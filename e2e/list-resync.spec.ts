/**
 * Lists follow a reconnect (issue 29 item 6; src-renderer/src/lib/use-followed-list.ts), in
 * Chromium against `switchboard serve`: a server restarted from its page while its Resources tab
 * is open shows the new process's resources, and its Prompts the new prompts, without a reload (the
 * server, e2e/start-count-server.mjs, names its lists after how often it started and never says
 * they changed). And a server's Trace tab open while its Switchboard is killed and restarted shows
 * the new owner's trace: the new owner numbers its entries from 1 again, which a list that only
 * merged newer numbers (the trace before the hook) dropped.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { REPO, type Sandbox } from './sandbox.js';
import { readLiveEndpoint } from '../src-main/owner/ownership.js';
import { liveEndpoint } from './live-endpoint.js';
import { connectToOwner } from '../src-main/wires/remote-api.js';

const serverButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

const SERVER = join(REPO, 'e2e/start-count-server.mjs');

/** The data folder's servers: `counted` alone. */
function writeServers(sb: Sandbox): void {
  const env = { SB_E2E_TAG: sb.tag, START_COUNT_FILE: join(sb.dataDir, 'start-count.txt') };
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { counted: { command: process.execPath, args: [SERVER], env } } }));
}

/** Call `say` with `text` through the running owner, as any face would. */
async function say(sb: Sandbox, ...texts: string[]): Promise<void> {
  const api = await connectToOwner(liveEndpoint(sb.dataDir));
  for (const text of texts) {
    const r = await api.call('tools:call', { server: 'counted', tool: 'say', args: { text } });
    expect(r.ok && !r.data.isError).toBe(true);
  }
  api.close();
}

/**
 * Serve the sandbox with `counted` alone, open its page on a document marked so that a reload would
 * show (`samePage`), and wait until it is connected. Resolves with the page URL and its row.
 */
async function openCounted(page: Page, sb: Sandbox) {
  writeServers(sb);
  const url = await sb.serve();
  await page.goto(url);
  await page.evaluate(() => ((window as unknown as { sbSamePage?: boolean }).sbSamePage = true));
  const row = serverButton(page, 'counted');
  await row.click();
  await expect(row).toContainText('connected');
  return { url, row };
}

/** Whether the page is still the document `openCounted` marked (no reload happened). */
const samePage = (page: Page): Promise<boolean | undefined> => page.evaluate(() => (window as unknown as { sbSamePage?: boolean }).sbSamePage);

test('a server restarted from its page while its Resources tab is open lists its resources and prompts again, no reload', async ({ page, sandbox }) => {
  const { row } = await openCounted(page, sandbox('empty'));

  await page.getByRole('tab', { name: 'Resources' }).click();
  const resources = page.getByRole('navigation', { name: 'Resources' });
  await expect(resources.getByRole('button', { name: /^start 1\b/ })).toBeVisible();

  await page.getByRole('group', { name: 'Control counted' }).getByRole('button', { name: 'Restart', exact: true }).click();
  await expect(resources.getByRole('button', { name: /^start 2\b/ })).toBeVisible({ timeout: 60_000 });
  await expect(resources.getByRole('button', { name: /^start 1\b/ })).toHaveCount(0);
  await expect(row).toContainText('connected');

  await page.getByRole('tab', { name: 'Prompts' }).click();
  await expect(page.getByRole('navigation', { name: 'Prompts' }).getByRole('button', { name: /^start-2\b/ })).toBeVisible();
  expect(await samePage(page)).toBe(true);
});

test("a server's Trace tab open while its Switchboard is killed and restarted shows the new owner's trace, no reload", async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const { url, row } = await openCounted(page, sb);
  await page.getByRole('tab', { name: 'Trace' }).click();
  const trace = page.getByRole('log', { name: 'JSON-RPC trace of counted' });
  // Ten calls: the first owner's trace numbers run well past what the next one reaches below.
  await say(sb, ...Array.from({ length: 10 }, (_, i) => `before ${i}`));
  await expect(trace).toContainText('before 9');

  const endpoint = liveEndpoint(sb.dataDir);
  process.kill(endpoint.pid, 'SIGKILL'); // the owner only: the next one ends the server it left
  await expect.poll(() => readLiveEndpoint(sb.dataDir), { timeout: 60_000 }).toBeUndefined();
  expect(await sb.serve('kept')).toBe(url);
  await expect(row).toContainText('connected', { timeout: 60_000 });

  await say(sb, 'after the restart');
  await expect(trace).toContainText('after the restart');
  await expect(trace).not.toContainText('before 9');
  expect(await samePage(page)).toBe(true);
});
