/**
 * What a first-time user tripped over, through the UI in Chromium against `switchboard serve`:
 * at a ~900 px window the selected tool's form is on screen and focused (mouse and keyboard); a
 * required-field error names the field and logs nothing to the console; shadowed-definition paths
 * wrap at separators, carry the full path as a title and can be copied.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { packageBin } from './sandbox.js';

const serverButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

test('at 900x700 a picked tool shows its form focused; a missing field is named, with no console noise', async ({ page, sandbox }) => {
  const console: ConsoleMessage[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.push(m);
  });
  await page.setViewportSize({ width: 900, height: 700 });
  const sb = sandbox('three-servers');
  sb.trust();
  await page.goto(await sb.serve());
  await expect(serverButton(page, 'everything')).toContainText('connected');
  await serverButton(page, 'everything').click();

  const tools = page.getByRole('navigation', { name: 'Tools' });
  // Mouse: the tool far down the list, so its pane would be off screen in a stacked layout.
  await tools.getByRole('button', { name: /^get-sum\b/ }).click();
  const sum = page.getByRole('region', { name: 'Call get-sum' });
  await expect(sum.getByRole('heading', { name: 'get-sum' })).toBeInViewport();
  const a = sum.getByRole('spinbutton', { name: /^a\*?$/ });
  await expect(a).toBeFocused();
  await expect(a).toBeInViewport();

  // Keyboard: move along the tool list and press Enter; focus lands in the echo form.
  await tools.getByRole('button', { name: /^get-sum\b/ }).focus();
  await page.keyboard.press('Home');
  await expect(tools.getByRole('button', { name: /^echo\b/ })).toBeFocused();
  await page.keyboard.press('Enter');
  const echo = page.getByRole('region', { name: 'Call echo' });
  const message = echo.getByLabel('message');
  await expect(message).toBeFocused();
  await expect(message).toBeInViewport();

  // Submit with the required field empty: the error names it, and nothing is logged.
  await echo.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(echo.getByText('message is required', { exact: true })).toBeVisible();
  await expect(echo.getByText('is a required property')).toHaveCount(0);
  await expect(message).toBeFocused(); // rjsf focusOnFirstError
  await expect(echo.getByRole('region', { name: 'Tool result' })).toHaveCount(0);
  expect(console.map((m) => m.text()).filter((t) => /Form validation failed/.test(t))).toEqual([]);

  // Typing a value and calling clears it and calls.
  await message.fill('now it is there');
  await echo.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(echo.getByRole('region', { name: 'Tool result' })).toContainText('Echo: now it is there');
  expect(console.map((m) => m.text())).toEqual([]);
});

test('shadowed definitions: paths wrap at separators, with the full path as a title and a copy button', async ({ page, context, sandbox }) => {
  await page.setViewportSize({ width: 900, height: 700 });
  const sb = sandbox('three-servers');
  const userFile = join(sb.home, '.claude.json');
  writeFileSync(
    userFile,
    JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-everything'), 'stdio'] } } }, null, 2),
  );
  sb.trust();
  await page.goto(await sb.serve());

  const card = page.getByRole('region', { name: 'Shadowed definitions' });
  const path = card.getByTitle(new RegExp(`^${userFile.replace(/[.]/g, '\\.')}:\\d+$`));
  await expect(path).toHaveText(new RegExp(`^${userFile.replace(/[.]/g, '\\.')}:\\d+$`));
  const full = (await path.textContent())!;
  // Every line break falls right after a separator: the rendered lines end with "/" except the last.
  const lines = await path.evaluate((el) => {
    const range = document.createRange();
    const tops = new Map<number, string>();
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        tops.set(top, (tops.get(top) ?? '') + text[i]);
      }
    }
    return [...tops.entries()].sort((x, y) => x[0] - y[0]).map(([, t]) => t);
  });
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.join('')).toBe(full);
  for (const line of lines.slice(0, -1)) expect(line.endsWith('/')).toBe(true);
  expect(lines[lines.length - 1]).toMatch(/^\.claude\.json:\d+$/);

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByRole('button', { name: `Copy path ${userFile}` }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(userFile);
});

test('a config file that fails to parse gets a banner at the top that opens the warnings; notes are not called errors', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const desktop = join(sb.home, '.config', 'Claude', 'claude_desktop_config.json');
  mkdirSync(join(sb.home, '.config', 'Claude'), { recursive: true });
  writeFileSync(desktop, '{\n  "mcpServers": {\n    "a": { "command": "x" \n  }\n');
  // Cursor reads strict JSON: a comment is read anyway, with a note.
  mkdirSync(join(sb.home, '.cursor'), { recursive: true });
  writeFileSync(join(sb.home, '.cursor', 'mcp.json'), '{\n  // mine\n  "mcpServers": {}\n}\n');
  await page.goto(await sb.serve());

  const banner = page.getByRole('alert', { name: '1 config file could not be read' });
  await expect(banner).toContainText('1 config file could not be read');
  await expect(banner).toContainText(new RegExp(`${desktop.replace(/[.]/g, '\\.')}:\\d+`));
  await expect(page.getByRole('button', { name: '1 config error · 1 config note' })).toBeVisible();
  await banner.getByRole('button', { name: 'Show config warnings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Config warnings' });
  await expect(dialog.getByText('Could not be read (1)')).toBeVisible();
  await expect(dialog.getByText('Notes (1)')).toBeVisible();
  const errors = dialog.getByRole('alert').filter({ hasText: 'Could not be read' });
  await expect(errors).toContainText('Malformed JSON');
  await expect(errors).not.toContainText('Not strict JSON');
});
