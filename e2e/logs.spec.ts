/**
 * The log view (issue 15 item 3), in Chromium against `switchboard serve` with server-everything:
 * each line's level (decided in the core) is shown, a level floor and a search filter the lines,
 * and the shown lines export as a file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { openEverything } from './everything-server.js';
import { REPO } from './sandbox.js';

test('logs: levels shown, level floor and search filter, export of the shown lines', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  await openEverything(page, sb);
  await page.getByRole('tab', { name: 'Logs' }).click();
  const log = page.getByRole('log', { name: 'Log of everything' });
  await expect(log).toContainText('connected to');
  // Switchboard's own notes are info.
  await expect(log.locator('[data-level="info"]').first()).toContainText('info');

  await page.getByRole('textbox', { name: 'Search the log' }).fill('connected to');
  await expect(page.getByRole('status').filter({ hasText: /^\d+ shown$/ })).toBeVisible();
  const shown = await log.locator('.log-text').allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  for (const t of shown) expect(t.toLowerCase()).toContain('connected to');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const text = readFileSync(await (await download).path(), 'utf8');
  expect(text.split('\n')).toHaveLength(shown.length);
  expect(text).toContain('connected to');

  // A floor above every line there is: nothing shown (no note of Switchboard's is an error).
  await page.getByRole('textbox', { name: 'Search the log' }).fill('');
  await page.getByRole('combobox', { name: 'Lowest level shown' }).selectOption('emergency');
  await expect(log.locator('.log-text')).toHaveCount(0);
});

test('logs: a wrapped line grows its row and never overlaps the next; an error line is marked as one', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const env = { SB_E2E_TAG: sb.tag };
  writeFileSync(join(sb.project, '.mcp.json'), JSON.stringify({ mcpServers: { fixture: { command: process.execPath, args: [join(REPO, 'src-main/core/mcp/testing/fixtures/inspector-server.mjs')], env } } }));
  sb.trust();
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto(await sb.serve());
  const server = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^fixture\b/ });
  await expect(server).toContainText('connected', { timeout: 60_000 });
  await server.click();
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^log\b/ }).click();
  const pane = page.getByRole('region', { name: 'Call log' });
  const long = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
  for (const [level, text] of [['error', `LONG ${long}`], ['warning', 'short after long'], ['error', `LONG2 ${long}`], ['info', 'last line']]) {
    await pane.getByLabel('level').fill(level!);
    await pane.getByLabel('text').fill(text!);
    await pane.getByRole('button', { name: 'Call', exact: true }).click();
    await expect(pane.getByRole('region', { name: 'Tool result' })).toContainText(`logged at ${level}`);
  }
  await page.getByRole('tab', { name: 'Logs' }).click();
  const log = page.getByRole('log', { name: 'Log of fixture' });
  await expect(log).toContainText('last line');
  const errorRow = log.locator('[data-level="error"]').filter({ hasText: 'LONG word0' });
  await expect(errorRow).toContainText('error');
  // Rows of any height: every row's box ends where the next begins, or above it.
  const boxes = await log.locator('[data-level], [data-index]').evaluateAll((rows) =>
    rows.map((r) => { const b = r.getBoundingClientRect(); return { top: b.top, bottom: b.bottom, text: r.textContent ?? '' }; }).sort((a, b) => a.top - b.top),
  );
  const tall = boxes.filter((b) => b.text.includes('LONG'));
  expect(tall.length).toBe(2);
  for (const b of tall) expect(b.bottom - b.top).toBeGreaterThan(40);
  for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.top, `${boxes[i]!.text.slice(0, 60)} starts below ${boxes[i - 1]!.text.slice(0, 60)}`).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom - 0.5);
});
