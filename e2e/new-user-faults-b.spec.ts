/**
 * Issue 32 item 2, second half: what a new user tripped on, through the UI in Chromium against
 * `switchboard serve` (started once for the file, at 1400×900): the server list grouped by source,
 * its order kept when the folder is trusted; Start/Stop enabled by state; the tool filter not
 * carried to the next server; a relative link in a markdown resource opening the linked resource;
 * the log area getting the height; the theme choice (light / dark / system) persisted; form rough
 * edges (an enum's first choice, a tiny image at its natural size, the sparkline's caption).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { createSandbox, packageBin, type Sandbox } from './sandbox.js';

// In order, in one worker (one app for the file); after a failure the next test starts a fresh one.
test.describe.configure({ mode: 'default' });

let sb: Sandbox;
let page: Page;
let url: string;

const nav = () => page.getByRole('navigation', { name: 'Servers' });
const serverButton = (name: string) => nav().getByRole('button', { name: new RegExp(`^${name}\\b`) });
const rowNames = () => nav().locator('[data-list-item] .server-name').allTextContents();

test.beforeAll(async ({ browser }) => {
  sb = createSandbox('empty');
  const env = { SB_E2E_TAG: sb.tag };
  // A project file (untrusted at first) and a user-level file of the same host.
  writeFileSync(
    join(sb.project, '.mcp.json'),
    JSON.stringify({
      mcpServers: {
        everything: { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-everything'), 'stdio'], env },
        broken: { command: '/nonexistent/mcp-server-broken', args: [], env },
      },
    }),
  );
  writeFileSync(
    join(sb.home, '.claude.json'),
    JSON.stringify({ mcpServers: { filesystem: { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-filesystem'), sb.files], env } } }),
  );
  // Switchboard's own list: server-memory, whose create_entities nests an array in an array's items.
  writeFileSync(
    join(sb.dataDir, 'servers.json'),
    JSON.stringify({ mcpServers: { memory: { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-memory')], env: { ...env, MEMORY_FILE_PATH: join(sb.root, 'memory.jsonl') } } } }),
  );
  url = await sb.serve();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(url);
});

/** The folder trusted (the first test does it through the banner) and server-everything connected. */
async function trusted(): Promise<void> {
  const trust = page.getByRole('button', { name: 'Trust this folder' });
  if (await trust.isVisible()) await trust.click();
  await expect(serverButton('everything')).toContainText('connected');
}

test.afterAll(async () => {
  await page?.close();
  await sb?.dispose();
});

test('the trust banner folds to one line, and unfolds to show what trusting runs before the Trust button', async () => {
  const banner = page.getByRole('region', { name: 'Workspace trust' });
  await expect(banner.getByRole('list', { name: 'What trusting runs' }).getByRole('listitem')).toHaveCount(2);
  await banner.getByRole('button', { name: 'Later' }).click();
  await expect(banner).toContainText('Trust this folder? 2 servers in');
  // One line: the view below gets the space back; no Trust button until the list is shown again.
  expect((await banner.boundingBox())?.height ?? 999).toBeLessThan(48);
  await expect(banner.getByRole('button', { name: 'Trust this folder' })).toHaveCount(0);
  await banner.getByRole('button', { name: 'Review' }).click();
  await expect(banner.getByRole('list', { name: 'What trusting runs' }).getByRole('listitem')).toHaveCount(2);
  await expect(banner.getByRole('button', { name: 'Trust this folder' })).toBeVisible();
});

test('the server list is grouped by source and keeps its order when the folder is trusted', async () => {
  await expect(serverButton('everything')).toContainText('untrusted');
  await expect(serverButton('filesystem')).toContainText('connected');
  const before = await rowNames();
  expect(before).toEqual(['everything', 'broken', 'filesystem', 'memory']);
  await expect(nav().getByRole('group', { name: 'Claude Code (project)' })).toContainText('everything');
  await expect(nav().getByRole('group', { name: 'Claude Code (user)' })).toContainText('filesystem');

  await page.getByRole('button', { name: 'Trust this folder' }).click();
  await expect(serverButton('everything')).toContainText('connected');
  expect(await rowNames()).toEqual(before);
});

test('a server in error offers Start and Restart, not Stop', async () => {
  await trusted();
  await serverButton('broken').click();
  await expect(serverButton('broken')).toContainText('error');
  const controls = page.getByRole('group', { name: 'Control broken' });
  await expect(controls.getByRole('button', { name: 'Start', exact: true })).toBeEnabled();
  await expect(controls.getByRole('button', { name: 'Restart', exact: true })).toBeEnabled();
  await expect(controls.getByRole('button', { name: 'Stop', exact: true })).toBeDisabled();
});

test('the tool filter is not carried to the next server', async () => {
  await trusted();
  await serverButton('everything').click();
  const filter = page.getByRole('textbox', { name: "Filter this server's tools" });
  await filter.fill('echo');
  await expect(page.getByRole('navigation', { name: 'Tools' }).getByRole('button')).toHaveCount(1);
  await serverButton('filesystem').click();
  await expect(page.getByRole('heading', { name: 'filesystem' })).toBeVisible();
  await expect(filter).toHaveValue('');
  await expect(page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^read_text_file\b/ })).toBeVisible();
});

test('a relative link in a markdown resource opens the linked resource in the Resources view', async () => {
  await trusted();
  await serverButton('everything').click();
  await page.getByRole('tab', { name: 'Resources' }).click();
  await page.getByRole('navigation', { name: 'Resources' }).getByRole('button', { name: /^architecture\.md\b/ }).click();
  const contents = page.getByRole('region', { name: 'Resource contents' });
  await expect(contents).toContainText('demo://resource/static/document/architecture.md');
  const link = contents.getByRole('link', { name: 'Startup Process' }).first();
  await expect(link).toHaveAttribute('title', 'Open demo://resource/static/document/startup.md');
  await link.click();
  await expect(page.getByRole('textbox', { name: 'URI' })).toHaveValue('demo://resource/static/document/startup.md');
  await expect(contents).toContainText('demo://resource/static/document/startup.md · text/markdown');
  expect(page.context().pages()).toHaveLength(1);
});

test('at 1400×900 the Logs tab gives the log most of the window, also under a failed server\'s banner', async () => {
  await trusted();
  await serverButton('broken').click();
  await expect(page.getByRole('region', { name: 'Last error' })).toBeVisible();
  await page.getByRole('tab', { name: 'Logs' }).click();
  const log = page.getByRole('log', { name: 'Log of broken' });
  await expect(log).toBeVisible();
  // The part of the log on screen without scrolling the page (a layout measure, not a time).
  const shown = await log.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return Math.min(r.bottom, window.innerHeight) - Math.max(r.top, 0);
  });
  expect(shown).toBeGreaterThanOrEqual(0.6 * 900);
});

test('theme: light, dark or system, applied at once and kept across a reload', async () => {
  await trusted();
  const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
  const choice = page.getByRole('combobox', { name: 'Theme' });
  await page.emulateMedia({ colorScheme: 'light' });
  await choice.selectOption('dark');
  await expect.poll(scheme).toBe('dark');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');
  await expect.poll(scheme).toBe('dark');
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('system');
  await expect.poll(scheme).toBe('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(scheme).toBe('dark');
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('light');
  await expect.poll(scheme).toBe('light');
});

test('forms: an enum starts on a value, nested arrays name their add buttons, a tiny image keeps its natural size, the sparkline has a caption', async () => {
  await trusted();
  await serverButton('everything').click();
  const tools = page.getByRole('navigation', { name: 'Tools' });
  await tools.getByRole('button', { name: /^get-annotated-message\b/ }).click();
  const pane = page.getByRole('region', { name: 'Call get-annotated-message' });
  const type = pane.getByRole('combobox', { name: /^messageType/ });
  // rjsf's option values are indexes: the shown choice is the selected option's text.
  await expect(type.locator('option:checked')).toHaveText('error');
  await expect(type.locator('option').first()).toHaveText('error');

  // Nested arrays: the inner and the outer "Add item" say which array they add to.
  await serverButton('memory').click();
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^create_entities\b/ }).click();
  const entities = page.getByRole('region', { name: 'Call create_entities' }).getByRole('group', { name: 'entities' });
  await entities.getByRole('button', { name: 'Add item to entities' }).click();
  await expect(entities.getByRole('group', { name: 'entities 1' }).getByRole('button', { name: /^Add item/ })).toHaveText(['Add item to observations']);
  await expect(entities.getByRole('button', { name: /^Add item/ })).toHaveText(['Add item to observations', 'Add item to entities']);

  await serverButton('everything').click();
  await tools.getByRole('button', { name: /^get-tiny-image\b/ }).click();
  const image = page.getByRole('region', { name: 'Call get-tiny-image' });
  await image.getByRole('button', { name: 'Call', exact: true }).click();
  const img = image.getByRole('img', { name: /^Image returned by the tool/ });
  await expect(img).toBeVisible();
  const size = await img.evaluate((el) => {
    const i = el as HTMLImageElement;
    return { natural: i.naturalWidth, shown: Math.round(i.getBoundingClientRect().width) };
  });
  expect(size.shown).toBe(size.natural);

  const caption = page.getByText(/^last \d+ requests$/);
  await expect(caption).toBeVisible();
});
