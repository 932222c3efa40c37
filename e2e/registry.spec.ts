/**
 * Issue 36 "Done when", as a new user would, in Chromium against `switchboard serve` (web mode, the
 * app started once): with the fixture registry on 127.0.0.1 configured (and the unreachable
 * official one removed), search "filesystem" in the Registry view, pick the entry, see the consent
 * dialog with the exact command, install for Claude Code, see the server connect with its tools,
 * and Claude Code's file name it through the gateway. `npx` is a test-only shim first on PATH that
 * runs exactly this package from node_modules (tests never reach the network). Then, in the same
 * app, a Server Card on a loopback "domain" prefills the Add dialog, and its secret header lands in
 * the keychain (servers.json holds the reference).
 */
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { expect, test } from './fixtures.js';
import { packageBin, REPO } from './sandbox.js';
import { startRegistryFixture, type RegistryFixture } from '../src-main/core/registry/fixtures/registry-fixture-kit.js';

const PKG = '@modelcontextprotocol/server-filesystem';

test('search, consent with the exact command, install for Claude Code through the gateway, connect with tools; a Server Card prefills Add', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  let registry: RegistryFixture | undefined;
  let cardDomain: Server | undefined;
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
    // Deleted entries are hidden unless asked for; then shown, marked, and not installable.
    await page.getByLabel('Search MCP Registries').fill('removed-tool');
    await expect(page.getByRole('status').filter({ hasText: 'No server matches "removed-tool".' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Show deprecated and deleted entries' }).check();
    const deleted = page.getByRole('article', { name: 'Registry server io.github.example/removed-tool' });
    await expect(deleted).toContainText('deleted');
    await expect(deleted.getByRole('button', { name: 'Install…' })).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Show deprecated and deleted entries' }).uncheck();
    await page.getByLabel('Search MCP Registries').fill('filesystem');
    await card.getByRole('button', { name: 'Install…' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('combobox', { name: 'Install for' })).toHaveValue('Claude Code');
    await dialog.getByRole('textbox', { name: /^Argument / }).fill(sb.files);
    await expect(dialog.getByLabel('Runs as')).toHaveText(`npx -y ${PKG}@${version} ${sb.files}`);
    const claudeFile = join(sb.home, '.claude.json');
    await expect(dialog.getByRole('list', { name: 'Files written' })).toContainText(claudeFile);
    await dialog.getByRole('button', { name: 'Install', exact: true }).click();
    await expect(dialog.getByRole('status', { name: 'Installed' })).toContainText('Installed "server-filesystem"');
    await dialog.getByRole('status', { name: 'Installed' }).getByRole('button', { name: 'Close' }).click();

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

    // A Server Card on a loopback "domain" (its AI Catalog) prefills the Add dialog.
    cardDomain = createServer((req, res) => {
      const port = (cardDomain?.address() as { port: number }).port;
      const card = {
        $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
        name: 'com.example/weather',
        version: '3.1.0',
        description: 'Forecasts by city',
        remotes: [{ type: 'streamable-http', url: `http://127.0.0.1:${port}/mcp`, headers: [{ name: 'X-Tenant', isSecret: true, isRequired: true }] }],
      };
      const body = req.url === '/.well-known/ai-catalog.json'
        ? { specVersion: '1.0', entries: [{ identifier: 'urn:air:example.com:mcp:weather', type: 'application/mcp-server-card+json', data: card }] }
        : undefined;
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(body ? JSON.stringify(body) : '');
    });
    await new Promise<void>((r) => cardDomain?.listen(0, '127.0.0.1', r));
    const cardPort = (cardDomain.address() as { port: number }).port;
    await page.getByRole('button', { name: 'Add server' }).click();
    const add = page.getByRole('dialog', { name: 'Add an MCP server' });
    await add.getByRole('textbox', { name: 'Add from a URL or domain' }).fill(`127.0.0.1:${cardPort}`);
    await add.getByRole('button', { name: 'Read card' }).click();
    await expect(add.getByRole('alert', { name: 'com.example/weather 3.1.0' })).toContainText('A Server Card is advisory: it is not a reason to trust this server.');
    await expect(add.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('weather');
    await expect(add.getByRole('textbox', { name: 'URL', exact: true })).toHaveValue(`http://127.0.0.1:${cardPort}/mcp`);
    await expect(add.getByRole('textbox', { name: 'Name of header 1' })).toHaveValue('X-Tenant');
    await expect(add.getByRole('status', { name: 'Why Add is disabled' })).toHaveText('The Server Card asks for header X-Tenant.');
    const secret = add.getByLabel('Value of X-Tenant');
    await expect(secret).toHaveAttribute('type', 'password');
    await secret.fill('tenant-e2e-1');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(add).toBeHidden();
    const own = JSON.parse(readFileSync(join(sb.dataDir, 'servers.json'), 'utf8')) as { mcpServers: Record<string, { headers?: Record<string, string> }> };
    expect(own.mcpServers.weather?.headers).toEqual({ 'X-Tenant': '${secret:weather-x-tenant}' });
    // The dialog told the core which card it came from: kept beside servers.json, compared at its first connect.
    const origins = JSON.parse(readFileSync(join(sb.dataDir, 'card-origins.json'), 'utf8')) as { servers: Record<string, string>[] };
    expect(origins.servers.map(({ server, source, cardName, cardVersion }) => ({ server, source, cardName, cardVersion }))).toEqual([
      { server: 'weather', source: `http://127.0.0.1:${cardPort}/.well-known/ai-catalog.json`, cardName: 'com.example/weather', cardVersion: '3.1.0' },
    ]);
  } finally {
    await registry?.close();
    await new Promise((r) => (cardDomain ? cardDomain.close(r) : r(undefined)));
  }
});
