/**
 * The trace view (issue 15 item 2), in Chromium against `switchboard serve` with server-everything:
 * a tool call's request and reply paired with their latency, opened beside the list as pretty JSON;
 * filters by direction, method and text; replay of a `tools/call`; export as JSON lines.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { openEverything } from './everything-server.js';

test('trace: paired request and reply with latency beside the list, filters, replay, JSON-lines export', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  await openEverything(page, sb);
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^echo\b/ }).click();
  const pane = page.getByRole('region', { name: 'Call echo' });
  await pane.getByLabel('message').fill('traced hello');
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(pane.getByRole('region', { name: 'Tool result' })).toContainText('Echo: traced hello');

  await page.getByRole('tab', { name: 'Trace' }).click();
  const trace = page.getByRole('log', { name: 'JSON-RPC trace of everything' });
  await expect(trace).toContainText('tools/list');
  // Filters: method, then direction, then text.
  const filters = page.getByRole('group', { name: 'Trace filters' });
  await filters.getByRole('combobox', { name: 'Method' }).selectOption('tools/call');
  await expect(trace.getByRole('button')).toHaveCount(2);
  await filters.getByText('Sent', { exact: true }).click();
  await expect(trace.getByRole('button')).toHaveCount(1);
  await filters.getByText('Both ways', { exact: true }).click();
  await filters.getByRole('textbox', { name: 'Search messages' }).fill('traced hello');
  await expect(trace.getByRole('button')).toHaveCount(2);

  // The request opens beside the list with its reply, latency and pretty JSON.
  await trace.getByRole('button').first().click();
  const detail = page.getByRole('region', { name: 'Selected message' });
  await expect(detail.getByLabel('Request')).toContainText('"name": "echo"');
  await expect(detail.getByLabel('Reply')).toContainText('Echo: traced hello');
  await expect(detail.getByText(/^[\d.]+ ms$/).first()).toBeVisible();
  const listBox = await trace.boundingBox();
  const detailBox = await detail.boundingBox();
  expect(detailBox!.x).toBeGreaterThan(listBox!.x + listBox!.width - 1);

  // Replay sends it again: a second exchange appears.
  await detail.getByRole('button', { name: 'Replay' }).click();
  await expect(detail.getByRole('status')).toContainText('Replayed');
  await expect(trace.getByRole('button')).toHaveCount(4);

  // Export: the shown entries as JSON lines.
  const download = page.waitForEvent('download');
  await filters.getByRole('button', { name: 'Export JSON lines' }).click();
  const file = await (await download).path();
  const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { method: string; direction: string });
  expect(lines).toHaveLength(4);
  expect(lines.every((l) => l.method === 'tools/call')).toBe(true);
  expect(lines.map((l) => l.direction)).toEqual(['out', 'in', 'out', 'in']);
});
