/**
 * Small things people notice (issue 15 item 8), in Chromium against `switchboard serve` and the
 * inspector fixture server: a destructive tool asks before it is called, and "Don't ask again" is
 * kept by main per server (the server's settings turn it back on); a completion list stays inside
 * the viewport and never covers the button below its form; a success toast closes on its own; the
 * header's title and buttons stay whole at 900-1000 px.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { REPO, type Sandbox } from './sandbox.js';

const FIXTURE = join(REPO, 'src-main/core/mcp/testing/fixtures/inspector-server.mjs');

function setup(sb: Sandbox): void {
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE], env: { SB_E2E_TAG: sb.tag } } } }, null, 2));
}

const serverButton = (page: Page, name: string) => page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

test('a destructive tool asks first; "don\'t ask again" is kept per server and can be turned back on', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  setup(sb);
  await page.goto(await sb.serve());
  await expect(serverButton(page, 'fx')).toContainText('connected');
  await page.getByRole('tab', { name: /^Tools/ }).click();
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^read\.file\b/ }).click();
  const pane = page.getByRole('region', { name: 'Call read.file' });
  await pane.getByLabel('path').fill('/a');
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Call read.file?' });
  await expect(ask).toContainText('marks this tool as destructive');
  // Cancel: nothing is called.
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(pane.getByRole('region', { name: 'Tool result' })).toHaveCount(0);
  // Confirm, and switch the question off for this server.
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  await ask.getByLabel("Don't ask again for fx").check();
  await ask.getByRole('button', { name: 'Call it' }).click();
  await expect(pane.getByRole('region', { name: 'Tool result' })).toContainText('read.file: /a');
  expect(JSON.parse(readFileSync(join(sb.dataDir, 'state.json'), 'utf8')).uiPrefs).toEqual({ noDestructiveConfirm: ['fx'] });
  // A reloaded page (a new window) calls at once.
  await page.reload();
  await page.getByRole('tab', { name: /^Tools/ }).click();
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^read\.file\b/ }).click();
  await pane.getByLabel('path').fill('/b');
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(pane.getByRole('region', { name: 'Tool result' })).toContainText('read.file: /b');
  await expect(ask).toHaveCount(0);
  // The server's settings show the switch off; turned on, the question is back.
  await page.getByRole('tab', { name: 'Roots & logging' }).click();
  const toggle = page.getByRole('switch', { name: 'Ask before calling a destructive tool' });
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  await expect(toggle).toBeChecked();
  expect(JSON.parse(readFileSync(join(sb.dataDir, 'state.json'), 'utf8')).uiPrefs).toEqual({ noDestructiveConfirm: [] });
  await page.getByRole('tab', { name: /^Tools/ }).click();
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^read\.file\b/ }).click();
  await pane.getByLabel('path').fill('/c');
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(ask).toBeVisible();
});

test('a completion list stays in the viewport and does not cover the button of its form', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  setup(sb);
  // A short window, where a list opened below its input would reach the button and the bottom edge.
  await page.setViewportSize({ width: 1100, height: 600 });
  await page.goto(await sb.serve());
  await expect(serverButton(page, 'fx')).toContainText('connected');
  await page.getByRole('tab', { name: 'Prompts' }).click();
  await page.getByRole('navigation', { name: 'Prompts' }).getByRole('button', { name: 'greet' }).click();
  await page.getByRole('combobox', { name: 'name' }).fill('a');
  const list = page.getByRole('listbox');
  await expect(page.getByRole('option', { name: 'albert' })).toBeVisible();
  // The list is placed asynchronously (floating-ui computes its position after the first render, and
  // moves it when the viewport's edge is near): judge where it settles, not a frame before.
  const button = (await page.getByRole('button', { name: 'Get prompt' }).boundingBox())!;
  await expect
    .poll(async () => {
      const box = await list.boundingBox();
      if (!box) return 'no list';
      const overlaps = box.x < button.x + button.width && button.x < box.x + box.width && box.y < button.y + button.height && button.y < box.y + box.height;
      if (overlaps) return `list ${JSON.stringify(box)} covers the button ${JSON.stringify(button)}`;
      if (box.x < 0 || box.y < 0 || box.x + box.width > 1100 || box.y + box.height > 600) return `list ${JSON.stringify(box)} leaves the 1100×600 viewport`;
      return 'inside, button free';
    })
    .toBe('inside, button free');
  // Still usable: pick one and get the prompt.
  await page.getByRole('option', { name: 'alice' }).click();
  await page.getByRole('button', { name: 'Get prompt' }).click();
  await expect(page.getByRole('region', { name: 'Prompt messages' })).toContainText('Say hello to alice');
});

test('a success toast closes on its own', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  setup(sb);
  await page.goto(await sb.serve());
  await expect(serverButton(page, 'fx')).toContainText('connected');
  await page.getByRole('tab', { name: 'Server', exact: true }).click();
  // The page's clock from here on: timers set after this run on it, and time still flows; the
  // toast's own delay (TOAST_MS, 8 s) is skipped below instead of waited out.
  await page.clock.install();
  // Success: setting the protocol says so, then the message goes away by itself.
  await page.getByRole('combobox', { name: 'Protocol' }).click();
  await page.getByRole('option', { name: /^legacy/ }).click();
  const success = page.getByRole('status').filter({ hasText: 'Protocol set to legacy' });
  await expect(success).toBeVisible();
  await page.clock.fastForward(8_000); // TOAST_MS (src-renderer/src/lib/auto-close.ts)
  await expect(success).toBeHidden({ timeout: 60_000 });
  // An error stays until dismissed: autoCloseDelay's unit test (no error toast can be provoked here without faking a failure).
});

test('the header keeps its title on one line and every button label whole at 900 and 1000 px', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  setup(sb);
  await page.goto(await sb.serve());
  await expect(serverButton(page, 'fx')).toContainText('connected');
  for (const width of [1000, 900]) {
    await page.setViewportSize({ width, height: 700 });
    const header = page.locator('header');
    const title = header.getByRole('heading', { name: 'MCP Switchboard' });
    await expect.poll(async () => (await title.boundingBox())!.height, `title on one line at ${width}`).toBeLessThan(40);
    const cut = await header.locator('button').evaluateAll((buttons) =>
      buttons.filter((b) => [...b.querySelectorAll('span')].some((s) => s.scrollWidth > s.clientWidth + 1)).map((b) => b.textContent),
    );
    expect(cut, `buttons cut at ${width} px`).toEqual([]);
    const right = await header.getByLabel('Totals').boundingBox();
    expect(right!.x + right!.width).toBeLessThanOrEqual(width);
  }
});
