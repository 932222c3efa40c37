/**
 * Lists that lie (issue 14 item 7) in Chromium against `switchboard serve`: the inspector fixture
 * answers resources/list and prompts/list with its first page under a cursor that repeats. The
 * Resources and Prompts tabs list each item once; the server's notes, the sidebar's warnings link
 * and the warnings panel say what happened with the true counts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { REPO } from './sandbox.js';

const FIXTURE = join(REPO, 'src-main/core/mcp/testing/fixtures/inspector-server.mjs');
const RESOURCES = 'resources/list repeated a cursor, so listing stopped and the list may be incomplete; 10 duplicate resources dropped: 10 resources';
const PROMPTS = 'prompts/list repeated a cursor, so listing stopped and the list may be incomplete; 1 duplicate prompt dropped: 1 prompt';

test('a resources and prompts list whose cursor repeats is shown once and named in the warnings panel', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const liar = { command: process.execPath, args: [FIXTURE], env: { SB_E2E_TAG: sb.tag, INSPECTOR_IGNORE_CURSOR_IN: 'resources,prompts' } };
  writeFileSync(join(sb.project, '.mcp.json'), JSON.stringify({ mcpServers: { liar } }, null, 2));
  sb.trust();
  await page.goto(await sb.serve());
  const server = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^liar\b/ });
  await server.click();
  await expect(server).toContainText('connected');

  await page.getByRole('tab', { name: 'Resources' }).click();
  const resources = page.getByRole('navigation', { name: 'Resources' });
  await expect(resources.getByRole('button', { name: /resource 9/ })).toBeVisible();
  await expect(resources.getByRole('button', { name: /resource 0\b/ })).toHaveCount(1);
  await page.getByRole('tab', { name: 'Prompts' }).click();
  await expect(page.getByRole('navigation', { name: 'Prompts' }).getByRole('button', { name: 'greet' })).toHaveCount(1);

  await expect(page.getByRole('note').filter({ hasText: RESOURCES })).toContainText(PROMPTS);
  await page.getByRole('button', { name: '1 repeated list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Config warnings' });
  await expect(dialog).toContainText('Lists that repeated themselves (1)');
  await expect(dialog).toContainText(`"liar": ${RESOURCES}; ${PROMPTS}`);
});

test('a tool list that stopped early says so under the Tools tab (issue 27 item 6)', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const liar = { command: process.execPath, args: [FIXTURE], env: { SB_E2E_TAG: sb.tag, INSPECTOR_TOOLS: '120', INSPECTOR_IGNORE_CURSOR: '1' } };
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { liar } }, null, 2));
  await page.goto(await sb.serve());
  const server = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^liar\b/ });
  await server.click();
  await expect(server).toContainText('connected');
  await page.getByRole('tab', { name: /^Tools/ }).click();
  await expect(page.getByRole('note', { name: 'Tool list warning' })).toHaveText(
    'tools/list repeated a cursor, so listing stopped and the list may be incomplete; 25 duplicate tools dropped: 25 tools',
  );
});
