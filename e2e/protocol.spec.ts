/**
 * Protocol generations in the UI (issue 10), in Chromium against `switchboard serve`: a dual-era
 * server built on SDK v2 connects in the 2026-07-28 era (badge beside its status), its Server tab
 * shows the negotiation, server info, both sides' capabilities, the last connect's timings,
 * deprecated features in use and the instructions, and choosing `legacy` there
 * reconnects it in the 2025 era (servers.json gets `protocol`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { REPO } from './sandbox.js';

const serverButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

test('a dual-era server: era badge, Server tab facts, and switching it to legacy from the UI', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const script = join(REPO, 'src-main/core/mcp/testing/fixtures/modern-stdio-server.mjs');
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { dual: { command: process.execPath, args: [script, '--legacy', 'serve'], env: { SB_E2E_TAG: sb.tag } } } }));
  await page.goto(await sb.serve());
  await serverButton(page, 'dual').click();
  await expect(serverButton(page, 'dual')).toContainText('connected');
  await expect(page.getByLabel('Protocol 2026-07-28')).toBeVisible();

  await page.getByRole('tab', { name: 'Server', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Negotiated protocol' })).toContainText('Modern era (stateless) · revision 2026-07-28 · setting auto');
  await expect(page.getByRole('region', { name: 'Server info' })).toContainText('dual-era-fixture 1.0.0');
  await expect(page.getByRole('region', { name: 'Capabilities', exact: true })).toContainText('"tools"');
  // Issue 15 item 4: our side as sent (the probe's _meta), the last connect's phases, deprecations in use.
  await expect(page.getByRole('region', { name: 'Our capabilities' })).toContainText('"roots"');
  const timings = page.getByRole('table', { name: 'Connect timings' });
  for (const phase of ['Spawn', 'Probe (server/discover)', 'Handshake', 'First tools/list', 'Total']) {
    await expect(timings.getByRole('row', { name: new RegExp(`^${phase.replace(/[()/]/g, '\\$&')} \\d+ ms$`) })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Deprecated features in use' })).toContainText('Logging — deprecated in 2026-07-28');
  await expect(page.getByRole('region', { name: 'Instructions' })).toContainText('A fixture for protocol-generation tests');

  await page.getByRole('combobox', { name: 'Protocol' }).click();
  await page.getByRole('option', { name: /^legacy/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Protocol set to legacy' })).toBeVisible();
  await expect(page.getByLabel('Protocol 2025-11-25 (2025 era)')).toBeVisible({ timeout: 30_000 });
  // Reconnected with the 2025 handshake and no probe: the overview follows.
  await expect(page.getByRole('region', { name: 'Deprecated features in use' })).toContainText('initialize handshake and sessions — not in 2026-07-28');
  await expect(timings.getByRole('row', { name: 'Probe (server/discover) no probe' })).toBeVisible();
  const file = JSON.parse(readFileSync(join(sb.dataDir, 'servers.json'), 'utf8')) as { mcpServers: { dual: { protocol?: string } } };
  expect(file.mcpServers.dual.protocol).toBe('legacy');
});
