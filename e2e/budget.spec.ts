/**
 * The Context budget view (issue 16 item 4) in Chromium against `switchboard serve` with the real
 * server-everything defined in Gemini CLI's settings.json: tools biggest first with their token
 * costs and the totals; switching a tool off writes Gemini's own `excludeTools` (its comment kept)
 * and the total drops by that tool's cost; Gemini's own view uses Gemini's names.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { packageBin } from './sandbox.js';

test('lists tools by tokens with totals; a switch writes Gemini’s excludeTools and the total drops', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const settings = join(sb.home, '.gemini', 'settings.json');
  mkdirSync(join(sb.home, '.gemini'), { recursive: true });
  const entry = { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-everything'), 'stdio'], env: { SB_E2E_TAG: sb.tag } };
  writeFileSync(settings, `{\n  // my Gemini settings\n  "theme": "Default",\n  "mcpServers": {\n    "gem": ${JSON.stringify(entry)}\n  }\n}\n`);
  await page.goto(await sb.serve());
  const server = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^gem\b/ });
  await expect(server).toContainText('connected', { timeout: 60_000 });

  await page.getByRole('button', { name: 'Context budget: tokens per tool' }).click();
  const totals = page.getByRole('status', { name: 'Budget totals' });
  await expect(totals).toContainText(/The agent of Switchboard's bridge sees 18 tools, ~[\d,]+ tokens/);
  const tokensOf = (text: string | null): number => Number(/~([\d,]+) tokens/.exec(text ?? '')![1]!.replaceAll(',', ''));
  const before = tokensOf(await totals.textContent());
  await expect(page.getByText(/gpt-tokenizer o200k_base .*an estimate for other model families/)).toBeVisible();

  // Biggest first.
  const rows = page.getByRole('list', { name: 'Tools by tokens' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  const costs = (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))).map((l) => Number(/: (\d+) tokens$/.exec(l)![1]));
  expect(costs.length).toBeGreaterThan(10);
  expect([...costs].sort((a, b) => b - a)).toEqual(costs);
  const echoRow = page.getByRole('listitem', { name: /^mcp_gem_echo: \d+ tokens$/ });
  const echoCost = Number(/: (\d+) tokens$/.exec((await echoRow.getAttribute('aria-label'))!)![1]);
  await expect(page.getByRole('table', { name: 'Servers by tokens' })).toContainText('includeTools / excludeTools');

  // Off: written to Gemini's own list; nothing else in the file changes.
  await expect(echoRow.getByRole('switch', { name: 'mcp_gem_echo', exact: true })).toBeChecked();
  await echoRow.getByRole('switch', { name: 'mcp_gem_echo', exact: true }).click({ force: true });
  await expect(page.getByRole('status', { name: 'Last change' })).toContainText(`mcp_gem_echo off: includeTools / excludeTools in ${settings}`);
  await expect(totals).toContainText('sees 17 tools');
  expect(tokensOf(await totals.textContent())).toBe(before - echoCost);
  await expect(echoRow).toContainText("off in the host's list");
  await expect(echoRow.getByRole('switch', { name: 'mcp_gem_echo', exact: true })).not.toBeChecked();
  const written = readFileSync(settings, 'utf8');
  expect(written).toContain('// my Gemini settings');
  expect(JSON.parse(written.replace('// my Gemini settings\n', '')).mcpServers.gem.excludeTools).toEqual(['echo']);

  // Gemini CLI's own view: its totals follow its own list too.
  await page.getByRole('combobox', { name: 'Host' }).click();
  await page.getByRole('option', { name: /^Gemini CLI · 17 tools/ }).click();
  await expect(totals).toContainText(/The agent of Gemini CLI sees 17 tools/);
  await expect(page.getByText(/Names: mcp_<server>_<tool>/)).toBeVisible();

  // On again: the file is as it was.
  await page.getByRole('listitem', { name: /^mcp_gem_echo: / }).getByRole('switch', { name: 'mcp_gem_echo', exact: true }).click({ force: true });
  await expect(totals).toContainText('sees 18 tools');
  expect(JSON.parse(readFileSync(settings, 'utf8').replace('// my Gemini settings\n', '')).mcpServers.gem.excludeTools).toBeUndefined();
});
