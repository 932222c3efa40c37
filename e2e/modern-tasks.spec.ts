/**
 * 2026-07-28 tasks in the UI (issue 12 item 5), in Chromium against `switchboard serve`: a modern-only
 * stdio server that offers the tasks extension answers a plain call with a task handle. The call pane
 * shows the task's status as its progress, the task's question opens the usual elicitation dialog
 * (answered with `tasks/update`), the task's result lands in the Result pane, and the server's Tasks
 * tab lists the task as completed.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { REPO } from './sandbox.js';

const serverButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

test('a call answered with a task: status as progress, its question in the dialog, its result in the Result pane, listed in Tasks', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const script = join(REPO, 'src-main/core/mcp/testing/fixtures/modern-stdio-server.mjs');
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { modern: { command: process.execPath, args: [script], env: { SB_E2E_TAG: sb.tag } } } }));
  await page.goto(await sb.serve());
  await serverButton(page, 'modern').click();
  await expect(serverButton(page, 'modern')).toContainText('connected');
  await page.getByRole('tab', { name: /^Tools/ }).click();
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^approve\b/ }).click();
  const pane = page.getByRole('region', { name: 'Call approve' });
  await pane.getByLabel('item').fill('v2');
  await pane.getByRole('button', { name: 'Call', exact: true }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Approve "v2"?');
  await expect(pane).toContainText(/task \S+: input_required \(waiting for approval\)/);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(pane.getByRole('region', { name: 'Tool result' })).toContainText('Approved v2');

  await page.getByRole('tab', { name: /^Tasks/ }).click();
  const task = page.getByRole('region', { name: 'Tasks' }).getByRole('group').first();
  await expect(task).toContainText('approve');
  await expect(task).toContainText('completed');
  await expect(task).toContainText('Approved v2');
});
