/**
 * The walking skeleton through the UI, in Chromium, against `switchboard serve` and real MCP
 * servers: statuses, a tool call through the generated form, workspace trust, the empty state.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { packageBin, REPO } from './sandbox.js';

/** The server list's button for `name` (its accessible name starts with the server name). */
const serverButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

test('lists the three servers with their statuses and the broken one says why', async ({ page, sandbox }) => {
  const sb = sandbox('three-servers');
  sb.trust();
  await page.goto(await sb.serve());

  await expect(serverButton(page, 'everything')).toContainText('connected');
  await expect(serverButton(page, 'filesystem')).toContainText('connected');
  await expect(serverButton(page, 'broken')).toContainText('error');
  // Where each came from: the project's .mcp.json, read as Claude Code's project file.
  await expect(serverButton(page, 'everything')).toContainText(join(sb.project, '.mcp.json'));

  await serverButton(page, 'broken').click();
  const error = page.getByRole('region', { name: 'Last error' });
  await expect(error).toBeVisible();
  await expect(error).toContainText('Failed to connect to "broken"');
  await expect(error).toContainText('/nonexistent/mcp-server-broken');
  await expect(page.getByRole('tab', { name: /Tools \(0\)/ })).toBeVisible();

  // Keyboard: the list is navigable with the arrow keys.
  await serverButton(page, 'broken').focus();
  await page.keyboard.press('Home');
  await expect(page.getByRole('navigation', { name: 'Servers' }).getByRole('button').first()).toBeFocused();
});

test('calls everything/echo through the generated form and shows the result beside it', async ({ page, sandbox }) => {
  const sb = sandbox('three-servers');
  sb.trust();
  await page.goto(await sb.serve());

  await serverButton(page, 'everything').click();
  await expect(serverButton(page, 'everything')).toContainText('connected');
  const tools = page.getByRole('navigation', { name: 'Tools' });
  await tools.getByRole('button', { name: /^echo\b/ }).click();

  const pane = page.getByRole('region', { name: 'Call echo' });
  await expect(pane.getByRole('heading', { name: 'echo', exact: true })).toBeVisible();
  await expect(pane.getByRole('table', { name: 'Names agents see' })).toContainText('mcp_everything_echo');
  const text = `hello from playwright ${Date.now()}`;
  await pane.getByLabel('message').fill(text);
  await pane.getByRole('button', { name: 'Call' }).click();

  const result = pane.getByRole('region', { name: 'Tool result' });
  await expect(result).toContainText(`Echo: ${text}`);
  // The form is still there, with what was typed, beside the result.
  await expect(pane.getByLabel('message')).toHaveValue(text);

  // Raw JSON: invalid JSON is refused with a clear error and no call.
  await pane.getByLabel('Raw JSON').check();
  const raw = pane.getByLabel('Arguments (JSON)');
  await expect(raw).toHaveValue(JSON.stringify({ message: text }, null, 2));
  await raw.fill('{"message": ');
  await pane.getByRole('button', { name: 'Call' }).click();
  await expect(pane.getByText(/^Invalid JSON: /)).toBeVisible();
  await expect(result).toContainText(`Echo: ${text}`);
  await raw.fill('{"message": "raw call"}');
  await pane.getByRole('button', { name: 'Call' }).click();
  await expect(result).toContainText('Echo: raw call');
  await pane.getByLabel('Raw JSON').uncheck();
  await expect(pane.getByLabel('message')).toHaveValue('raw call');

  // The README's picture: a connected server and a called tool.
  await pane.getByLabel('message').fill('Hello, Switchboard!');
  await pane.getByRole('button', { name: 'Call' }).click();
  await expect(result).toContainText('Echo: Hello, Switchboard!');
  // Refresh the README's screenshot only when asked, so a test run leaves the tree clean.
  const shotDir = process.env.SWITCHBOARD_SCREENSHOT === '1' ? join(REPO, 'docs') : test.info().outputDir;
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: join(shotDir, 'screenshot.png') });
});

test('an untrusted folder starts nothing until Trust is clicked', async ({ page, sandbox }) => {
  const sb = sandbox('three-servers');
  await page.goto(await sb.serve());

  const banner = page.getByRole('region', { name: 'Workspace trust' });
  await expect(banner).toContainText(`Config files in ${sb.project} want to start 3 servers; nothing runs until you trust the folder.`);
  // The question is asked once (the title), and each server is listed with what it would run.
  await expect(banner.getByText(/\?$/)).toHaveCount(1);
  const runs = banner.getByRole('list', { name: 'What trusting runs' }).getByRole('listitem');
  await expect(runs).toHaveCount(3);
  await expect(runs.filter({ hasText: 'everything' })).toContainText(
    `${process.execPath} ${packageBin('@modelcontextprotocol/server-everything')} stdio`,
  );
  await expect(runs.filter({ hasText: 'broken' })).toContainText('/nonexistent/mcp-server-broken');
  await expect(runs.filter({ hasText: 'filesystem' })).toContainText(`${join(sb.project, '.mcp.json')}:`);
  // Where each comes from is said once, with its line (trial 14: a second "from" line without it).
  await expect(runs.filter({ hasText: 'filesystem' }).getByText(/^from /)).toHaveCount(1);
  for (const name of ['everything', 'filesystem', 'broken']) {
    await expect(serverButton(page, name)).toContainText('untrusted');
  }
  expect(sb.serverPids(), 'no server process may start before trust').toEqual([]);

  await banner.getByRole('button', { name: 'Trust this folder' }).click();
  await expect(banner).toBeHidden();
  await expect(serverButton(page, 'everything')).toContainText('connected');
  await expect(serverButton(page, 'filesystem')).toContainText('connected');
  await expect(serverButton(page, 'broken')).toContainText('error');
  expect(sb.serverPids().length).toBeGreaterThanOrEqual(2);
});

test('empty HOME and project: the empty state adds the reference server and its tools appear', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  await page.goto(await sb.serve());

  const empty = page.getByRole('region', { name: 'No servers' });
  await expect(empty).toContainText('No MCP servers found');
  // It says where the server will be written (app:info's dataDir).
  await expect(empty).toContainText(`This adds it to ${join(sb.dataDir, 'servers.json')}`);
  await empty.getByRole('button', { name: 'Add the reference server' }).click();

  await expect(empty).toBeHidden();
  const first = page.getByRole('navigation', { name: 'Servers' }).getByRole('button').first();
  await expect(first).toContainText('connected');
  await expect(first).toContainText(join(sb.dataDir, 'servers.json'));
  await expect(page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^echo\b/ })).toBeVisible();
});

test('a reload catches up from servers:list', async ({ page, sandbox }) => {
  const sb = sandbox('three-servers');
  sb.trust();
  const url = await sb.serve();
  await page.goto(url);
  await expect(serverButton(page, 'everything')).toContainText('connected');
  await page.reload();
  await expect(serverButton(page, 'everything')).toContainText('connected');
  await expect(serverButton(page, 'broken')).toContainText('error');
  await expect(page.getByRole('navigation', { name: 'Tools' }).getByRole('button').first()).toBeVisible();
});

test('a page opened with a one-time ticket trades it for the token; the same ticket a second time is refused (issue 26 item 4)', async ({ page, context, sandbox }) => {
  const sb = sandbox('three-servers');
  sb.trust();
  const served = new URL(await sb.serve());
  const token = served.searchParams.get('token')!;
  // What `switchboard open` does: a ticket asked with the token in a header, the page opened with the ticket only.
  const issued = await fetch(`${served.origin}/session/ticket`, { method: 'POST', headers: { 'x-switchboard-token': token } });
  const { ticket } = (await issued.json()) as { ticket: string };
  await page.goto(`${served.origin}/?ticket=${ticket}`);
  await expect(serverButton(page, 'everything')).toContainText('connected');
  expect(new URL(page.url()).search).toBe(`?token=${token}`);
  // A reload keeps working (the token is in the address now, the ticket gone).
  await page.reload();
  await expect(serverButton(page, 'everything')).toContainText('connected');
  const second = await context.newPage();
  await second.goto(`${served.origin}/?ticket=${ticket}`);
  await expect(second.getByRole('alert')).toHaveText('This one-time link was already used or has expired (it works once, for 60 seconds). Run "switchboard open" again.');
  expect(new URL(second.url()).search).toBe('');
});

test('an address without its token, or with a wrong one, says so — not that Switchboard stopped (issue 32 trial)', async ({ page, sandbox }) => {
  const sb = sandbox('three-servers');
  sb.trust();
  const served = new URL(await sb.serve());
  await page.goto(`${served.origin}/`);
  await expect(page.getByRole('alert')).toHaveText(
    'This address needs its token: open the address Switchboard printed when it started (it ends in ?token=…), or run "switchboard open", which opens this page for you.',
  );
  await page.goto(`${served.origin}/?token=not-the-token`);
  const refused = page.getByRole('alert').filter({ hasText: 'did not let this page in' });
  await expect(refused).toContainText("This page's token was not accepted");
  await expect(refused).toContainText('the token in its address is mistyped or old');
  await expect(page.getByText('has stopped or moved')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Not let in — token not accepted' })).toBeVisible();
});
