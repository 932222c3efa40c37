/**
 * What a 2026-07-28 server asks of the person (issue 12 item 1), in Chromium against `switchboard
 * serve`: a modern-only stdio server answers `tools/call` with `input_required`; the same dialogs as
 * the 2025 era's server-initiated requests open, and the answer goes on the retried call. URL mode
 * shows the exact address before opening it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { REPO } from './sandbox.js';

const serverButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

async function openTool(page: Page, server: string, tool: string): Promise<Locator> {
  await serverButton(page, server).click();
  await expect(serverButton(page, server)).toContainText('connected');
  await page.getByRole('tab', { name: /^Tools/ }).click();
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: new RegExp(`^${tool}\\b`) }).click();
  const pane = page.getByRole('region', { name: `Call ${tool}` });
  await expect(pane).toBeVisible();
  return pane;
}

test('a modern-only server asks through input_required: form and URL elicitation answered in the UI', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const script = join(REPO, 'src-main/core/mcp/testing/fixtures/modern-stdio-server.mjs');
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { modern: { command: process.execPath, args: [script], env: { SB_E2E_TAG: sb.tag } } } }));
  const url = await sb.serve();
  await page.goto(url);
  await serverButton(page, 'modern').click();
  await expect(page.getByLabel('Protocol 2026-07-28')).toBeVisible();

  let pane = await openTool(page, 'modern', 'confirm');
  await pane.getByLabel('action').fill('deploy');
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Confirm "deploy"?');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('textbox', { name: /Note/ }).fill('ship it');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(pane.getByRole('region', { name: 'Tool result' })).toContainText('Confirmed deploy: ship it');

  pane = await openTool(page, 'modern', 'visit');
  const address = `${new URL(url).origin}/consent?step=1`;
  await pane.getByLabel('url').fill(address);
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(dialog.getByTestId('elicitation-url')).toHaveText(address);
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Open this address' }).click();
  expect((await popup).url()).toBe(address);
  await expect(pane.getByRole('region', { name: 'Tool result' })).toContainText(`Visited ${address}`);
});

test('the tools of a modern server re-list by themselves after it announces a change', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const script = join(REPO, 'src-main/core/mcp/testing/fixtures/modern-stdio-server.mjs');
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { modern: { command: process.execPath, args: [script], env: { SB_E2E_TAG: sb.tag } } } }));
  await page.goto(await sb.serve());
  const pane = await openTool(page, 'modern', 'add-tool');
  const tools = page.getByRole('navigation', { name: 'Tools' });
  await expect(tools.getByRole('button', { name: /^announced\b/ })).toHaveCount(0);
  await pane.getByRole('textbox', { name: /^name/ }).fill('announced');
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(pane.getByRole('region', { name: 'Tool result' })).toContainText('added announced');
  // No refresh pressed: the list_changed on the subscriptions/listen stream re-listed the tools.
  await expect(tools.getByRole('button', { name: /^announced\b/ })).toBeVisible();
});
