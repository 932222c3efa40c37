/**
 * Saved calls and assertions through the UI (issue 15 item 7), in Chromium against `switchboard
 * serve` with the real server-everything: call echo, "Save as check", run it from the Checks view
 * and see it pass; change its expected value there, run again and see it fail with the diff. The
 * collection lands in the project's `.switchboard/calls.json`, and `switchboard check` agrees.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { expect, test } from './fixtures.js';
import { packageBin, REPO } from './sandbox.js';

test('save a call as a check, run it, see it pass; change the expectation, see the diff', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  writeFileSync(
    join(sb.project, '.mcp.json'),
    JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-everything'), 'stdio'], env: { SB_E2E_TAG: sb.tag } } } }),
  );
  sb.trust();
  await page.goto(await sb.serve());

  const server = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^everything\b/ });
  await server.click();
  await expect(server).toContainText('connected');
  await page.getByRole('tab', { name: /^Tools/ }).click();
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^echo\b/ }).click();
  const pane = page.getByRole('region', { name: 'Call echo' });
  await pane.getByLabel('message').fill('hello check');
  // Nothing to save before the first call (trial 13).
  await expect(pane.getByRole('button', { name: 'Save as check' })).toBeDisabled();
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(pane.getByRole('region', { name: 'Tool result' })).toContainText('Echo: hello check');

  await pane.getByRole('button', { name: 'Save as check' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save a call of echo as a check' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('echo greets');
  await expect(dialog.getByLabel('Expected value (JSON)')).toHaveValue('"Echo: hello check"');
  await dialog.getByRole('button', { name: 'Save check' }).click();
  const file = join(sb.project, '.switchboard', 'calls.json');
  await expect(dialog.getByRole('status')).toContainText(`Saved to ${file}`);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
    calls: [
      {
        name: 'echo greets',
        server: 'everything',
        tool: 'echo',
        arguments: { message: 'hello check' },
        expect: [{ kind: 'isError', value: false }, { kind: 'equals', value: 'Echo: hello check' }],
      },
    ],
  });
  await dialog.getByRole('button', { name: 'Close' }).last().click(); // the footer's, not the header's × (also named Close)

  await page.getByRole('button', { name: 'Checks: saved calls' }).click();
  const view = page.getByRole('region', { name: 'Checks' });
  const row = view.getByRole('group', { name: 'Check echo greets' });
  await row.getByRole('button', { name: 'Run' }).click();
  await expect(row.getByLabel('Outcome: passed')).toBeVisible();
  await expect(view).toContainText('1 passed, 0 failed, 0 not run');

  // Change the expected value: the run fails and shows expected (−) against actual (+).
  await row.getByRole('button', { name: 'Edit expectations' }).click();
  const editor = row.getByLabel('Expectations (JSON)');
  await editor.fill(JSON.stringify([{ kind: 'equals', value: 'Echo: goodbye' }]));
  await row.getByRole('button', { name: 'Save expectations' }).click();
  await expect(row).toContainText('1 expectation');
  await row.getByRole('button', { name: 'Run' }).click();
  await expect(row.getByLabel('Outcome: failed')).toBeVisible();
  await expect(row).toContainText('✗ equals: the result is not the expected value');
  const diff = row.getByLabel('Diff of echo greets');
  await expect(diff).toHaveText('@@ -1,1 +1,1 @@\n-Echo: goodbye\n+Echo: hello check\n');
  await expect(diff.locator('[data-sign="expected"]')).toHaveText('-Echo: goodbye\n');
  await expect(diff.locator('[data-sign="actual"]')).toHaveText('+Echo: hello check\n');

  // The CLI reads the same file and agrees (exit 1: an assertion failed).
  const cli = spawnSync(process.execPath, [join(REPO, 'bin/switchboard.mjs'), 'check', '--json'], { env: sb.env, cwd: sb.project, encoding: 'utf8', timeout: 120_000 });
  expect(cli.status).toBe(1);
  expect((JSON.parse(cli.stdout) as { failed: number }).failed).toBe(1);
});
