/**
 * The trace view (issue 15 item 2), in Chromium against `switchboard serve` with server-everything:
 * a tool call's request and reply paired with their latency, opened beside the list as pretty JSON;
 * filters by direction, method and text; replay of a `tools/call`; export as JSON lines.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { packageBin } from './sandbox.js';

test('trace: paired request and reply with latency beside the list, filters, replay, JSON-lines export', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  writeFileSync(
    join(sb.project, '.mcp.json'),
    JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-everything'), 'stdio'], env: { SB_E2E_TAG: sb.tag } } } }),
  );
  sb.trust();
  await page.goto(await sb.serve());
  const server = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^everything\b/ });
  await expect(server).toContainText('connected', { timeout: 60_000 });
  await server.click();
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
