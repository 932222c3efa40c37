/**
 * Every process Switchboard runs is shown (new-user trial, session of 2026-12-07): the Gateway view
 * lists each host's tools, and for a host whose entry differs from the server Switchboard runs
 * under that name (here Cursor's server-memory with another MEMORY_FILE_PATH) the owner starts a
 * separate gateway instance (docs/gateway.md § Sharing). That process did not appear in the window
 * at all; now the server's row in the list names it with its status.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { packageBin } from './sandbox.js';

test('a gateway instance the Gateway view started is shown under its server in the list', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const memory = (file: string) => ({ command: process.execPath, args: [packageBin('@modelcontextprotocol/server-memory')], env: { SB_E2E_TAG: sb.tag, MEMORY_FILE_PATH: join(sb.root, file) } });
  writeFileSync(join(sb.home, '.claude.json'), JSON.stringify({ mcpServers: { mem: memory('claude.jsonl') } }, null, 2));
  mkdirSync(join(sb.home, '.cursor'), { recursive: true });
  writeFileSync(join(sb.home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { mem: memory('cursor.jsonl') } }, null, 2));
  await page.goto(await sb.serve());

  const row = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^mem\b/ });
  await expect(row.getByText('connected', { exact: true })).toBeVisible({ timeout: 60_000 });
  // Nothing runs for Cursor before anything asks for its list: one process, no instance line.
  await expect(row.locator('.row-instances')).toHaveCount(0);
  expect(sb.serverPids()).toHaveLength(1);

  await page.getByRole('button', { name: "Gateway: what each host's agent gets" }).click();
  const cursor = page.getByRole('region', { name: 'Gateway of Cursor' });
  await expect(cursor.getByRole('status', { name: 'Summary for Cursor' })).toContainText('9 tools from 1 of 1 servers', { timeout: 60_000 });

  // The instance runs (a second tagged process) and its server's row says so, with its status.
  await expect.poll(() => sb.serverPids().length, { timeout: 60_000 }).toBe(2);
  await expect(row.locator('.row-instances')).toHaveText(/^\+ 1 gateway instance: mem@[0-9a-f]{8} \(connected\)$/, { timeout: 60_000 });
});
