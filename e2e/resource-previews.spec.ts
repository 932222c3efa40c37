/**
 * Resources and results (issue 15 item 6), in Chromium against `switchboard serve`: resource
 * contents previewed where they are clicked — Markdown rendered with raw HTML dropped and links
 * opening outside, JSON as a collapsible tree, an image, a small text blob decoded, a binary blob
 * named by size — from the purpose-built fixture's resource of each kind; against server-everything
 * its Markdown documents, a blob template read decoded, resource links of a tool result opened in
 * place, and JSON results collapsible.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { openEverything } from './everything-server.js';
import { expect, test } from './fixtures.js';
import { REPO } from './sandbox.js';
import { rowName } from './row-name.js';

const FIXTURE = join(REPO, 'src-main/core/mcp/testing/fixtures/many-tools-server.mjs');

async function openTool(page: Page, tool: string): Promise<Locator> {
  await page.getByRole('tab', { name: /^Tools/ }).click();
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: new RegExp(`^${tool}\\b`) }).click();
  const pane = page.getByRole('region', { name: `Call ${tool}` });
  await expect(pane).toBeVisible();
  return pane;
}

test('a resource of each kind is previewed beside the list: markdown (inert HTML), JSON tree, image, text blob, binary', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const env = { SB_E2E_TAG: sb.tag, MANY_TOOLS: '1', MANY_RESOURCES: '12' };
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: { kinds: { transport: 'stdio', command: process.execPath, args: [FIXTURE], env } } }));
  await page.goto(await sb.serve());
  const server = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^kinds\b/ });
  await expect(server).toContainText('connected', { timeout: 60_000 });
  await server.click();
  await page.getByRole('tab', { name: 'Resources' }).click();
  const list = page.getByRole('navigation', { name: 'Resources' });
  const contents = page.getByRole('region', { name: 'Resource contents' });

  // Markdown: rendered (a heading), its link opens outside, its raw HTML and javascript: link are inert.
  await list.getByRole('button', { name: rowName('kind-markdown') }).click();
  await expect(contents.getByRole('heading', { name: 'Kinds readme' })).toBeVisible();
  const guide = contents.getByRole('link', { name: 'the guide' });
  await expect(guide).toHaveAttribute('href', 'https://example.com/guide');
  await expect(guide).toHaveAttribute('target', '_blank');
  await expect(guide).toHaveAttribute('rel', /noopener/);
  expect(await contents.locator('script, img[onerror], [onerror]').count()).toBe(0);
  const trap = contents.getByText('a trap');
  expect((await trap.getAttribute('href')) ?? '').not.toMatch(/^javascript:/i);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  // JSON: a tree that collapses and expands.
  await list.getByRole('button', { name: rowName('kind-json') }).click();
  const tree = contents.getByRole('tree', { name: 'JSON of kind://data.json' });
  await expect(tree).toContainText('"deep":"treasure"');
  await contents.getByRole('button', { name: 'Collapse all' }).click();
  await expect(tree).not.toContainText('treasure');
  await tree.getByRole('button', { name: 'expand JSON' }).first().click();
  await expect(tree).toContainText('"outer":');
  await contents.getByRole('button', { name: 'Expand all' }).click();
  await expect(tree).toContainText('"deep":"treasure"');

  // An image blob, shown from base64.
  await list.getByRole('button', { name: rowName('kind-image') }).click();
  const img = contents.getByRole('img', { name: 'Resource kind://pixel.png' });
  await expect(img).toBeVisible();
  expect(await img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);

  // A small text blob, decoded; a binary blob, named by size only.
  await list.getByRole('button', { name: rowName('kind-text-blob') }).click();
  await expect(contents).toContainText('Hello from a text blob ✓');
  await expect(contents).toContainText('Decoded from a base64 blob');
  await list.getByRole('button', { name: rowName('kind-binary') }).click();
  await expect(contents).toContainText('Binary content, 5 B');

  // The filter counts, ranks and highlights.
  await page.getByRole('textbox', { name: 'Filter resources' }).fill('res07');
  await expect(page.getByRole('status').filter({ hasText: 'of 17 resources' })).toHaveText('1 of 17 resources');
  await expect(list.getByRole('button', { name: rowName('res07') }).locator('mark')).toHaveText('res07');
});

test('server-everything: markdown documents, a blob template decoded, resource links opened in place, JSON results as trees', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  await openEverything(page, sb);

  await page.getByRole('tab', { name: 'Resources' }).click();
  const contents = page.getByRole('region', { name: 'Resource contents' });
  await page.getByRole('navigation', { name: 'Resources' }).getByRole('button', { name: rowName('architecture.md') }).click();
  await expect(contents.getByRole('heading').first()).toBeVisible();
  await expect(contents).toContainText('text/markdown');

  // A template of blobs: its form opens beside the list, the blob (text/plain) reads decoded.
  // Templates are a second list of the tab, fetched when first shown.
  await page.getByText(/^Templates( \(|$)/).click();
  await page.getByRole('navigation', { name: 'Templates' }).getByRole('button', { name: rowName('Dynamic Blob Resource') }).click();
  const form = page.getByRole('region', { name: 'Resource templates' });
  await form.getByLabel('resourceId').fill('7');
  await form.getByRole('button', { name: 'Read Dynamic Blob Resource' }).click();
  await expect(contents).toContainText('Resource 7: This is a base64 blob');
  await expect(contents).toContainText('Decoded from a base64 blob');

  // Resource links in a tool result open their resource under the link.
  let pane = await openTool(page, 'get-resource-links');
  await pane.getByLabel('count').fill('2');
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  const result = pane.getByRole('region', { name: 'Tool result' });
  await result.getByRole('button', { name: 'Open resource Blob Resource 1' }).click();
  await expect(result.getByRole('region', { name: 'Contents of Blob Resource 1' })).toContainText('Resource 1: This is a base64 blob');
  await result.getByRole('button', { name: 'Open resource Text Resource 2' }).click();
  await expect(result.getByRole('region', { name: 'Contents of Text Resource 2' })).toContainText('Resource 2: This is a plaintext resource');
  await result.getByRole('button', { name: 'Open resource Blob Resource 1' }).click();
  await expect(result.getByRole('region', { name: 'Contents of Blob Resource 1' })).toHaveCount(0);

  // A JSON text result and structured content are trees that collapse.
  pane = await openTool(page, 'get-structured-content');
  await pane.getByLabel('location').selectOption({ label: 'Chicago' });
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  const structured = pane.getByRole('tree', { name: 'Structured content' });
  await expect(structured).toContainText('"temperature":');
  await pane.getByRole('region', { name: 'Tool result' }).getByRole('button', { name: 'Collapse all' }).last().click();
  await expect(structured).not.toContainText('"temperature":');
});
