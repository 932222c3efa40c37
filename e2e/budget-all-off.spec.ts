/**
 * A whole server's "All off" on the budget page holds its buttons until the figures are counted
 * again (issue 32 item 2, trial 14): with a 5,000-tool server on a busy machine the switch took 3 s
 * and the recount 8 s more, and in between the buttons were live again beside the old totals — a
 * person pressed "All on" there, thinking "All off" had done nothing. Here the window's `budget:get`
 * answers are held back 5 s after the press (Playwright routes the window's WebSocket).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { holdAnswers } from './hold-answers.js';
import { packageBin } from './sandbox.js';

const HOLD_MS = 5_000;

test('All off keeps the buttons busy until the totals are counted again, and says what it did with them', async ({ page, sandbox }) => {
  test.setTimeout(180_000);
  const sb = sandbox('empty');
  mkdirSync(join(sb.home, '.codex'), { recursive: true });
  // Codex has a per-tool list (disabled_tools), so "All off" writes to its file.
  writeFileSync(join(sb.home, '.codex', 'config.toml'), `[mcp_servers.mem]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(packageBin('@modelcontextprotocol/server-memory'))}]\nenv = { SB_E2E_TAG = ${JSON.stringify(sb.tag)}, MEMORY_FILE_PATH = ${JSON.stringify(join(sb.root, 'm.jsonl'))} }\n`);

  const hold = await holdAnswers(page, 'budget:get', HOLD_MS);

  await page.goto(await sb.serve());
  await expect(page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^mem / })).toContainText('connected', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Context budget: tokens per tool' }).click();
  const totals = page.getByRole('status', { name: 'Budget totals' });
  await expect(totals).toContainText('sees 9 tools');
  const row = page.getByRole('table', { name: 'Servers by tokens' }).getByRole('row', { name: /^mem\b/ });

  hold.start();
  await row.getByRole('button', { name: 'All off' }).click();
  // The file is written at once; the page waits for the recount before it says so.
  await expect.poll(() => hold.held(), { timeout: 60_000 }).toBeGreaterThan(0);
  // One look while the recount is held (read together, not waited for: the hold ends by itself).
  const during = { totals: await totals.innerText(), off: await row.getByRole('button', { name: 'All off' }).isDisabled(), on: await row.getByRole('button', { name: 'All on' }).isDisabled(), said: await page.getByText(/^mem: all 9 tools off/).count() };
  expect(during).toEqual({ totals: expect.stringContaining('sees 9 tools') as unknown, off: true, on: true, said: 0 });

  await expect(totals).toContainText('sees 0 tools');
  await expect(page.getByText(/^mem: all 9 tools off/)).toBeVisible();
  await expect(row.getByRole('button', { name: 'All on' })).toBeEnabled();
  await expect(row.getByRole('button', { name: 'All off' })).toBeDisabled();
});
