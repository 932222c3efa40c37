/**
 * MCP Events in the window (issue 34), in Chromium against `switchboard serve` (one start for the
 * file), the events fixture server (2026-07-28) and the notifying fixture (2025 era): a 2025-era
 * server's Events tab says events need the 2026-07-28 protocol; the fixture's Events tab lists its
 * types; Subscribe opens a form from the type's inputSchema with poll/push and a disabled webhook;
 * occurrences arrive in Notifications naming their subscription, a payload that fails its schema
 * is marked, a `truncated` poll answer is a gap row; a `notify` rule with a `where` on a payload field fires only on the matching
 * occurrence; Unsubscribe removes the subscription.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { REPO } from './sandbox.js';
import { liveEndpoint } from './live-endpoint.js';
import { notices, spyOnNotices } from './notice-spy.js';
import { connectToOwner } from '../src-main/wires/remote-api.js';

const EVENTS = join(REPO, 'src-main/core/ext-events/fixtures/events-server.mjs');
const NOTIFYING = join(REPO, 'src-main/core/channels/fixtures/notifying-server.mjs');

const serverButton = (page: Page, name: string) => page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });
const rows = (page: Page) => page.getByRole('list', { name: 'Notification list' }).getByRole('button');

test('subscribe in the window: occurrences arrive in Notifications and a notify rule with "where" fires', async ({ page, context, sandbox }) => {
  const sb = sandbox('empty');
  const env = { SB_E2E_TAG: sb.tag };
  writeFileSync(
    join(sb.dataDir, 'servers.json'),
    JSON.stringify({ mcpServers: { ev: { command: process.execPath, args: [EVENTS, 'stdio'], env }, old: { command: process.execPath, args: [NOTIFYING, 'stdio'], env } } }, null, 2),
  );
  const rule = { name: 'db-ticks', channel: 'push.tick', mode: 'notify', prompt: 'tick {{content}}', where: { '$.label': 'db-1' } };
  writeFileSync(join(sb.dataDir, 'triggers.json'), JSON.stringify({ rules: [rule] }, null, 2));
  const url = await sb.serve();
  await spyOnNotices(context, page, url);
  await page.goto(url);
  const api = await connectToOwner(liveEndpoint(sb.dataDir));
  try {
    // A 2025-era server: the tab says why there are no events.
    await serverButton(page, 'old').click();
    await expect(serverButton(page, 'old')).toContainText('connected');
    await page.getByRole('tab', { name: 'Events' }).click();
    await expect(page.getByRole('note').filter({ hasText: 'No events on this connection' })).toContainText('2026-07-28');

    await serverButton(page, 'ev').click();
    await expect(serverButton(page, 'ev')).toContainText('connected');
    await page.getByRole('tab', { name: 'Events' }).click();
    const types = page.getByRole('table', { name: 'Event types' });
    await expect(types.getByRole('row')).toHaveCount(3);
    await expect(types.getByRole('row', { name: 'Event type push.tick' })).toContainText('Ticks of push.tick');

    await types.getByRole('button', { name: 'Subscribe to push.tick…' }).click();
    const form = page.getByRole('region', { name: 'Subscribe to push.tick' });
    await expect(form.getByRole('radio', { name: 'webhook' })).toBeDisabled();
    await expect(form).toContainText('needs a public receiver — use poll or push');
    await expect(form.getByRole('radio', { name: 'poll' })).toBeDisabled();
    await expect(form.getByRole('radio', { name: 'push' })).toBeChecked();
    // The form is generated from inputSchema ({label?}); left empty, every occurrence is delivered.
    await expect(form.getByLabel('label')).toBeVisible();
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form).toBeHidden();
    const sub = page.getByRole('row', { name: 'Subscription push.tick' });
    await expect(sub).toContainText('no arguments');
    await expect(sub).toContainText('push');
    await expect(sub.getByLabel('State active')).toBeVisible();

    // Occurrences: one the rule's "where" matches, one it does not, one whose payload fails the schema.
    for (const args of [{ label: 'db-1' }, { label: 'web-1' }, { bad: true }]) {
      const r = await api.call('tools:call', { server: 'ev', tool: 'emit', args: { name: 'push.tick', count: 1, ...args } });
      expect(r.ok && !r.data.isError).toBe(true);
    }
    await expect(sub.getByLabel('Received')).toHaveText('3 · 1 not matching the payload schema');
    await expect.poll(async () => {
      const t = await api.call('triggers:list', {});
      return t.ok ? t.data.firings.map((f) => [f.rule, f.outcome, f.channel]) : [];
    }).toEqual([['db-ticks', 'notified', 'push.tick']]);
    // …raised as a desktop notification, as any notify rule's.
    await expect.poll(() => notices(page)).toEqual([{ title: 'db-ticks · ev', body: 'tick {"n":0,"label":"db-1"}' }]);

    // A poll subscription at the least interval, and a gap: the server dropped events before the
    // next poll (its answer says `truncated`). A poll that lands between emit and gap delivers them
    // instead, so the pair is tried again until a gap is seen.
    await types.getByRole('button', { name: 'Subscribe to poll.tick…' }).click();
    const pollForm = page.getByRole('region', { name: 'Subscribe to poll.tick' });
    await expect(pollForm.getByRole('radio', { name: 'poll' })).toBeChecked();
    await pollForm.getByLabel('Poll interval (seconds)').fill('5');
    await pollForm.getByRole('button', { name: 'Subscribe' }).click();
    const pollSub = page.getByRole('row', { name: 'Subscription poll.tick' });
    await expect(pollSub).toContainText('poll every 5 s');
    await expect(pollSub.getByLabel('State active')).toBeVisible();
    await expect(async () => {
      expect((await api.call('tools:call', { server: 'ev', tool: 'emit', args: { name: 'poll.tick', count: 2 } })).ok).toBe(true);
      expect((await api.call('tools:call', { server: 'ev', tool: 'gap', args: { name: 'poll.tick', keep: 0 } })).ok).toBe(true);
      await expect(pollSub.getByLabel('Received')).toContainText(/\d+ gaps?$/, { timeout: 8_000 });
    }).toPass({ timeout: 45_000 });

    await page.getByRole('button', { name: /^Notifications: / }).click();
    const gapRow = page.getByRole('list', { name: 'Notification list' }).getByRole('button', { name: /poll\.tick .* gap$/ });
    await expect(gapRow.first()).toContainText('gap: the server skipped events here');
    await page.getByRole('region', { name: 'Notifications' }).getByLabel('Channel').fill('push.tick');
    await expect(rows(page)).toHaveCount(3);
    await expect(rows(page).nth(2)).toHaveAccessibleName(/^#\d+ unread \S+ ev push\.tick .*\(payload does not match its schema\)$/);
    await expect(rows(page).nth(2)).toContainText('≠ schema');
    await rows(page).first().click();
    await expect(page.getByRole('note', { name: 'Event origin' })).toHaveText(/^Event from subscription push\.tick \(no arguments\) on ev · event push\.tick#0 · at /);

    // Unsubscribe from the tab.
    await serverButton(page, 'ev').click();
    await page.getByRole('tab', { name: 'Events' }).click();
    await page.getByRole('row', { name: 'Subscription push.tick' }).getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('row', { name: 'Subscription push.tick' })).toHaveCount(0);
    const left = await api.call('events:subscriptions', {});
    expect(left.ok && left.data.map((x) => x.name)).toEqual(['poll.tick']);
  } finally {
    api.close();
  }
});
