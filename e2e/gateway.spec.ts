/**
 * The Gateway view (issue 30 item 1) in Chromium against `switchboard serve`: with no host servers it
 * says what to do; once Claude Code's file (written while the window is open) holds two real
 * server-memory entries whose keys collide (`mem.x`, `mem_x`) and one whose command is missing, it
 * shows Claude Code's door entry in both stdio forms and the HTTP door's URL on this very listener,
 * the tools under the names Claude Code shows, the broken server held back with its reason as text,
 * and which names got suffixes. A real SDK client then calls `mem_x_read_graph_2` through that URL
 * with the host's token, and the server's History tab shows the call `via claude-code` (item 2).
 * Issue 31 item 4: the host row's progressive discovery switch shows the saving; switched on, a
 * client of the same door lists search_tools, describe_tool and call_tool only.
 * Issue 31 item 3: the card's Read-only box cuts the list to readOnlyHint tools; with destructive
 * tools confirmed, a client's destructive call waits until the window's dialog is answered Allow.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { expect, test } from './fixtures.js';
import { packageBin, REPO } from './sandbox.js';

test('shows each host’s door entry, tools, held-back servers and collisions; a call through the door shows via the host', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const pageUrl = await sb.serve();
  await page.goto(pageUrl);
  await page.getByRole('button', { name: "Gateway: what each host's agent gets" }).click();
  await expect(page.getByRole('status', { name: 'Gateway empty' })).toContainText('Add a server to a host');

  const memory = (file: string) => ({ command: process.execPath, args: [packageBin('@modelcontextprotocol/server-memory')], env: { SB_E2E_TAG: sb.tag, MEMORY_FILE_PATH: join(sb.root, file) } });
  const claudeFile = join(sb.home, '.claude.json');
  writeFileSync(claudeFile, JSON.stringify({ mcpServers: { 'mem.x': memory('a.jsonl'), mem_x: memory('b.jsonl'), gone: { command: '/nonexistent/<b>gone</b>', args: [] } } }, null, 2));

  const claude = page.getByRole('region', { name: 'Gateway of Claude Code' });
  await expect(claude.getByRole('status', { name: 'Summary for Claude Code' })).toContainText('18 tools from 2 of 3 servers', { timeout: 60_000 });

  // The door entry: both stdio forms and this listener's URL.
  await expect(claude.getByLabel('stdio command for Claude Code')).toHaveText('switchboard gateway --host claude-code');
  await expect(claude.getByLabel('stdio absolute command for Claude Code')).toHaveText(`${process.execPath} ${join(REPO, 'bin/switchboard.mjs')} gateway --host claude-code`);
  const url = `http://127.0.0.1:${new URL(pageUrl).port}/mcp/claude-code`;
  await expect(claude.getByLabel('HTTP URL for Claude Code')).toHaveText(url);

  // Tools under Claude Code's final names; the second of a colliding pair carries its suffix.
  const tools = claude.getByRole('table', { name: 'Tools of Claude Code' });
  await expect(tools.getByRole('row', { name: 'mcp__switchboard__mem_x_read_graph mem.x read_graph' })).toBeVisible();
  await expect(tools.getByRole('row', { name: 'mcp__switchboard__mem_x_read_graph_2 mem_x read_graph' })).toBeVisible();

  // Held back, with the reason as text (the command's markup is not rendered).
  const held = claude.getByRole('listitem', { name: 'gone: not-ready' });
  await expect(held).toContainText('spawn /nonexistent/<b>gone</b> ENOENT');
  await expect(held.locator('b')).toHaveCount(0);

  const collisions = claude.getByRole('list', { name: 'Name collisions of Claude Code' });
  await expect(collisions).toContainText('Names that got suffixes (9)');
  await expect(collisions.getByRole('listitem').filter({ hasText: /^mem_x_read_graph:/ })).toHaveText(
    'mem_x_read_graph: mem.x/read_graph → mcp__switchboard__mem_x_read_graph, mem_x/read_graph → mcp__switchboard__mem_x_read_graph_2',
  );

  // A real client through the URL the view shows, with Claude Code's token.
  const printed = spawnSync(process.execPath, [join(REPO, 'bin/switchboard.mjs'), 'gateway', '--host', 'claude-code', '--print-http', '--show-token'], { cwd: sb.project, env: sb.env, encoding: 'utf8', timeout: 120_000 });
  expect(printed.status).toBe(0);
  const [printedUrl, token] = printed.stdout.trim().split('\n');
  expect(printedUrl).toBe(url);
  const client = new Client({ name: 'gateway-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token ?? ''}` } } }));
  try {
    const result = await client.callTool({ name: 'mem_x_read_graph_2', arguments: {} });
    expect(result.isError ?? false).toBe(false);
  } finally {
    await client.close();
  }

  await page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^mem_x\b/ }).click();
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('region', { name: 'Call history' });
  await expect(history).toContainText('History (1)');
  await expect(history.getByRole('row').nth(1)).toContainText('via claude-code');

  // Issue 31 item 4: the host row's switch and saving; switched on, the door offers the three tools.
  await page.getByRole('button', { name: "Gateway: what each host's agent gets" }).click();
  await expect(claude.getByRole('status', { name: 'Progressive saving for Claude Code' })).toContainText(/~[\d,]+ tokens instead of ~[\d,]+ \(saves ~[\d,]+\)/);
  const progressive = claude.getByRole('switch', { name: 'Progressive discovery for Claude Code' });
  await expect(progressive).not.toBeChecked();
  await progressive.click();
  await expect(progressive).toBeChecked();
  await expect(claude.getByRole('status', { name: 'Progressive saving for Claude Code' })).toContainText('On: its agent gets search_tools, describe_tool and call_tool');
  const agent = new Client({ name: 'gateway-e2e-progressive', version: '1.0.0' });
  await agent.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token ?? ''}` } } }));
  try {
    expect((await agent.listTools()).tools.map((t) => t.name)).toEqual(['search_tools', 'describe_tool', 'call_tool']);
  } finally {
    await agent.close();
  }
  // Progressive discovery off again: the card's full list is what the guard rails act on below.
  await progressive.click();
  await expect(progressive).not.toBeChecked();

  // Issue 31 item 3: the card's guard rails. Read-only leaves server-memory's three readOnlyHint
  // tools per server; confirming destructive tools makes a call wait for the window's Allow.
  await page.getByRole('button', { name: "Gateway: what each host's agent gets" }).click();
  const rails = claude.getByRole('group', { name: 'Guard rails of Claude Code' });
  const readOnly = rails.getByLabel('Read-only (only tools annotated readOnlyHint)');
  await readOnly.check();
  await expect(claude.getByRole('status', { name: 'Summary for Claude Code' })).toContainText('6 tools from 2 of 3 servers');
  await readOnly.uncheck();
  await expect(claude.getByRole('status', { name: 'Summary for Claude Code' })).toContainText('18 tools from 2 of 3 servers');
  await rails.getByText('Confirm destructive tools').click();
  await expect(rails.getByRole('radio', { name: 'Confirm destructive tools' })).toBeChecked();
  const guarded = new Client({ name: 'gateway-e2e-guard', version: '1.0.0' });
  await guarded.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token ?? ''}` } } }));
  try {
    const call = guarded.callTool({ name: 'mem_x_delete_relations_2', arguments: { relations: [] } });
    const dialog = page.getByRole('dialog', { name: "Claude Code's agent asks to run mem_x_delete_relations_2" });
    await expect(dialog).toContainText('wants to call "mem_x_delete_relations_2" (tool "delete_relations" of server "mem_x")');
    await dialog.getByRole('button', { name: 'Allow' }).click();
    const result = await call;
    expect(result.isError ?? false).toBe(false);
    expect(result.content).toEqual([{ type: 'text', text: 'Relations deleted successfully' }]);
  } finally {
    await guarded.close();
  }
});
