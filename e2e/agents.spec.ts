/**
 * The Agents view (issue 31 item 2) in Chromium against `switchboard serve`, started once: before any
 * agent called, it says how to connect a host; a real SDK client then calls server-memory's
 * `search_nodes` through the HTTP door with Claude Code's token, and the view shows the call under
 * Claude Code — its name, server and outcome, and, opened, its arguments and result as text.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { expect, test } from './fixtures.js';
import { packageBin, REPO } from './sandbox.js';

test('a call an agent makes through the gateway appears in the Agents view with its host', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const memory = { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-memory')], env: { SB_E2E_TAG: sb.tag, MEMORY_FILE_PATH: join(sb.root, 'memory.jsonl') } };
  writeFileSync(join(sb.home, '.claude.json'), JSON.stringify({ mcpServers: { memory } }, null, 2));
  const pageUrl = await sb.serve();
  await page.goto(pageUrl);
  await page.getByRole('button', { name: "Agents: what each host's agent does through the gateway" }).click();
  await expect(page.getByLabel('No agent activity')).toContainText('switchboard connect <host>');

  const printed = spawnSync(process.execPath, [join(REPO, 'bin/switchboard.mjs'), 'gateway', '--host', 'claude-code', '--print-http', '--show-token'], { cwd: sb.project, env: sb.env, encoding: 'utf8', timeout: 120_000 });
  expect(printed.status).toBe(0);
  const [url = '', token = ''] = printed.stdout.trim().split('\n');
  const client = new Client({ name: 'agents-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  try {
    // The server may still be connecting: list until its tools are there.
    await expect.poll(async () => (await client.listTools()).tools.map((t) => t.name), { timeout: 60_000 }).toContain('memory_search_nodes');
    const result = await client.callTool({ name: 'memory_search_nodes', arguments: { query: '<b>agents-e2e</b>' } });
    expect(result.isError ?? false).toBe(false);
  } finally {
    await client.close();
  }

  const claude = page.getByRole('region', { name: 'Agent of Claude Code' });
  const recent = claude.getByRole('list', { name: 'Recent requests of Claude Code' });
  const row = recent.getByRole('button', { name: /^tools\/call memory_search_nodes from / });
  await expect(row).toBeVisible();
  await expect(row).toContainText('memory');
  await expect(row).toContainText('ok');
  await row.click();
  const opened = recent.getByRole('listitem').filter({ hasText: 'memory_search_nodes' });
  await expect(opened.locator('.agent-call-args')).toContainText('"query": "<b>agents-e2e</b>"');
  await expect(opened.locator('.agent-call-result')).toContainText('"entities": []');
  await expect(opened.locator('b')).toHaveCount(0);
  await expect(claude).toContainText('0 in flight');
});
