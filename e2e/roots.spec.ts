/**
 * Roots the way each host gives them (issue 14 item 3; docs/roots.md), in Chromium against
 * `switchboard serve`: `mcp-server-filesystem <folder>` defined in Claude Desktop's file reads a file
 * in its own folder through the generated form, and the Roots panel says the roots came from
 * Claude Desktop's rule (none); a chosen root says "Chosen by you" and resets to the host's rule.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { packageBin } from './sandbox.js';

const serverButton = (page: Page, name: string) => page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

test("Claude Desktop's filesystem server reads its own folder; the Roots panel says where roots came from", async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const shared = join(sb.home, 'shared');
  mkdirSync(shared, { recursive: true });
  writeFileSync(join(shared, 'hello.txt'), 'hello from Claude Desktop’s folder');
  const configDir = join(sb.home, '.config', 'Claude');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(
    join(configDir, 'claude_desktop_config.json'),
    JSON.stringify({ mcpServers: { files: { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-filesystem'), shared], env: { SB_E2E_TAG: sb.tag } } } }),
  );
  await page.goto(await sb.serve());

  await serverButton(page, 'files').click();
  await expect(serverButton(page, 'files')).toContainText('connected');
  await page.getByRole('tab', { name: /^Tools/ }).click();
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^read_text_file\b/ }).click();
  const pane = page.getByRole('region', { name: 'Call read_text_file' });
  await pane.getByRole('textbox', { name: /^path\*?$/ }).fill(join(shared, 'hello.txt'));
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(pane.getByRole('region', { name: 'Tool result' })).toContainText('hello from Claude Desktop’s folder');

  await page.getByRole('tab', { name: 'Roots & logging' }).click();
  const roots = page.getByRole('region', { name: 'Roots' });
  await expect(roots.getByTestId('roots-origin')).toHaveText('From Claude Desktop’s file: Claude Desktop gives its servers no roots (docs/roots.md).');
  await expect(roots).toContainText('None: the server gets no folder.');

  await roots.getByLabel('Add a folder').fill(shared);
  await roots.getByRole('button', { name: 'Add root' }).click();
  await expect(roots.getByTestId('roots-origin')).toHaveText('Chosen by you for this server (reset to return to its host’s rule).');
  await roots.getByRole('button', { name: 'Reset to the host’s rule' }).click();
  await expect(roots.getByTestId('roots-origin')).toContainText('Claude Desktop gives its servers no roots');
  await expect(roots).toContainText('None: the server gets no folder.');
});
