/**
 * A new user's first window at 1400×900 (new-user trial, issue 32 item 2): a skipped config entry,
 * the welcome and the trust prompt all at once stacked ~560 px above the server page, whose tabs
 * then sat at the window's bottom edge. While the welcome shows, the trust prompt waits folded (the
 * welcome says what needs trust); "Go to the trust prompt" unfolds it and focuses its Trust button.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { packageBin } from './sandbox.js';

test.use({ viewport: { width: 1400, height: 900 } });

test('under a config warning, the welcome and the trust prompt, the server page still starts in the upper part of the window', async ({ page, sandbox }) => {
  const sb = sandbox('empty', { welcome: true });
  const env = { SB_E2E_TAG: sb.tag };
  const everything = { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-everything'), 'stdio'], env };
  writeFileSync(join(sb.project, '.mcp.json'), JSON.stringify({ mcpServers: { 'proj-everything': everything, 'proj-tool': { command: 'definitely-not-a-real-binary', env } } }));
  mkdirSync(join(sb.home, '.cursor'), { recursive: true });
  writeFileSync(join(sb.home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { postgres: { command: 5, args: 'x' } } }));
  writeFileSync(join(sb.home, '.claude.json'), JSON.stringify({ mcpServers: { memory: { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-memory')], env: { ...env, MEMORY_FILE_PATH: join(sb.root, 'memory.jsonl') } } } }));
  await page.goto(await sb.serve());
  const servers = page.getByRole('navigation', { name: 'Servers' });
  await servers.getByRole('button', { name: /^memory\b/ }).click();
  await expect(servers.getByRole('button', { name: /^memory\b/ })).toContainText('connected', { timeout: 60_000 });
  const welcome = page.getByRole('region', { name: 'Welcome' });
  await expect(welcome).toContainText('2 need trust');
  await expect(page.getByText('1 config entry was skipped')).toBeVisible();
  // The trust prompt waits folded: one line, no Trust button.
  const trustRegion = page.getByRole('region', { name: 'Workspace trust' });
  await expect(trustRegion).toContainText('Trust this folder? 2 servers');
  await expect(trustRegion.getByRole('button', { name: 'Trust this folder' })).toHaveCount(0);
  // The server page's tabs in the upper three quarters of the window (a layout measure): they sat at ~840 px.
  const tabs = page.getByRole('tablist').first();
  await expect(tabs).toBeVisible();
  const bottom = await tabs.evaluate((el) => el.getBoundingClientRect().bottom);
  expect(bottom).toBeLessThan(0.75 * 900);

  // The welcome leads to the prompt: unfolded, with what trusting runs, focus on its Trust button.
  await welcome.getByRole('button', { name: 'Go to the trust prompt' }).click();
  const trust = trustRegion.getByRole('button', { name: 'Trust this folder' });
  await expect(trust).toBeFocused();
  await expect(trustRegion.getByRole('list', { name: 'What trusting runs' })).toContainText('proj-everything');
});
