/**
 * Config changes in the UI (issue #3), in Chromium against `switchboard serve`: the add wizard
 * writes a host's file (comments and unknown keys kept) and the server appears and connects; the
 * per-host view shows what Cursor loads; Disable on a host without a flag says "Switchboard only";
 * Edit writes only the changed field; Remove takes the entry out and the file is back to its bytes.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { packageBin } from './sandbox.js';

const serverButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

test('add through the wizard into Cursor, see the host view, disable, edit, remove', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const cursorFile = join(sb.home, '.cursor', 'mcp.json');
  mkdirSync(join(sb.home, '.cursor'), { recursive: true });
  const original = '{\n  // hand-written\n  "mcpServers": {},\n  "version": 1\n}\n';
  writeFileSync(cursorFile, original);
  await page.goto(await sb.serve());

  await page.getByRole('button', { name: 'Add server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an MCP server' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('mem');
  await dialog.getByRole('textbox', { name: 'Command' }).fill(process.execPath);
  await dialog.getByLabel('Arguments (one per line)').fill(packageBin('@modelcontextprotocol/server-memory'));
  await dialog.getByLabel('Write to').click();
  await page.getByRole('option', { name: 'Cursor' }).click();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(serverButton(page, 'mem')).toContainText('connected');
  const added = readFileSync(cursorFile, 'utf8');
  expect(added).toContain('// hand-written');
  expect(added).toContain('"version": 1');

  await page.getByRole('button', { name: 'Hosts' }).click();
  const hosts = page.getByRole('dialog', { name: 'What each host sees' });
  await expect(hosts.getByRole('table', { name: 'Cursor servers' })).toContainText('mem');
  await expect(hosts.getByRole('table', { name: 'Cursor servers' })).toContainText('loaded');
  await page.keyboard.press('Escape');

  await serverButton(page, 'mem').click();
  const config = page.getByRole('group', { name: 'Configure mem' });
  await config.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Disabled "mem" in Switchboard only' })).toBeVisible();
  await expect(serverButton(page, 'mem')).toContainText('disabled');
  expect(readFileSync(cursorFile, 'utf8')).toBe(added);
  await config.getByRole('button', { name: 'Enable' }).click();
  await expect(serverButton(page, 'mem')).toContainText('connected');

  await config.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit mem' });
  await edit.getByLabel('Description').fill('memory graph');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect.poll(() => readFileSync(cursorFile, 'utf8')).toContain('"description": "memory graph"');

  await config.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove mem?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(serverButton(page, 'mem')).toHaveCount(0);
  expect(readFileSync(cursorFile, 'utf8')).toBe(original);
});
