/**
 * Name clashes are told for the hosts the person uses (new-user trial): ChatCLI names a tool
 * `mcp_<tool>` without its server, so two servers that both have an `echo` clash there — said only
 * once a ChatCLI file is among the sources, never to someone who has none. In Chromium against
 * `switchboard serve`: two memory servers (the same nine tools) in Claude Code's file; then a
 * ChatCLI file appears (the config watcher reads it) and the clash is named.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { packageBin } from './sandbox.js';

test('a clash under ChatCLI is named only once a ChatCLI file is there', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const memory = (file: string) => ({ command: process.execPath, args: [packageBin('@modelcontextprotocol/server-memory')], env: { SB_E2E_TAG: sb.tag, MEMORY_FILE_PATH: join(sb.root, file) } });
  writeFileSync(join(sb.home, '.claude.json'), JSON.stringify({ mcpServers: { notes: memory('a.jsonl'), facts: memory('b.jsonl') } }, null, 2));
  await page.goto(await sb.serve());
  const servers = page.getByRole('navigation', { name: 'Servers' });
  for (const name of ['notes', 'facts']) await expect(servers.getByRole('button', { name: new RegExp(`^${name}\\b`) })).toContainText('connected', { timeout: 60_000 });
  await servers.getByRole('button', { name: /^notes\b/ }).click();
  await page.getByRole('tab', { name: /^Tools/ }).click();
  const list = page.getByRole('navigation', { name: 'Tools' });
  await expect(list.getByRole('button', { name: /^read_graph\b/ })).toBeVisible();
  // Claude Code and Switchboard name each tool with its server: no clash to tell.
  await expect(page.getByRole('note', { name: 'Name clashes' })).toHaveCount(0);
  await expect(list.getByText(/name clash/)).toHaveCount(0);
  // The detail still shows the name under every host's scheme, ChatCLI's included.
  await list.getByRole('button', { name: /^read_graph\b/ }).click();
  const names = page.getByRole('region', { name: 'Call read_graph' }).getByRole('table', { name: 'Names agents see' });
  await expect(names.getByRole('row', { name: /^ChatCLI/ })).toContainText('mcp_read_graph');

  // A ChatCLI file (its one server switched off): now ChatCLI is a host in use, and its clash is said.
  mkdirSync(join(sb.home, '.chatcli'), { recursive: true });
  writeFileSync(join(sb.home, '.chatcli', 'mcp_servers.json'), JSON.stringify({ mcpServers: [{ name: 'elsewhere', command: 'node', enabled: false }] }));
  await expect(servers.getByRole('button', { name: /^elsewhere\b/ })).toBeVisible({ timeout: 60_000 });
  await servers.getByRole('button', { name: /^notes\b/ }).click();
  await page.getByRole('tab', { name: /^Tools/ }).click();
  await expect(list.getByText('name clash: ChatCLI').first()).toBeVisible();
  await expect(list.getByText(/name clash: .*(Claude Code|Switchboard)/)).toHaveCount(0);
});
