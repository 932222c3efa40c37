/**
 * Config changes in the UI (issue #3), in Chromium against `switchboard serve`: the add wizard
 * writes a host's file (comments and unknown keys kept) and the server appears and connects; the
 * per-host view shows what Cursor loads; Disable on a host without a flag says "Switchboard only";
 * Edit writes only the changed field; Remove takes the entry out and the file is back to its bytes.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { KeytarSecretStore } from '../src-main/core/secrets/secret-store.js';
import { expect, test } from './fixtures.js';
import { packageBin } from './sandbox.js';

const serverButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

test('add through the wizard into Cursor, see the host view, disable, edit, remove', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const cursorFile = join(sb.home, '.cursor', 'mcp.json');
  mkdirSync(join(sb.home, '.cursor'), { recursive: true });
  const original = '{\n  // hand-written\n  "mcpServers": {},\n  "version": 1\n}\n';
  writeFileSync(cursorFile, original);
  await page.goto(await sb.serve());

  await page.getByRole('button', { name: 'Add server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an MCP server' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('mem');
  await dialog.getByRole('textbox', { name: 'Command' }).fill(process.execPath);
  await dialog.getByLabel('Arguments (one per line)').fill(packageBin('@modelcontextprotocol/server-memory'));
  await dialog.getByLabel('Write to').click();
  await page.getByRole('option', { name: 'Cursor' }).click();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(serverButton(page, 'mem')).toContainText('connected');
  const added = readFileSync(cursorFile, 'utf8');
  expect(added).toContain('// hand-written');
  expect(added).toContain('"version": 1');

  await page.getByRole('button', { name: 'Hosts' }).click();
  const hosts = page.getByRole('dialog', { name: 'What each host sees' });
  await expect(hosts.getByRole('table', { name: 'Cursor servers' })).toContainText('mem');
  // Each row shows its real state and its launch line.
  const memRow = hosts.getByRole('table', { name: 'Cursor servers' }).getByRole('row', { name: /^mem\b/ });
  await expect(memRow).toContainText('active');
  await expect(memRow).toContainText(packageBin('@modelcontextprotocol/server-memory'));
  await page.keyboard.press('Escape');

  await serverButton(page, 'mem').click();
  const config = page.getByRole('group', { name: 'Configure mem' });
  await config.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Disabled "mem" in Switchboard only' })).toBeVisible();
  await expect(serverButton(page, 'mem')).toContainText('disabled');
  expect(readFileSync(cursorFile, 'utf8')).toBe(added);
  await config.getByRole('button', { name: 'Enable' }).click();
  await expect(serverButton(page, 'mem')).toContainText('connected');

  await config.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit mem' });
  await edit.getByLabel('Description').fill('memory graph');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect.poll(() => readFileSync(cursorFile, 'utf8')).toContain('"description": "memory graph"');

  await config.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove mem?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(serverButton(page, 'mem')).toHaveCount(0);
  expect(readFileSync(cursorFile, 'utf8')).toBe(original);
});

test('wizard: env, cwd and a secret; another host needs consent for plain text; the new server is selected with a notice', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const cursorFile = join(sb.home, '.cursor', 'mcp.json');
  await page.goto(await sb.serve());

  await page.getByRole('button', { name: 'Add server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an MCP server' });
  const add = dialog.getByRole('button', { name: 'Add', exact: true });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('envy');
  await expect(add).toBeDisabled();
  await expect(dialog.getByLabel('Why Add is disabled')).toHaveText('Enter the command to run.');
  await dialog.getByRole('textbox', { name: 'Command' }).fill(process.execPath);
  await dialog.getByLabel('Arguments (one per line)').fill(`${packageBin('@modelcontextprotocol/server-everything')}\nstdio`);
  await dialog.getByRole('textbox', { name: 'Working folder (cwd)' }).fill(sb.files);
  const env = dialog.getByRole('group', { name: 'Environment variables' });
  await env.getByRole('button', { name: 'Add variable' }).click();
  await env.getByLabel('Name of variable 1').fill('MODE');
  await env.getByLabel('Value of MODE').fill('plain-value');
  await env.getByRole('button', { name: 'Add variable' }).click();
  await env.getByLabel('Name of variable 2').fill('API_KEY');
  // A secret-looking key gets a password field.
  await expect(env.getByLabel('Value of API_KEY')).toHaveAttribute('type', 'password');
  await env.getByLabel('Value of API_KEY').fill('s3cret-value');
  await env.getByRole('button', { name: 'Add variable' }).click();
  await env.getByLabel('Name of variable 3').fill('SB_E2E_TAG');
  await env.getByLabel('Value of SB_E2E_TAG').fill(sb.tag);

  // Cursor cannot read a keychain reference: Add is disabled with the reason until the person agrees.
  await dialog.getByLabel('Write to').click();
  await page.getByRole('option', { name: 'Cursor' }).click();
  await expect(add).toBeDisabled();
  await expect(dialog.getByLabel('Why Add is disabled')).toContainText("API_KEY would be written to Cursor's file as plain text");
  await dialog.getByLabel("Write API_KEY to Cursor's file as plain text").check();
  await expect(add).toBeEnabled();
  await add.click();
  await expect(dialog).toBeHidden();

  // The new server is selected, and a notice names the file.
  const notice = page.getByRole('status', { name: 'Server added' });
  await expect(notice).toContainText('Added "envy"');
  await expect(notice).toContainText(`Added to ${cursorFile}`);
  await expect(page.getByRole('heading', { level: 2, name: 'envy' })).toBeVisible();
  await expect(serverButton(page, 'envy')).toContainText('connected');
  const written = JSON.parse(readFileSync(cursorFile, 'utf8')) as { mcpServers: Record<string, { env: Record<string, string>; cwd: string }> };
  expect(written.mcpServers.envy!.env).toEqual({ MODE: 'plain-value', API_KEY: 's3cret-value', SB_E2E_TAG: sb.tag });
  // Cursor's file has no cwd field: not written, and the notice says so.
  expect(written.mcpServers.envy!.cwd).toBeUndefined();
  await expect(notice).toContainText('has no "cwd" field; not written');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();

  // A bearer token for another host: Add is disabled (not failing on click) until it is cleared.
  await page.getByRole('button', { name: 'Add server' }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('remote');
  await dialog.getByText('Streamable HTTP', { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'URL', exact: true }).fill('http://127.0.0.1:9/mcp');
  await dialog.getByLabel('Bearer token (optional)').fill('tok');
  await dialog.getByLabel('Write to').click();
  await page.getByRole('option', { name: 'Cursor' }).click();
  await expect(add).toBeDisabled();
  await expect(dialog.getByLabel('Why Add is disabled')).toContainText("A bearer token can be kept in the keychain only for Switchboard's own servers.json");
  await dialog.getByLabel('Bearer token (optional)').fill('');
  await expect(add).toBeEnabled();
});

test("wizard to Switchboard's servers.json: a secret env value goes to the keychain, the file holds a reference; Edit adds a variable and keeps the others", async ({ page, sandbox }) => {
  const service = `mcp-switchboard-test-${randomUUID()}`;
  const keychain = new KeytarSecretStore(service);
  const available = await keychain.set('probe', 'x').then(
    () => keychain.delete('probe').then(() => true),
    () => false,
  );
  test.skip(!available, 'no OS keychain (Secret Service) in this session: run through npm test, which starts one');
  const sb = sandbox('empty');
  sb.env.SWITCHBOARD_KEYCHAIN_SERVICE = service;
  const serversFile = join(sb.dataDir, 'servers.json');
  try {
    await page.goto(await sb.serve());
    await page.getByRole('button', { name: 'Add server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an MCP server' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('keyed');
    await dialog.getByRole('textbox', { name: 'Command' }).fill(process.execPath);
    await dialog.getByLabel('Arguments (one per line)').fill(`${packageBin('@modelcontextprotocol/server-everything')}\nstdio`);
    await dialog.getByRole('textbox', { name: 'Working folder (cwd)' }).fill(sb.files);
    const env = dialog.getByRole('group', { name: 'Environment variables' });
    await env.getByRole('button', { name: 'Add variable' }).click();
    await env.getByLabel('Name of variable 1').fill('API_KEY');
    await env.getByLabel('Value of API_KEY').fill('s3cret-value');
    await expect(env).toContainText('Kept in the OS keychain; the file gets ${secret:keyed-api_key}');
    await env.getByRole('button', { name: 'Add variable' }).click();
    await env.getByLabel('Name of variable 2').fill('SB_E2E_TAG');
    await env.getByLabel('Value of SB_E2E_TAG').fill(sb.tag);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status', { name: 'Server added' })).toContainText(`Added to ${serversFile}`);

    const text = readFileSync(serversFile, 'utf8');
    expect(text).not.toContain('s3cret-value');
    const def = (JSON.parse(text) as { mcpServers: Record<string, { env: Record<string, string>; cwd: string }> }).mcpServers.keyed!;
    expect(def.env).toEqual({ API_KEY: '${secret:keyed-api_key}', SB_E2E_TAG: sb.tag });
    expect(def.cwd).toBe(sb.files);
    expect(await keychain.get('secret:keyed-api_key')).toBe('s3cret-value');

    // The server gets the value from the keychain at launch.
    await expect(serverButton(page, 'keyed')).toContainText('connected');
    await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^get-env\b/ }).click();
    const pane = page.getByRole('region', { name: 'Call get-env' });
    await pane.getByRole('button', { name: 'Call', exact: true }).click();
    // It echoes the value back; what reaches the page is redacted (issue 9: one redaction rule for every sink).
    await expect(pane.getByLabel('Result JSON')).toContainText('"API_KEY":"[redacted]"');
    await expect(pane.getByLabel('Result JSON')).not.toContainText('s3cret-value');
    // Each masking is marked (issue 26 item 2): the keychain value, once as the person sees it (the text
    // and its one block are views of one result; attack 8 F11).
    await expect(pane.getByRole('note', { name: 'Masked values' })).toHaveText('1 value from your configuration was masked ([redacted]).');

    // Edit: existing keys show without their values; a new variable is merged in, the others stay.
    await page.getByRole('group', { name: 'Configure keyed' }).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit keyed' });
    const editEnv = edit.getByRole('group', { name: 'Environment variables' });
    await expect(editEnv.getByLabel('Name of variable 1')).toHaveValue('API_KEY');
    await expect(editEnv.getByLabel('Value of API_KEY')).toHaveValue('');
    await expect(editEnv.getByLabel('Value of API_KEY')).toHaveAttribute('placeholder', 'unchanged (kept in the file)');
    await editEnv.getByRole('button', { name: 'Add variable' }).click();
    await editEnv.getByLabel('Name of variable 3').fill('EXTRA');
    await editEnv.getByLabel('Value of EXTRA').fill('1');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect
      .poll(() => (JSON.parse(readFileSync(serversFile, 'utf8')) as { mcpServers: Record<string, { env: Record<string, string> }> }).mcpServers.keyed!.env)
      .toEqual({ API_KEY: '${secret:keyed-api_key}', SB_E2E_TAG: sb.tag, EXTRA: '1' });
    await expect(page.getByRole('status').filter({ hasText: 'Updated "keyed"' })).toContainText('Written: env.EXTRA');

    // Remove one key: only that key goes.
    await page.getByRole('group', { name: 'Configure keyed' }).getByRole('button', { name: 'Edit' }).click();
    await edit.getByRole('group', { name: 'Environment variables' }).getByRole('button', { name: 'Remove EXTRA' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect
      .poll(() => (JSON.parse(readFileSync(serversFile, 'utf8')) as { mcpServers: Record<string, { env: Record<string, string> }> }).mcpServers.keyed!.env)
      .toEqual({ API_KEY: '${secret:keyed-api_key}', SB_E2E_TAG: sb.tag });
  } finally {
    for (const a of await keychain.accounts().catch(() => [] as string[])) await keychain.delete(a).catch(() => undefined);
  }
});
