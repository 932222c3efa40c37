/**
 * Channels through the UI (issue 13), in Chromium against `switchboard serve` and the notifying
 * fixture server: a notification arrives and shows unread (header and sidebar), is filtered, is
 * acknowledged (one, then all); a `notify` rule raises a browser notification (permission granted);
 * a `confirm` rule asks and, accepted, runs its action on a real tool; install links: a pasted link
 * shows its consent dialog untruncated, a hostile one is refused; and the window's longest
 * main-thread task while 1,000 notifications per second arrive (printed).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { longestTaskDuring, observeLongTasks, readLongTasks } from './long-tasks.js';
import { REPO, type Sandbox } from './sandbox.js';
import { liveEndpoint } from './live-endpoint.js';
import { notices, spyOnNotices } from './notice-spy.js';
import { connectToOwner, type RemoteApi } from '../src-main/wires/remote-api.js';

const NOTIFYING = join(REPO, 'src-main/core/channels/fixtures/notifying-server.mjs');

function setup(sb: Sandbox, rules: unknown[] = []): void {
  const env = { SB_E2E_TAG: sb.tag };
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { mon: { command: process.execPath, args: [NOTIFYING, 'stdio'], env } } }, null, 2));
  writeFileSync(join(sb.dataDir, 'triggers.json'), JSON.stringify({ rules }, null, 2));
}

async function owner(sb: Sandbox): Promise<RemoteApi> {
  return connectToOwner(liveEndpoint(sb.dataDir));
}

async function push(api: RemoteApi, method: string, params: Record<string, unknown>): Promise<void> {
  const r = await api.call('tools:call', { server: 'mon', tool: 'notify', args: { method, params } });
  expect(r.ok && !r.data.isError).toBe(true);
}

const serverButton = (page: Page, name: string) => page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });
const rows = (page: Page) => page.getByRole('list', { name: 'Notification list' }).getByRole('button');
/**
 * A row's accessible name: `#<seq> <state> <time> <server> <channel> <payload…>` (rows are named by
 * their visible text, issue 37 item 4); `expected` gives all but the time and the payload.
 */
const rowName = (expected: string): RegExp => {
  const [seq = '', state = '', ...rest] = expected.split(' ');
  const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`^${esc(seq)} ${state} \\d\\d:\\d\\d:\\d\\d ${esc(rest.join(' '))}( |$)`);
};

test('a notification arrives unread, is filtered and acknowledged; a confirm rule is accepted and runs its action', async ({ page, context, sandbox }) => {
  const sb = sandbox('empty');
  setup(sb, [
    { name: 'disk', channel: 'alerts', contentRegex: '(?i)disk', mode: 'notify', prompt: 'Disk alert from {{server}}' },
    { name: 'deploy', server: 'mon', channel: 'deploy', mode: 'confirm', prompt: 'Echo the deploy {{content}}?', action: { server: 'mon', tool: 'echo', arguments: { text: 'deployed {{channel}}' } }, allowedTools: ['echo'] },
  ]);
  const url = await sb.serve();
  await spyOnNotices(context, page, url);
  await page.goto(url);
  await expect(serverButton(page, 'mon')).toContainText('connected');
  const api = await owner(sb);
  try {
    await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
    await push(api, 'notifications/alerts/critical', { message: 'Disk full on /var' });
    // Unread in the header and in the sidebar, without opening anything.
    await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications: 1 unread' })).toBeVisible();
    // The notify rule raised a desktop notification through the browser's API.
    await expect.poll(() => notices(page)).toEqual([{ title: 'disk · mon', body: 'Disk alert from mon' }]);

    await page.getByRole('button', { name: 'Notifications: 1 unread' }).click();
    const view = page.getByRole('region', { name: 'Notifications' });
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAccessibleName(rowName('#1 unread mon alerts/critical'));
    await push(api, 'notifications/message', { level: 'warning', logger: 'db', data: 'slow query <b>not html</b>' });
    await expect(rows(page)).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();

    // Filtered: by channel pattern, by text.
    await view.getByLabel('Channel').fill('message');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAccessibleName(rowName('#2 unread mon message/db'));
    await expect(rows(page).first()).toContainText('slow query <b>not html</b>');
    await view.getByLabel('Channel').fill('');
    await view.getByLabel('Search').fill('DISK FULL');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAccessibleName(rowName('#1 unread mon alerts/critical'));
    await view.getByLabel('Search').fill('');
    await expect(rows(page)).toHaveCount(2);

    // "Acknowledge all shown" acknowledges what the filters show, nothing else (a trial found it acked
    // every notification whatever the Channel or Search filter said).
    await view.getByLabel('Search').fill('slow query');
    await expect(rows(page)).toHaveCount(1);
    await view.getByRole('button', { name: 'Acknowledge all shown' }).click();
    await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    await view.getByLabel('Search').fill('');
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).first()).toHaveAccessibleName(rowName('#1 unread mon alerts/critical'));
    await expect(rows(page).nth(1)).toHaveAccessibleName(rowName('#2 read mon message/db'));

    // The detail pane shows the raw JSON as text; acknowledge it.
    await rows(page).first().click();
    const detail = page.getByRole('region', { name: 'Notification #1' });
    await expect(detail.getByLabel('Raw JSON')).toContainText('"method": "notifications/alerts/critical"');
    await expect(detail.getByLabel('Raw JSON')).toContainText('"message": "Disk full on /var"');
    await detail.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
    await expect(rows(page).first()).toHaveAccessibleName(rowName('#1 read mon alerts/critical'));
    await view.getByLabel('Unread only').check();
    await expect(rows(page)).toHaveCount(0);
    await view.getByLabel('Unread only').uncheck();
    // Unfiltered, the button is "Acknowledge all", and nothing is left to acknowledge.
    await expect(view.getByRole('button', { name: 'Acknowledge all', exact: true })).toBeDisabled();
    await expect(rows(page).nth(1)).toHaveAccessibleName(rowName('#2 read mon message/db'));

    // A confirm rule: the dialog shows the prompt and the action; accepted, the real tool runs.
    await push(api, 'notifications/deploy/done', { version: '1.2' });
    const dialog = page.getByRole('dialog', { name: 'Rule "deploy" asks for a confirmation' });
    await expect(dialog.getByLabel('Prompt')).toHaveText('Echo the deploy {"version":"1.2"}?');
    await expect(dialog.getByLabel('Action arguments')).toContainText('"text": "deployed deploy/done"');
    await dialog.getByRole('button', { name: 'Run it' }).click();
    const done = page.getByRole('dialog', { name: 'Rule "deploy"' });
    await expect(done.getByRole('status')).toHaveText('Ran mon/echo.');
    await expect(done.getByLabel('Action result')).toHaveText('echo: deployed deploy/done');
    await done.getByRole('button', { name: 'Close' }).last().click(); // the footer's, not the header's × (also named Close)
    const fired = await api.call('triggers:list', {});
    expect(fired.ok && fired.data.firings.map((f) => [f.rule, f.outcome])).toEqual([
      ['disk', 'notified'],
      ['deploy', 'ran'],
    ]);

    // The rule editor checks the text and previews it against recent notifications.
    await view.getByRole('button', { name: 'Rules…' }).click();
    const editor = page.getByRole('dialog', { name: 'Trigger rules' });
    await expect(editor.getByRole('table', { name: 'Rules' })).toContainText('fired 1');
    await editor.getByRole('tab', { name: 'Edit' }).click();
    const text = editor.getByLabel('triggers.json');
    await text.fill('{"rules": [{"name": "x", "channel": "alerts", "mode": "notify", "sever": "mon"}]}');
    await expect(editor.getByRole('alert', { name: 'Problems' })).toContainText('Line 1: rule 1 "x": unknown field "sever"');
    await expect(editor.getByRole('button', { name: 'Save' })).toBeDisabled();
    await text.fill('{"rules": [{"name": "x", "channel": "alerts", "mode": "notify"}]}');
    await expect(editor.getByText('No problems found.')).toBeVisible();
    await expect(editor.getByLabel('Preview')).toContainText('#1 mon alerts/critical → x: would fire');
  } finally {
    api.close();
  }
});

test('install links: a pasted link shows exactly what would run before anything is written; a hostile one is refused', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  setup(sb);
  await page.goto(await sb.serve());
  await expect(serverButton(page, 'mon')).toContainText('connected');
  const longArg = `--note=${'x'.repeat(400)}`;
  const config = { command: process.execPath, args: [NOTIFYING, 'stdio', '; rm -rf ~ #', longArg], env: { SB_E2E_TAG: sb.tag, API_KEY: 'sk-secret-value-123' } };
  const link = `mcp-switchboard://install?name=from-link&config=${Buffer.from(JSON.stringify(config)).toString('base64url')}`;

  await page.getByRole('button', { name: 'Add from link' }).click();
  await page.getByRole('textbox', { name: 'Install link' }).fill('javascript:alert(document.cookie)');
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByRole('alert')).toContainText('This install link was refused: links of scheme "javascript:" are not install links');

  await page.getByRole('textbox', { name: 'Install link' }).fill(link);
  await page.getByRole('button', { name: 'Review' }).click();
  const consent = page.getByRole('dialog', { name: 'Install "from-link"?' });
  await expect(consent.getByLabel('Command')).toHaveText(process.execPath);
  const args = consent.getByLabel('Arguments').getByRole('listitem');
  await expect(args).toHaveText([NOTIFYING, 'stdio', '; rm -rf ~ #', longArg]);
  await expect(consent.getByLabel('Environment')).toContainText('API_KEY=••••••••');
  await expect(consent.getByLabel('Environment')).not.toContainText('sk-secret-value-123');
  await expect(consent.getByLabel('File')).toHaveText(join(sb.dataDir, 'servers.json'));
  await expect(consent.getByText(/^Argument 3 contains shell characters. No shell runs them/)).toBeVisible();
  // Nothing written yet.
  const servers = () => JSON.parse(readFileSync(join(sb.dataDir, 'servers.json'), 'utf8')).mcpServers as Record<string, unknown>;
  expect(Object.keys(servers())).toEqual(['mon']);
  await consent.getByRole('button', { name: 'Install' }).click();
  await expect(serverButton(page, 'from-link')).toContainText('connected');
  expect(servers()['from-link']).toMatchObject({ command: process.execPath, args: config.args });
  expect(JSON.stringify(servers())).not.toContain('sk-secret-value-123');
});

test('1,000 notifications per second: the list keeps up, none lost; the longest main-thread task is printed', async ({ page, browser, sandbox }) => {
  const sb = sandbox('empty');
  setup(sb);
  await page.goto(await sb.serve());
  await expect(serverButton(page, 'mon')).toContainText('connected');
  await expect(serverButton(page, 'mon')).toHaveAttribute('aria-current', 'true');
  await page.getByRole('button', { name: /^Notifications: / }).click();
  // Another view is current: no server row still reads as the selected one (trial 14).
  await expect(page.getByRole('button', { name: /^Notifications: / })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('navigation', { name: 'Servers' }).locator('[aria-current]')).toHaveCount(0);
  await observeLongTasks(page);
  const api = await owner(sb);
  let traced;
  try {
    traced = await longestTaskDuring(browser, page, async () => {
      const r = await api.call('tools:call', { server: 'mon', tool: 'burst', args: { rate: 1000, seconds: 5 } });
      expect(r.ok).toBe(true);
      // Wait through the owner, not by querying the page: Playwright's own polling of the page's
      // accessibility tree would run on the main thread being measured.
      await expect.poll(async () => {
        const s = await api.call('channels:summary', {});
        return s.ok && s.data.lastSeq;
      }, { timeout: 60_000 }).toBe(5000);
      // The page has applied every entry: the newest row is on screen (checked in the page, per frame).
      await page.waitForFunction(() => document.querySelector('[aria-label="Notification list"]')?.textContent?.includes('{"n":5000,"total":5000}'), null, { polling: 'raf', timeout: 60_000 });
    });
    // Counts exact: the header, and the view's own count, say 5000 unread.
    await expect(page.getByRole('button', { name: 'Notifications, 5000 unread' })).toBeVisible();
    await expect(page.getByLabel('Unread notifications')).toHaveText('5000 unread');
    // Every entry is in the list (none lost), and the DOM stays bounded (a virtual list).
    const list = page.getByRole('list', { name: 'Notification list' });
    const heights = await list.evaluate((el) => ({ scroll: el.scrollHeight, rows: el.querySelectorAll('[role="listitem"]').length }));
    expect(heights.scroll).toBeGreaterThanOrEqual(5000 * 30);
    expect(heights.rows).toBeLessThan(100);
  } finally {
    api.close();
  }
  const longest = (await readLongTasks(page)).longestMs;
  const figure = longest > 0 ? `${longest.toFixed(0)} ms` : 'under 50 ms (no long task reported)';
  console.log(
    `1,000 notifications/s for 5 s into the Notifications view: longest main-thread task ${traced.cpuMs.toFixed(0)} ms CPU time ` +
      `(${traced.wallMs.toFixed(0)} ms wall; ${traced.over50} tasks over 50 ms CPU; long-task observer ${figure}) (target < 100 ms)`,
  );
  // Tripwires for a frozen window on a loaded 2-core box, not the target (printed above): CPU time
  // does not grow with the load; wall time does (it reached 720 ms at load average 30, and 340-550
  // ms for tasks of 9-23 ms CPU at load average 17-26 — the thread waiting for a core). CPU time was
  // 21-23 ms after wire messages were capped at 200 items (event-batcher.ts), 57-74 ms before; 16-17 ms
  // once the owner spent 40% less CPU per notification (docs/channels.md 'A burst'), wall 374 ms at load 19.
  expect(traced.cpuMs).toBeLessThan(100);
  expect(longest).toBeLessThan(2000);
});

test('opening the Notifications view with 10,000 stored notifications: the longest main-thread task is printed', async ({ page, browser, sandbox }) => {
  const sb = sandbox('empty');
  setup(sb);
  await page.goto(await sb.serve());
  await expect(serverButton(page, 'mon')).toContainText('connected');
  const api = await owner(sb);
  try {
    // Stored first, with the view closed (the page hears only the unread count meanwhile).
    const r = await api.call('tools:call', { server: 'mon', tool: 'burst', args: { rate: 5000, seconds: 2 } });
    expect(r.ok).toBe(true);
    await expect.poll(async () => {
      const s = await api.call('channels:summary', {});
      return s.ok && s.data.lastSeq;
    }, { timeout: 120_000 }).toBe(10_000);
    await expect(page.getByRole('button', { name: 'Notifications, 10000 unread' })).toBeVisible();
    await observeLongTasks(page);
    const open = page.getByRole('button', { name: /^Notifications: / });
    const traced = await longestTaskDuring(browser, page, async () => {
      await open.click();
      // The newest entry is on screen (checked in the page, per frame).
      await page.waitForFunction(() => document.querySelector('[aria-label="Notification list"]')?.textContent?.includes('{"n":10000,"total":10000}'), null, { polling: 'raf', timeout: 60_000 });
    });
    const longest = (await readLongTasks(page)).longestMs;
    console.log(
      `Opening the Notifications view with 10,000 stored: longest main-thread task ${traced.cpuMs.toFixed(0)} ms CPU time ` +
        `(${traced.wallMs.toFixed(0)} ms wall; long-task observer ${longest > 0 ? `${longest.toFixed(0)} ms` : 'under 50 ms'}) (target < 100 ms)`,
    );
    // Older entries are a page away, and the DOM stays bounded.
    await expect(page.getByRole('button', { name: 'Load older' })).toBeVisible();
    expect(await page.getByRole('list', { name: 'Notification list' }).locator('[role="listitem"]').count()).toBeLessThan(100);
    // A tripwire for a frozen window on a loaded 2-core box, not the target (printed above).
    expect(traced.cpuMs).toBeLessThan(400);
  } finally {
    api.close();
  }
});
