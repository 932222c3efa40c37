/**
 * History that lasts (issue 14 item 12) in Chromium against `switchboard serve`: a call made by a
 * one-shot `switchboard call` before the owner started is in the server's History tab; Open shows
 * its kept result; Replay first asks again for the argument that was redacted when recorded (the
 * button stays disabled without it), then calls the real server-everything again.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { packageBin, REPO } from './sandbox.js';

test('a past call from before the owner started is opened and replayed, asking again for its redacted argument', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const everything = { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-everything'), 'stdio'], env: { SB_E2E_TAG: sb.tag } };
  writeFileSync(join(sb.project, '.mcp.json'), JSON.stringify({ mcpServers: { everything } }, null, 2));
  sb.trust();
  const call = spawnSync(process.execPath, [join(REPO, 'bin/switchboard.mjs'), 'call', 'everything', 'echo', '--args', JSON.stringify({ message: 'from an earlier run', api_key: 'sk-e2e-history-000001' })], {
    cwd: sb.project,
    env: sb.env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(call.stdout).toContain('Echo: from an earlier run');

  await page.goto(await sb.serve());
  const server = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^everything\b/ });
  await server.click();
  await expect(server).toContainText('connected');
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('region', { name: 'Call history' });
  await expect(history).toContainText('History (1)');
  await expect(history).toContainText('"api_key":"[redacted]"');
  await expect(history).not.toContainText('sk-e2e-history-000001');

  await history.getByRole('button', { name: /^Open echo from / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Recorded result')).toContainText('Echo: from an earlier run');
  const replay = dialog.getByRole('button', { name: 'Replay', exact: true });
  await expect(replay).toBeDisabled();
  await dialog.getByRole('group', { name: 'Arguments to enter again' }).getByLabel('api_key').fill('sk-e2e-history-000002');
  await replay.click();
  await expect(dialog.getByLabel('Replay result')).toContainText('Echo: from an earlier run');
  await dialog.getByRole('button', { name: 'Close' }).last().click(); // the footer's, not the header's × (also named Close)
  await expect(history).toContainText('History (2)');
});
