/**
 * The trace view (issue 15 item 2), in Chromium against `switchboard serve` with server-everything:
 * a tool call's request and reply paired with their latency, opened beside the list as pretty JSON;
 * filters by direction, method and text; replay of a `tools/call`; export as JSON lines; failures
 * shown as errors; the HTTP exchange (status, headers) of a request to an HTTP server.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { openEverything } from './everything-server.js';
import { startStreamableFaultServer } from '../src-main/core/mcp/testing/fixtures/http-fault-servers.js';

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

  // The request opens beside the list (at 1280×800 too, its top above the fold) with its reply,
  // the latency, and each message as an expandable, pretty-printed JSON tree.
  await page.setViewportSize({ width: 1280, height: 800 });
  await trace.getByRole('button').first().click();
  const detail = page.getByRole('region', { name: 'Selected message' });
  const request = detail.getByRole('group', { name: 'Request' });
  await expect(request.getByRole('tree')).toBeVisible();
  await expect(request).toContainText('"name":"echo"');
  await expect(detail.getByRole('group', { name: 'Reply' })).toContainText('Echo: traced hello');
  await expect(detail.getByText(/^[\d.]+ ms$/).first()).toBeVisible();
  const listBox = await trace.boundingBox();
  const detailBox = await detail.boundingBox();
  expect(detailBox!.x).toBeGreaterThan(listBox!.x + listBox!.width - 1);
  expect(detailBox!.y).toBeLessThan(800 - 100);
  // Collapse all folds the tree to its root; Expand all opens it again.
  await request.getByRole('button', { name: 'Collapse all' }).click();
  await expect(request).not.toContainText('"name":"echo"');
  await request.getByRole('button', { name: 'Expand all' }).click();
  await expect(request).toContainText('"name":"echo"');

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

test('trace: an isError result and a JSON-RPC error are shown as errors, in the list and when opened', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  await openEverything(page, sb);
  // An isError result: echo called with a number, the form's check off, so the server's own validation answers.
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^echo\b/ }).click();
  const pane = page.getByRole('region', { name: 'Call echo' });
  await pane.getByRole('switch', { name: 'Raw JSON' }).click({ force: true });
  await pane.getByLabel('Arguments (JSON)').fill('{"message": 7}');
  await pane.getByLabel(/Check required parameters first/).uncheck();
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(pane.getByRole('region', { name: 'Tool result' }).getByText('error', { exact: true })).toBeVisible();
  // A JSON-RPC error: reading a resource the server does not have.
  await page.getByRole('tab', { name: 'Resources' }).click();
  await page.getByRole('textbox', { name: 'URI' }).fill('demo://no/such/resource');
  await page.getByRole('button', { name: 'Read', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Request failed' })).toBeVisible();

  await page.getByRole('tab', { name: 'Trace' }).click();
  const trace = page.getByRole('log', { name: 'JSON-RPC trace of everything' });
  const filters = page.getByRole('group', { name: 'Trace filters' });
  const detail = page.getByRole('region', { name: 'Selected message' });

  await filters.getByRole('combobox', { name: 'Method' }).selectOption('tools/call');
  const callReply = trace.getByRole('button').filter({ has: page.getByLabel('response, failed') });
  await expect(callReply).toHaveCount(1);
  await callReply.click();
  await expect(detail.getByText('isError result', { exact: true })).toBeVisible();
  await expect(detail.getByRole('group', { name: 'Reply' })).toContainText('"isError":true');

  await filters.getByRole('combobox', { name: 'Method' }).selectOption('resources/read');
  const readError = trace.getByRole('button').filter({ has: page.getByLabel('error, failed') });
  await expect(readError).toHaveCount(1);
  await readError.click();
  await expect(detail.getByText('JSON-RPC error', { exact: true })).toBeVisible();
  await expect(detail.getByRole('group', { name: 'Error' })).toContainText('"error":');
});

test('trace: a request to an HTTP server shows its HTTP exchange — status and headers, Mcp-* included', async ({ page, sandbox }) => {
  const web = await startStreamableFaultServer();
  try {
    const sb = sandbox('empty');
    const server = { type: 'http', url: `${web.base}/mcp`, headers: { 'X-Team': 'blue' } };
    writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { web: server } }));
    await page.goto(await sb.serve());
    const nav = page.getByRole('navigation', { name: 'Servers' });
    await expect(nav.getByRole('button', { name: /^web\b/ })).toContainText('connected', { timeout: 60_000 });
    await nav.getByRole('button', { name: /^web\b/ }).click();
    await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^echo\b/ }).click();
    const pane = page.getByRole('region', { name: 'Call echo' });
    await pane.getByLabel('message').fill('over http');
    await pane.getByRole('button', { name: 'Call', exact: true }).click();
    await expect(pane.getByRole('region', { name: 'Tool result' })).toContainText('echo: over http');

    await page.getByRole('tab', { name: 'Trace' }).click();
    const trace = page.getByRole('log', { name: 'JSON-RPC trace of web' });
    await page.getByRole('group', { name: 'Trace filters' }).getByRole('combobox', { name: 'Method' }).selectOption('tools/call');
    await trace.getByRole('button').first().click();
    const exchange = page.getByRole('region', { name: 'Selected message' }).getByRole('region', { name: 'HTTP exchange' });
    await expect(exchange).toContainText(`POST ${web.base}/mcp → 200`);
    const sent = exchange.getByRole('table', { name: 'Request headers' });
    await expect(sent.getByRole('row', { name: /^mcp-session-id/ })).toBeVisible();
    await expect(sent.getByRole('row', { name: /^mcp-protocol-version/ })).toContainText(/\d{4}-\d{2}-\d{2}/);
    await expect(sent.getByRole('row', { name: /^x-team/ })).toContainText('blue');
    await expect(exchange.getByRole('table', { name: 'Response headers' }).getByRole('row', { name: /^content-type/ })).toBeVisible();
  } finally {
    await web.close();
  }
});
