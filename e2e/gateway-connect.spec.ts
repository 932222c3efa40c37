/**
 * Connect and disconnect in the Gateway view (issue 31 item 1) in Chromium against `switchboard
 * serve`: Claude Code's card says it is not connected; Connect shows the dry run's diff and writes
 * nothing until "Connect now"; then the card says "Connected through the gateway (each)", the file
 * names the gateway, and the host still gets its server's tools, named as the host shows them;
 * Disconnect puts the file back byte
 * for byte. The card is reachable as `#gateway-host-claude-code`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { packageBin } from './sandbox.js';

test('Connect shows the diff, applies on confirm, and Disconnect restores the file', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const claudeFile = join(sb.home, '.claude.json');
  const original = `${JSON.stringify({ mcpServers: { mem: { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-memory')], env: { SB_E2E_TAG: sb.tag, MEMORY_FILE_PATH: join(sb.root, 'm.jsonl') } } } }, null, 2)}\n`;
  writeFileSync(claudeFile, original);
  const pageUrl = await sb.serve();
  await page.goto(`${pageUrl}#gateway-host-claude-code`);
  await page.getByRole('button', { name: "Gateway: what each host's agent gets" }).click();

  const claude = page.locator('#gateway-host-claude-code');
  await expect(claude.getByRole('status', { name: 'Summary for Claude Code' })).toContainText('9 tools from 1 of 1 servers', { timeout: 60_000 });
  await expect(claude.getByRole('status', { name: 'Connection of Claude Code' })).toHaveText('Not connected through the gateway');

  await claude.getByRole('button', { name: 'Connect', exact: true }).click();
  const diff = claude.getByLabel(`Diff of ${claudeFile}`);
  await expect(diff).toContainText('"--server",');
  expect(readFileSync(claudeFile, 'utf8')).toBe(original);
  await claude.getByRole('button', { name: 'Connect now' }).click();
  await expect(claude.getByRole('status', { name: 'Connection of Claude Code' })).toHaveText('Connected through the gateway (each)');
  const written = JSON.parse(readFileSync(claudeFile, 'utf8')) as { mcpServers: { mem: { args: string[] } } };
  expect(written.mcpServers.mem.args.slice(1)).toEqual(['gateway', '--host', 'claude-code', '--server', 'mem']);
  await expect(claude.getByRole('status', { name: 'Summary for Claude Code' })).toContainText('9 tools from 1 of 1 servers');
  // Connected --each, the card names the tools as Claude Code shows them: under the server's own entry.
  const tools = claude.getByRole('table', { name: 'Tools of Claude Code' });
  await expect(tools).toContainText('mcp__mem__read_graph');
  await expect(tools).not.toContainText('mcp__switchboard__mem_read_graph');
  // The door entry to paste is not needed any more: the card says so, so nobody adds it beside the entries.
  await expect(claude.getByRole('group', { name: 'Door entry for Claude Code' })).toContainText(`Connected: ${claudeFile} already holds the gateway's entries.`);

  await claude.getByRole('button', { name: 'Disconnect', exact: true }).click();
  await claude.getByRole('button', { name: 'Disconnect now' }).click();
  await expect(claude.getByRole('status', { name: 'Connection of Claude Code' })).toHaveText('Not connected through the gateway');
  expect(readFileSync(claudeFile, 'utf8')).toBe(original);
});
