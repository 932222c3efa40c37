/**
 * The budget view's Connect lands on the host's card in the Gateway view even when the hosts' lists
 * come late (issue 32 item 2, trial 14): on a busy machine with a 5,000-tool server the Gateway view
 * took 29 s to read every host's list, and the old 10 s watch for the card had given up by then,
 * leaving the person at the top of the view with Cursor's card 2,400 px below. Here the window's
 * `gateway:list` answers are held back 11 s (Playwright routes the window's WebSocket) after
 * Connect is pressed; Claude Code's and Codex's cards stand above Cursor's.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { holdAnswers } from './hold-answers.js';
import { packageBin } from './sandbox.js';

/** How long the `gateway:list` answers are held: past the 10 s the old code waited for the card. */
const HOLD_MS = 11_000;

test('Connect on a host’s budget opens the Gateway view at that host’s card when the lists come late', async ({ page, sandbox }) => {
  test.setTimeout(180_000);
  const sb = sandbox('empty');
  const memory = (file: string) => ({ command: process.execPath, args: [packageBin('@modelcontextprotocol/server-memory')], env: { SB_E2E_TAG: sb.tag, MEMORY_FILE_PATH: join(sb.root, file) } });
  writeFileSync(join(sb.home, '.claude.json'), `${JSON.stringify({ mcpServers: { 'claude-mem': memory('a.jsonl') } }, null, 2)}\n`);
  mkdirSync(join(sb.home, '.codex'), { recursive: true });
  writeFileSync(join(sb.home, '.codex', 'config.toml'), `[mcp_servers.codex-mem]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(packageBin('@modelcontextprotocol/server-memory'))}]\nenv = { SB_E2E_TAG = ${JSON.stringify(sb.tag)}, MEMORY_FILE_PATH = ${JSON.stringify(join(sb.root, 'b.jsonl'))} }\n`);
  mkdirSync(join(sb.home, '.cursor'), { recursive: true });
  writeFileSync(join(sb.home, '.cursor', 'mcp.json'), `${JSON.stringify({ mcpServers: { 'cursor-mem': memory('c.jsonl') } }, null, 2)}\n`);

  // Hold the answers to gateway:list once Connect is pressed; everything else passes at once.
  const hold = await holdAnswers(page, 'gateway:list', HOLD_MS);

  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(await sb.serve());
  const nav = page.getByRole('navigation', { name: 'Servers' });
  for (const name of ['claude-mem', 'codex-mem', 'cursor-mem']) await expect(nav.getByRole('button', { name: new RegExp(`^${name} `) })).toContainText('connected', { timeout: 60_000 });

  await page.getByRole('button', { name: 'Context budget: tokens per tool' }).click();
  await expect(page.getByRole('status', { name: 'Budget totals' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Host' }).click();
  await page.getByRole('option', { name: /^Cursor · / }).click();
  const note = page.getByRole('note', { name: 'Gateway connection' });
  await expect(note).toContainText('Cursor is not connected');

  hold.start();
  await note.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('region', { name: 'Gateway of Claude Code' })).toBeAttached({ timeout: 60_000 });
  expect(hold.held()).toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: 'Gateway of Cursor' })).toBeInViewport();
  // The cards above it are there, scrolled past: the view did not just happen to be short.
  await expect(page.getByRole('region', { name: 'Gateway of Claude Code' })).not.toBeInViewport();
});
