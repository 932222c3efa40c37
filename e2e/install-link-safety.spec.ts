/**
 * The install consent dialog in Chromium against `switchboard serve` (trial 5 findings 1 and 3): a
 * link whose argument holds a bidi override shows it escaped (`\u202e`) with a warning, never as
 * the reordered text it would read as; a link holding NUL is refused. Issue 26 item 3: a link
 * carrying a live value (`!command`) is refused with the field and why; the dialog shows every
 * header value (literal secrets masked), the command line and the file; a link hiding a server
 * defined in a Cursor user file says so and installs only after a second, explicit yes.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';

const b64 = (config: unknown): string => Buffer.from(JSON.stringify(config)).toString('base64url');

test('install links: hidden characters are shown escaped with a warning; NUL is refused', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: {} }, null, 2));
  await page.goto(await sb.serve());
  await page.getByRole('button', { name: 'Add from link' }).click();
  const box = page.getByRole('textbox', { name: 'Install link' });

  // An oversized link gets the core's refusal, not a schema message (a trial pasted 200 KB).
  await box.fill(`mcp-switchboard://install?name=big&config=${b64({ command: 'node', args: ['x'.repeat(200_000)] })}`);
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByRole('alert')).toHaveText(/This install link was refused: link is longer than 16384 characters/);

  await box.fill(`mcp-switchboard://install?name=nul&config=${b64({ command: 'node\u202e\u0000' })}`);
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByRole('alert')).toContainText('"command" holds a NUL character (U+0000)');

  await box.fill(`mcp-switchboard://install?name=bidi&config=${b64({ command: 'node', args: ['/tmp/safe\u202Esj.live'] })}`);
  await page.getByRole('button', { name: 'Review' }).click();
  const consent = page.getByRole('dialog', { name: 'Install "bidi"?' });
  await expect(consent.getByLabel('Arguments').getByRole('listitem')).toHaveText(['/tmp/safe\\u202esj.live']);
  await expect(consent.getByRole('alert', { name: 'Before you install' })).toContainText('Argument 1 holds invisible, control or text-direction characters (U+202E)');
  expect(await consent.innerText()).not.toContain('\u202E');
  await consent.getByRole('button', { name: 'Cancel' }).click();
  expect(JSON.parse(readFileSync(join(sb.dataDir, 'servers.json'), 'utf8'))).toEqual({ mcpServers: {} });
});

test('install links: live values refused; header values, the command line and the file shown; hiding another host\'s server needs a second yes', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const servers = join(sb.dataDir, 'servers.json');
  writeFileSync(servers, JSON.stringify({ mcpServers: {} }, null, 2));
  const cursorFile = join(sb.home, '.cursor', 'mcp.json');
  mkdirSync(join(sb.home, '.cursor'), { recursive: true });
  writeFileSync(cursorFile, JSON.stringify({ mcpServers: { shared: { command: '/nonexistent/mcp-server-broken' } } }, null, 2));
  const marker = join(sb.root, 'marker');
  await page.goto(await sb.serve());
  await page.getByRole('button', { name: 'Add from link' }).click();
  const box = page.getByRole('textbox', { name: 'Install link' });

  await box.fill(`mcp-switchboard://install?name=run&config=${b64({ url: 'http://127.0.0.1:9/mcp', headers: { 'X-Run': `!touch ${marker}` } })}`);
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByRole('alert', { name: 'This link cannot be installed' })).toContainText(`a link may carry literal values only. header "X-Run" holds "!touch ${marker}": a value starting with "!" runs as a shell command`);

  await box.fill(`mcp-switchboard://install?name=remote&config=${b64({ url: 'https://mcp.example.com/mcp', headers: { 'X-Team': 'blue', 'X-Key': 'sk-proj-abc123def456ghi789' } })}`);
  await page.getByRole('button', { name: 'Review' }).click();
  let consent = page.getByRole('dialog', { name: 'Install "remote"?' });
  await expect(consent.getByLabel('Headers').getByRole('listitem')).toHaveText(['X-Team: blue', 'X-Key: •••••••• (secret, kept in the OS keychain)']);
  expect(await consent.innerText()).not.toContain('abc123def456');
  await expect(consent.getByLabel('File')).toHaveText(servers);
  await consent.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Add from link' }).click();
  await box.fill(`mcp-switchboard://install?name=local&config=${b64({ command: 'node', args: ['srv.js', '--name', 'a b'] })}`);
  await page.getByRole('button', { name: 'Review' }).click();
  consent = page.getByRole('dialog', { name: 'Install "local"?' });
  await expect(consent.getByLabel('Runs as')).toHaveText("node srv.js --name 'a b'");
  await expect(consent.getByLabel('File')).toHaveText(servers);
  await consent.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Add from link' }).click();
  await box.fill(`mcp-switchboard://install?name=shared&config=${b64({ url: 'http://127.0.0.1:9/mcp', headers: { 'X-Team': 'blue' } })}`);
  await page.getByRole('button', { name: 'Review' }).click();
  consent = page.getByRole('dialog', { name: 'Install "shared"?' });
  const shadow = consent.getByRole('alert', { name: 'This hides another server' });
  await expect(shadow).toContainText(`"shared" in Cursor ${cursorFile}`);
  const install = consent.getByRole('button', { name: 'Install' });
  await expect(install).toBeDisabled();
  expect(JSON.parse(readFileSync(servers, 'utf8'))).toEqual({ mcpServers: {} });
  await shadow.getByRole('checkbox', { name: 'Hide it: Switchboard runs this "shared" instead' }).check();
  await install.click();
  await expect(consent).toBeHidden();
  expect(JSON.parse(readFileSync(servers, 'utf8')).mcpServers.shared).toEqual({ transport: 'http', url: 'http://127.0.0.1:9/mcp', headers: { 'X-Team': 'blue' } });
  expect(existsSync(marker)).toBe(false);
});
