/**
 * A screenshot tour of every view (server list, tools + call, a required-field error, logs, trace,
 * resources, prompts, the hosts dialog, the add wizard, the sign-in panel, the trust banner, the
 * empty state) in light and dark at 1440x900 and 900x700, for a person to look at. Opt-in, because
 * it asserts nothing the other specs do not and takes a few minutes on two cores:
 * `SWITCHBOARD_TOUR=1 npx playwright test e2e/ui-tour.spec.ts` writes PNGs to test-results/tour/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { packageBin, REPO } from './sandbox.js';
// @ts-expect-error a plain-JS test fixture without types
import { startProtectedServer } from '../src-main/core/auth/fixtures/protected-server.mjs';

const OUT = join(REPO, 'test-results', 'tour');
const SIZES = [
  { width: 1440, height: 900 },
  { width: 900, height: 700 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

const serverButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

/** Wait until a modal's open transition has finished (fully opaque), so the picture is not mid-fade. */
async function settled(dialog: Locator): Promise<void> {
  await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
}

test.describe.configure({ mode: 'parallel' });

for (const scheme of SCHEMES) {
  for (const size of SIZES) {
    const tag = `${scheme}-${size.width}`;
    test(`tour ${tag}`, async ({ page, sandbox }) => {
      test.skip(process.env.SWITCHBOARD_TOUR !== '1', 'screenshots for a person to look at: set SWITCHBOARD_TOUR=1');
      test.setTimeout(240_000);
      mkdirSync(OUT, { recursive: true });
      const shot = (name: string) => page.screenshot({ path: join(OUT, `${tag}-${name}.png`) });
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme });

      // Untrusted project with a shadowed user-scope definition and a broken entry (a warning).
      const sb = sandbox('three-servers');
      writeFileSync(
        join(sb.home, '.claude.json'),
        JSON.stringify(
          {
            mcpServers: {
              everything: { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-everything'), 'stdio'] },
              bad: { command: 42 },
              memory: { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-memory')], env: { MEMORY_FILE_PATH: join(sb.root, 'memory.jsonl') } },
            },
          },
          null,
          2,
        ),
      );
      // A config file with a syntax error: the banner at the top names it.
      mkdirSync(join(sb.home, '.cursor'), { recursive: true });
      writeFileSync(join(sb.home, '.cursor', 'mcp.json'), '{\n  "mcpServers": {\n    "x": { "command": "a" \n  }\n');
      await page.goto(await sb.serve());
      await expect(page.getByRole('region', { name: 'Workspace trust' })).toBeVisible();
      await shot('01-trust-banner');
      await page.getByRole('button', { name: 'Trust this folder' }).click();
      await expect(serverButton(page, 'everything')).toContainText('connected');
      await shot('02-server-list');

      const tools = page.getByRole('navigation', { name: 'Tools' });
      await tools.getByRole('button', { name: /^echo\b/ }).click();
      const pane = page.getByRole('region', { name: 'Call echo' });
      await expect(pane).toBeVisible();
      await shot('03-tool-selected');
      await pane.getByRole('button', { name: 'Call', exact: true }).click();
      await shot('04-required-error');
      await pane.getByLabel('message').fill('Hello, Switchboard!');
      await pane.getByRole('button', { name: 'Call', exact: true }).click();
      await expect(pane.getByRole('region', { name: 'Tool result' })).toContainText('Echo: Hello, Switchboard!');
      await shot('05-call-result');

      for (const [i, tab] of (['Resources', 'Prompts', 'History', 'Logs', 'Trace', 'Definition'] as const).entries()) {
        await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await shot(`06-${i}-${tab.toLowerCase()}`);
      }

      await page.getByRole('button', { name: 'Show config warnings' }).click();
      await settled(page.getByRole('dialog', { name: 'Config warnings' }));
      await shot('06-z-warnings');
      await page.keyboard.press('Escape');

      // A nested form: server-memory's create_entities with two entities.
      await serverButton(page, 'memory').click();
      await expect(serverButton(page, 'memory')).toContainText('connected');
      await page.getByRole('tab', { name: /^Tools/ }).click();
      await tools.getByRole('button', { name: /^create_entities\b/ }).click();
      const form = page.getByRole('region', { name: 'Call create_entities' });
      const entities = form.getByRole('group', { name: 'entities' });
      for (let i = 1; i <= 2; i++) {
        await entities.getByRole('button', { name: 'Add item' }).last().click();
        const item = entities.getByRole('group', { name: `entities ${i}` });
        await item.getByRole('textbox', { name: /^name/ }).fill(i === 1 ? 'Ada' : 'Bob');
        await item.getByRole('textbox', { name: /^entityType/ }).fill('person');
        await item.getByRole('button', { name: 'Add item' }).click();
        await item.getByRole('group', { name: 'observations 1' }).getByRole('textbox').fill('likes tea');
      }
      await form.getByRole('button', { name: 'Call', exact: true }).click();
      await expect(form.getByLabel('Result JSON')).toBeVisible();
      await shot('06-z-nested-form');

      await serverButton(page, 'broken').click();
      await expect(page.getByRole('region', { name: 'Last error' })).toBeVisible();
      await shot('07-broken');

      await page.getByRole('button', { name: 'Hosts' }).click();
      await expect(page.getByRole('dialog', { name: 'What each host sees' })).toBeVisible();
      await settled(page.getByRole('dialog', { name: 'What each host sees' }));
      await shot('08-hosts');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'What each host sees' })).toBeHidden();
      await page.getByRole('button', { name: 'Add server' }).click();
      await expect(page.getByRole('dialog', { name: 'Add an MCP server' })).toBeVisible();
      await settled(page.getByRole('dialog', { name: 'Add an MCP server' }));
      await shot('09-add-wizard');
      const wizard = page.getByRole('dialog', { name: 'Add an MCP server' });
      await wizard.getByRole('textbox', { name: 'Name' }).fill('demo');
      await wizard.getByRole('textbox', { name: 'Command' }).fill('node');
      const env = wizard.getByRole('group', { name: 'Environment variables' });
      await env.getByRole('button', { name: 'Add variable' }).click();
      await env.getByLabel('Name of variable 1').fill('GITHUB_TOKEN');
      await env.getByLabel('Value of GITHUB_TOKEN').fill('ghp_x');
      await wizard.getByLabel('Write to').click();
      await page.getByRole('option', { name: 'Cursor' }).click();
      await shot('09-b-add-wizard-env');
      await page.keyboard.press('Escape');

      // Empty state.
      const empty = sandbox('empty');
      await page.goto(await empty.serve());
      await expect(page.getByRole('region', { name: 'No servers' })).toBeVisible();
      await shot('10-empty');

      // Sign-in panel: an OAuth-protected server that needs a sign-in.
      const protectedServer = (await startProtectedServer()) as { url: string; close(): Promise<void> };
      try {
        const oauth = sandbox('empty');
        writeFileSync(
          join(oauth.dataDir, 'servers.json'),
          JSON.stringify({ mcpServers: { 'test-oauth': { type: 'http', url: protectedServer.url, auth: { type: 'oauth' } } } }),
        );
        await page.goto(await oauth.serve());
        await expect(serverButton(page, 'test-oauth')).toContainText('needs-auth');
        await serverButton(page, 'test-oauth').click();
        await expect(page.getByRole('region', { name: 'Sign-in' })).toBeVisible();
        await shot('11-sign-in');
      } finally {
        await protectedServer.close();
      }
    });
  }
}
