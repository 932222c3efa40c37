/**
 * e2e helper: a sandbox whose trusted project defines server-everything alone, served, with that
 * server connected and selected in the page.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.js';
import { packageBin, type Sandbox } from './sandbox.js';

/** Serve `sb` with server-everything as its one project server; resolves once it is connected and selected. */
export async function openEverything(page: Page, sb: Sandbox): Promise<void> {
  await (await serveEverything(page, sb)).click();
}

/** Serve `sb` with server-everything as its one project server and open the page; resolves with its row once it is connected (nothing clicked). */
export async function serveEverything(page: Page, sb: Sandbox): Promise<Locator> {
  writeFileSync(
    join(sb.project, '.mcp.json'),
    JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-everything'), 'stdio'], env: { SB_E2E_TAG: sb.tag } } } }),
  );
  sb.trust();
  await page.goto(await sb.serve());
  const server = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^everything\b/ });
  await expect(server).toContainText('connected', { timeout: 60_000 });
  return server;
}
