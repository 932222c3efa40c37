/**
 * Issue 36 "Done when", as a new user would, in Chromium against `switchboard serve` (web mode, the
 * app started once): with the fixture registry on 127.0.0.1 configured (and the unreachable
 * official one removed), search "filesystem" in the Registry view, pick the entry, see the consent
 * dialog with the exact command, install for Claude Code, see the server connect with its tools,
 * and Claude Code's file name it through the gateway. `npx` is a test-only shim first on PATH that
 * runs exactly this package from node_modules (tests never reach the network).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { expect, test } from './fixtures.js';
import { packageBin, REPO } from './sandbox.js';
import { startRegistryFixture, type RegistryFixture } from '../src-main/core/registry/fixtures/registry-fixture-kit.js';

const PKG = '@modelcontextprotocol/server-filesystem';

test('search, consent with the exact command, install for Claude Code through the gateway, connect with tools', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  let registry: RegistryFixture | undefined;
  try {
    registry = await startRegistryFixture();
    const version = (JSON.parse(readFileSync(join(REPO, 'node_modules', PKG, 'package.json'), 'utf8')) as { version: string }).version;
    const bin = join(sb.root, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'npx'), `#!/bin/sh\nif [ "$1" = "-y" ] && [ "$2" = "${PKG}@${version}" ]; then shift 2; exec "${process.execPath}" "${packageBin(PKG)}" "$@"; fi\necho "test npx: refused $*" >&2\nexit 97\n`);
    chmodSync(join(bin, 'npx'), 0o755);
    sb.env.PATH = `${bin}${delimiter}${sb.env.PATH ?? ''}`;
    sb.env.SB_E2E_TAG = sb.tag;
    const cli = (args: string[]) => spawnSync(process.execPath, [join(REPO, 'bin/switchboard.mjs'), ...args], { env: sb.env, cwd: sb.project, encoding: 'utf8' });
    expect(cli(['registry', 'add', 'fixture', registry.url]).status).toBe(0);
    expect(cli(['registry', 'remove', 'official']).status).toBe(0);

    await page.goto(await sb.serve());
    await page.getByRole('button', { name: 'Registry: find and install servers' }).click();
    await page.getByLabel('Search MCP Registries').fill('filesystem');
    const card = page.getByRole('article', { name: 'Registry server io.github.modelcontextprotocol/server-filesystem' });
    await expect(card).toContainText(`${version} · fixture`);
    await expect(card.getByRole('list', { name: 'Packages' })).toContainText(`npm ${PKG}@${version}`);
    await card.getByRole('button', { name: 'Install…' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('combobox', { name: 'Install for' })).toHaveValue('Claude Code');
    await dialog.getByRole('textbox', { name: /^Argument / }).fill(sb.files);
    await expect(dialog.getByLabel('Runs as')).toHaveText(`npx -y ${PKG}@${version} ${sb.files}`);
    const claudeFile = join(sb.home, '.claude.json');
    await expect(dialog.getByRole('list', { name: 'Files written' })).toContainText(claudeFile);
    await dialog.getByRole('button', { name: 'Install', exact: true }).click();
    await expect(dialog.getByRole('status', { name: 'Installed' })).toContainText('Installed "server-filesystem"');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The server connects with its tools.
    const row = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^server-filesystem\b/ });
    await expect(row).toContainText('connected', { timeout: 60_000 });
    await row.click();
    await expect(page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^read_text_file\b/ })).toBeVisible();
    // Claude Code's file names it through the gateway (this checkout's CLI), with no command or secret of the server's own.
    expect((JSON.parse(readFileSync(claudeFile, 'utf8')) as { mcpServers: Record<string, unknown> }).mcpServers['server-filesystem']).toEqual({
      type: 'stdio',
      command: process.execPath,
      args: [join(REPO, 'bin', 'switchboard.mjs'), 'gateway', '--host', 'switchboard', '--server', 'server-filesystem'],
    });
  } finally {
    await registry?.close();
  }
});
