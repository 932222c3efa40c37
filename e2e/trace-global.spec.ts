/**
 * The trace across servers and replay of any request (issue 15 item 2; docs/inspecting.md), in
 * Chromium against `switchboard serve`: two real servers merged in the Trace view and filtered by
 * server (from the sidebar and from a server's tab), a `resources/read` replayed with its result
 * shown beside the list, and an HTTP server's listening GET shown with its headers; a request's W3C
 * trace id shown and filtered by, and the OTLP export setting set and turned off (issue 35 item 4).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { packageBin } from './sandbox.js';
import { startSseFaultServer, startStreamableFaultServer } from '../src-main/core/mcp/testing/fixtures/http-fault-servers.js';
import { rowName } from './row-name.js';

test('Trace view: every server merged in time order, filtered by server, exported with each line\'s server', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const everything = (tag: string) => ({ command: process.execPath, args: [packageBin('@modelcontextprotocol/server-everything'), 'stdio'], env: { SB_E2E_TAG: sb.tag, WHICH: tag } });
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { alpha: everything('a'), beta: everything('b') } }));
  await page.goto(await sb.serve());
  const nav = page.getByRole('navigation', { name: 'Servers' });
  for (const name of ['alpha', 'beta']) await expect(nav.getByRole('button', { name: new RegExp(`^${name}\\b`) })).toContainText('connected', { timeout: 60_000 });

  await page.getByRole('button', { name: 'Trace: messages of all servers' }).click();
  const trace = page.getByRole('log', { name: 'JSON-RPC trace of all servers' });
  const serverCells = trace.locator('.trace-server');

  // Issue 35 item 4: OTLP export is off until a collector is named; the core refuses a non-http URL in words.
  const otlp = page.getByRole('group', { name: 'OTLP export' });
  const otlpState = otlp.getByRole('status', { name: 'OTLP export state' });
  await expect(otlpState).toHaveText('OTLP export is off: no span leaves Switchboard.');
  const collector = otlp.getByRole('textbox', { name: 'OpenTelemetry collector (OTLP/HTTP)' });
  await collector.fill('ftp://collector');
  await otlp.getByRole('button', { name: 'Send spans there' }).click();
  await expect(otlpState).toContainText('The OTLP endpoint must be an http(s) URL');
  await collector.fill('http://127.0.0.1:9');
  await otlp.getByRole('button', { name: 'Send spans there' }).click();
  await expect(otlpState).toHaveText('Spans of tool calls go to http://127.0.0.1:9/v1/traces.');
  expect((JSON.parse(readFileSync(join(sb.dataDir, 'state.json'), 'utf8')) as { otlp?: unknown }).otlp).toEqual({ endpoint: 'http://127.0.0.1:9/v1/traces' });
  await otlp.getByRole('button', { name: 'Turn off' }).click();
  await expect(otlpState).toHaveText('OTLP export is off: no span leaves Switchboard.');
  await expect(serverCells.filter({ hasText: /^alpha$/ }).first()).toBeVisible();
  await expect(serverCells.filter({ hasText: /^beta$/ }).first()).toBeVisible();

  const filters = page.getByRole('group', { name: 'Trace filters' });
  await filters.getByRole('combobox', { name: 'Server' }).selectOption('beta');
  await expect(serverCells.filter({ hasText: /^alpha$/ })).toHaveCount(0);
  await expect(serverCells.first()).toHaveText('beta');
  expect(new Set(await serverCells.allTextContents())).toEqual(new Set(['beta']));

  // The method filter still applies, within the server: beta's initialize pair only.
  await filters.getByRole('combobox', { name: 'Method' }).selectOption('initialize');
  await expect(trace.getByRole('button')).toHaveCount(2);
  await trace.getByRole('button').first().click();
  const detail = page.getByRole('region', { name: 'Selected message' });
  await expect(detail.getByLabel('server beta')).toBeVisible();
  await expect(detail.getByRole('group', { name: 'Reply' })).toContainText('serverInfo');
  // The handshake is not replayable: the core says why.
  await detail.getByRole('button', { name: 'Replay' }).click();
  await expect(detail.getByRole('status')).toContainText("Replay refused: initialize cannot be replayed: it is the connection's handshake");

  const download = page.waitForEvent('download');
  await filters.getByRole('button', { name: 'Export JSON lines' }).click();
  const lines = readFileSync(await (await download).path(), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { server: string; method: string });
  expect(lines.map((l) => [l.server, l.method])).toEqual([
    ['beta', 'initialize'],
    ['beta', 'initialize'],
  ]);

  // A server's Trace tab opens the Trace view filtered to that server.
  await nav.getByRole('button', { name: /^alpha\b/ }).click();
  await page.getByRole('tab', { name: 'Trace' }).click();
  await expect(page.getByRole('log', { name: 'JSON-RPC trace of alpha' })).toContainText('tools/list');
  await page.getByRole('button', { name: 'Open in the Trace view of all servers' }).click();
  await expect(page.getByRole('group', { name: 'Trace filters' }).getByRole('combobox', { name: 'Server' })).toHaveValue('alpha');
  await expect(serverCells.first()).toHaveText('alpha');
  expect(new Set(await serverCells.allTextContents())).toEqual(new Set(['alpha']));

  // Issue 35 item 4: each request's W3C trace id is shown, and "Only this trace" keeps just that trace.
  const alphaFilters = page.getByRole('group', { name: 'Trace filters' });
  await alphaFilters.getByRole('combobox', { name: 'Method' }).selectOption('tools/list');
  await trace.getByRole('button').first().click();
  const traceId = (await detail.getByLabel('trace id').textContent()) ?? '';
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);
  await detail.getByRole('button', { name: 'Only this trace' }).click();
  await expect(alphaFilters.getByRole('textbox', { name: 'Trace id' })).toHaveValue(traceId);
  await alphaFilters.getByRole('combobox', { name: 'Method' }).selectOption({ label: 'Every method' });
  await expect(trace.getByRole('button')).toHaveCount(2);
  await expect(trace.getByRole('button').first()).toContainText(`"traceparent":"00-${traceId}-`);
});

test('trace: Replay of a resources/read shows its result as a tree and the new exchange in the trace', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  writeFileSync(join(sb.project, '.mcp.json'), JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-everything'), 'stdio'], env: { SB_E2E_TAG: sb.tag } } } }));
  sb.trust();
  await page.goto(await sb.serve());
  const server = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^everything\b/ });
  await expect(server).toContainText('connected', { timeout: 60_000 });
  await server.click();
  await page.getByRole('tab', { name: 'Resources' }).click();
  await page.getByRole('navigation', { name: 'Resources' }).getByRole('button', { name: rowName('architecture.md') }).click();

  await page.getByRole('tab', { name: 'Trace' }).click();
  const trace = page.getByRole('log', { name: 'JSON-RPC trace of everything' });
  await page.getByRole('group', { name: 'Trace filters' }).getByRole('combobox', { name: 'Method' }).selectOption('resources/read');
  await expect(trace.getByRole('button')).toHaveCount(2);
  await trace.getByRole('button').first().click();
  const detail = page.getByRole('region', { name: 'Selected message' });
  await detail.getByRole('button', { name: 'Replay' }).click();
  await expect(detail.getByRole('status')).toContainText('Replayed resources/read');
  const result = detail.getByRole('region', { name: 'Replay result' });
  await expect(result.getByRole('tree')).toBeVisible();
  await expect(result).toContainText('architecture.md');
  await expect(result).toContainText('contents');
  await expect(trace.getByRole('button')).toHaveCount(4);
  // Its new request opens from the result.
  await result.getByRole('button', { name: 'Show the new request' }).click();
  await expect(trace.getByRole('button').nth(2)).toHaveAttribute('aria-pressed', 'true');
  await expect(detail.getByRole('group', { name: 'Reply' })).toContainText('architecture.md');
});

test('trace: Replay of a call of a destructiveHint tool asks first; cancelled, nothing is sent', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const fixture = join(process.cwd(), 'src-main/core/mcp/testing/fixtures/inspector-server.mjs');
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [fixture], env: { SB_E2E_TAG: sb.tag } } } }));
  await page.goto(await sb.serve());
  const server = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^fx\b/ });
  await expect(server).toContainText('connected', { timeout: 60_000 });
  await server.click();
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^read\.file\b/ }).click();
  const pane = page.getByRole('region', { name: 'Call read.file' });
  await pane.getByLabel('path').fill('/x');
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  await page.getByRole('dialog', { name: 'Call read.file?' }).getByRole('button', { name: 'Call it' }).click();
  await expect(pane.getByRole('region', { name: 'Tool result' })).toContainText('read.file: /x');

  await page.getByRole('tab', { name: 'Trace' }).click();
  const trace = page.getByRole('log', { name: 'JSON-RPC trace of fx' });
  await page.getByRole('group', { name: 'Trace filters' }).getByRole('combobox', { name: 'Method' }).selectOption('tools/call');
  await expect(trace.getByRole('button')).toHaveCount(2);
  await trace.getByRole('button').first().click();
  const detail = page.getByRole('region', { name: 'Selected message' });
  await detail.getByRole('button', { name: 'Replay' }).click();
  const ask = page.getByRole('dialog', { name: 'Call read.file?' });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(detail.getByRole('status')).toHaveCount(0);
  await expect(trace.getByRole('button')).toHaveCount(2);
  await detail.getByRole('button', { name: 'Replay' }).click();
  await ask.getByRole('button', { name: 'Call it' }).click();
  await expect(detail.getByRole('region', { name: 'Replay result' })).toContainText('read.file: /x');
  await expect(trace.getByRole('button')).toHaveCount(4);
});

test('trace: an HTTP server\'s listening GET is a row of its own with its headers, Mcp-Session-Id first', async ({ page, sandbox }) => {
  const web = await startStreamableFaultServer();
  try {
    const sb = sandbox('empty');
    writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { web: { type: 'http', url: `${web.base}/mcp` } } }));
    await page.goto(await sb.serve());
    const nav = page.getByRole('navigation', { name: 'Servers' });
    await expect(nav.getByRole('button', { name: /^web\b/ })).toContainText('connected', { timeout: 60_000 });
    await nav.getByRole('button', { name: /^web\b/ }).click();
    await page.getByRole('tab', { name: 'Trace' }).click();
    const trace = page.getByRole('log', { name: 'JSON-RPC trace of web' });
    const get = trace.getByRole('button').filter({ hasText: `GET ${web.base}/mcp → 200` });
    await expect(get).toHaveCount(1);
    await expect(get.getByLabel('transport')).toHaveText('http');
    await get.click();
    const exchange = page.getByRole('region', { name: 'Selected message' }).getByRole('region', { name: 'HTTP exchange' });
    await expect(exchange).toContainText(`GET ${web.base}/mcp → 200`);
    const sent = exchange.getByRole('table', { name: 'Request headers' });
    await expect(sent.getByRole('row').first()).toHaveAccessibleName(/^mcp-/);
    await expect(sent.getByRole('row', { name: /^mcp-session-id/ })).toContainText(/\S{8,}/);
    await expect(sent.getByRole('row', { name: /^accept/ })).toContainText('text/event-stream');
    await expect(exchange.getByRole('table', { name: 'Response headers' }).getByRole('row', { name: /^content-type/ })).toContainText('text/event-stream');
  } finally {
    await web.close();
  }
});

test('trace: a legacy HTTP+SSE server\'s GET /sse and its endpoint event are rows, before the initialize they carried', async ({ page, sandbox }) => {
  const legacy = await startSseFaultServer();
  try {
    const sb = sandbox('empty');
    writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { old: { type: 'sse', url: `${legacy.base}/sse` } } }));
    await page.goto(await sb.serve());
    const nav = page.getByRole('navigation', { name: 'Servers' });
    await expect(nav.getByRole('button', { name: /^old\b/ })).toContainText('connected', { timeout: 60_000 });
    await nav.getByRole('button', { name: /^old\b/ }).click();
    await page.getByRole('tab', { name: 'Trace' }).click();
    const rows = page.getByRole('log', { name: 'JSON-RPC trace of old' }).getByRole('button');
    await expect(rows.nth(0)).toContainText(`GET ${legacy.base}/sse → 200: the HTTP+SSE stream`);
    await expect(rows.nth(1)).toContainText('SSE event "endpoint": the server takes our messages at /messages?sessionId=');
    await expect(rows.nth(1).getByLabel('received')).toBeVisible();
    await expect(rows.nth(2)).toContainText('initialize');
    await rows.nth(0).click();
    const detail = page.getByRole('region', { name: 'Selected message' });
    // A transport row is shown alone: its text and exchange, no request or reply of its own.
    await expect(detail).toContainText('the HTTP+SSE stream (the server answers on it');
    await expect(detail.getByRole('group', { name: 'Reply' })).toHaveCount(0);
    await expect(detail.getByRole('button', { name: 'Replay' })).toHaveCount(0);
    const exchange = detail.getByRole('region', { name: 'HTTP exchange' });
    await expect(exchange.getByRole('table', { name: 'Request headers' }).getByRole('row', { name: /^accept/ })).toContainText('text/event-stream');
    await expect(exchange.getByRole('table', { name: 'Response headers' }).getByRole('row', { name: /^content-type/ })).toContainText('text/event-stream');
  } finally {
    await legacy.close();
  }
});

