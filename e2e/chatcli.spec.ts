/**
 * Issue 28 items 1, 8 and 9 in Chromium against `switchboard serve`, over ChatCLI's own file as its docs
 * show it: the server page shows the description, tags, category, the tools ChatCLI runs unasked and
 * the core's overrides line; a server that cannot start says `Failed to connect to "<name>"` in the
 * sidebar, in the wording of every other face.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { packageBin } from './sandbox.js';

test("ChatCLI's metadata, autoApprove and overrides are on the server page; a failure is worded as everywhere", async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  mkdirSync(join(sb.home, '.chatcli'), { recursive: true });
  writeFileSync(
    join(sb.home, '.chatcli', 'mcp_servers.json'),
    JSON.stringify(
      {
        mcpServers: [
          {
            name: 'web-search',
            transport: 'stdio',
            command: process.execPath,
            args: [packageBin('@modelcontextprotocol/server-memory')],
            env: { SB_E2E_TAG: sb.tag, MEMORY_FILE_PATH: join(sb.root, 'memory.jsonl') },
            enabled: true,
            overrides: ['@webfetch', '@websearch'],
            description: 'Search the web',
            tags: ['web', 'search'],
            category: 'research',
            autoApprove: ['read_graph'],
          },
          { name: 'down', transport: 'stdio', command: '/nonexistent/mcp-server-broken', enabled: true },
        ],
      },
      null,
      2,
    ),
  );
  await page.goto(await sb.serve());
  const servers = page.getByRole('navigation', { name: 'Servers' });
  await expect(servers.getByRole('button', { name: /^down\b/ })).toContainText('↳ Failed to connect to "down": ');
  await servers.getByRole('button', { name: /^web-search\b/ }).click();
  const meta = page.getByRole('region', { name: 'Server metadata' });
  await expect(meta).toContainText('Search the web');
  await expect(meta).toContainText('category: research');
  await expect(meta).toContainText('Runs without asking (autoApprove): read_graph');
  await expect(meta).toContainText('ChatCLI hides @webfetch, @websearch while this server is connected — now: hidden');
});
