/**
 * The Hosts dialog applies each host's own files and precedence (issue 14 item 4), in Chromium
 * against `switchboard serve`: one name in Claude Desktop's file and in Cursor's — Claude Desktop's
 * row is active and "also defined in" Cursor's file, never "shadowed" by it; Cursor's own project
 * file still shadows Cursor's user file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';

function put(path: string, value: unknown): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
  return path;
}

test('Claude Desktop\'s own server is not shown shadowed by Cursor\'s file', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  // Commands that do not exist: nothing needs to run for the per-host view.
  put(join(sb.home, '.config', 'Claude', 'claude_desktop_config.json'), { mcpServers: { weather: { command: '/nonexistent/desktop-weather' } } });
  const cursorUser = put(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: { weather: { command: '/nonexistent/cursor-weather' }, notes: { command: '/nonexistent/user-notes' } } });
  const cursorProject = put(join(sb.project, '.cursor', 'mcp.json'), { mcpServers: { notes: { command: '/nonexistent/project-notes' } } });
  await page.goto(await sb.serve());

  await page.getByRole('button', { name: 'Hosts' }).click();
  const hosts = page.getByRole('dialog', { name: 'What each host sees' });
  const desktop = hosts.getByRole('table', { name: 'Claude Desktop servers' });
  const weather = desktop.getByRole('row', { name: /^weather\b/ });
  await expect(weather).toContainText('/nonexistent/desktop-weather');
  await expect(weather).toHaveAttribute('data-state', 'active');
  // The definition's state is headed as such, apart from the Run column (trial 14).
  await expect(desktop.getByRole('columnheader')).toHaveText(['Server', 'Transport', 'Launch', 'Definition', 'Run', 'Scope']);
  await expect(weather).toContainText(`also defined in Cursor (user) ${cursorUser}:3`);
  await expect(weather).not.toContainText('shadowed');
  await expect(hosts.getByRole('button', { name: /Claude Desktop/ })).not.toContainText('shadowed');

  // Cursor's own precedence still applies: its project file wins over its user file.
  const cursor = hosts.getByRole('table', { name: 'Cursor servers' });
  await expect(cursor.getByRole('row', { name: /\/nonexistent\/user-notes/ })).toHaveAttribute('data-state', 'shadowed');
  await expect(cursor.getByRole('row', { name: /\/nonexistent\/user-notes/ })).toContainText(`shadowed by Cursor (project) ${cursorProject}:3`);
  await expect(cursor.getByRole('row', { name: /\/nonexistent\/project-notes/ })).toHaveAttribute('data-state', 'active');
});

test('a host file that does not parse is shown as an error with line and column (issue 27 item 9)', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const broken = join(sb.home, '.codeium', 'windsurf', 'mcp_config.json');
  mkdirSync(join(broken, '..'), { recursive: true });
  writeFileSync(broken, '{\n  "mcpServers": {\n    "a": { "command": "/nonexistent/a" }\n    "b": { "command": "/nonexistent/b" }\n  }\n}\n');
  await page.goto(await sb.serve());
  await page.getByRole('button', { name: 'Hosts' }).click();
  const hosts = page.getByRole('dialog', { name: 'What each host sees' });
  await expect(hosts.getByRole('alert').filter({ hasText: broken })).toHaveText(`${broken}:4:5: Malformed JSON: comma expected at line 4, column 5`);
});
