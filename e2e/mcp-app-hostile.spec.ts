/**
 * A hostile MCP App (issue 33 § Tests; docs/mcp-apps.md § The bridge) in Chromium against
 * `switchboard serve`, one app start: the fixture src-main/core/mcp/testing/fixtures/hostile-app-server.mjs
 * serves an app that speaks the bridge by hand and tries what an app must not do. Its tool's call is
 * cancelled by the person, so the app gets `tool-cancelled`; its `permissions` reach the frames only
 * after the person allows them. Then: a fetch to an undeclared domain is blocked by the CSP
 * (its `securitypolicyviolation` names connect-src); a cookie bomb does not reach the host; the
 * host page's document and address (with its token) cannot be read; `tools/call` of another
 * server's tool and of a model-only tool are refused by the core (an app-only tool of its own server
 * is called, its own resource read); top navigation and `window.open` do nothing;
 * `document.referrer`, `window.name` and the proxy's address hold no token; 10,000 messages in about
 * a second leave the window responsive (longest main-thread task under 100 ms of CPU).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { longestTaskDuring, observeLongTasks, readLongTasks } from './long-tasks.js';
import { REPO } from './sandbox.js';

const HOSTILE = join(REPO, 'src-main/core/mcp/testing/fixtures/hostile-app-server.mjs');
const APPTOOLS = join(REPO, 'src-main/core/mcp/testing/fixtures/app-tools-server.mjs');

// No DOM snapshots in this test's trace (screenshots and the action log stay): Playwright's snapshot
// after each action reads every element's scroll offset in the page's main thread, and each of the
// bridge log's 500 rows (laid out only when in view, content-visibility) is laid out for that read,
// one task of ~450 ms of the test's own that the flood's bound below would count.
test.use({ trace: { mode: 'retain-on-failure', snapshots: false } });

test('a hostile app is contained: blocked, refused, no token, and its flood does not freeze the window', async ({ page, browser, sandbox }) => {
  const sb = sandbox('empty');
  const env = { SB_E2E_TAG: sb.tag };
  const mcpServers = { hostile: { command: process.execPath, args: [HOSTILE], env }, apptools: { command: process.execPath, args: [APPTOOLS], env } };
  writeFileSync(join(sb.project, '.mcp.json'), JSON.stringify({ mcpServers }, null, 2));
  sb.trust();
  const url = await sb.serve();
  const token = new URL(url).searchParams.get('token') ?? '';
  expect(token.length).toBeGreaterThan(10);
  await page.goto(url);
  const server = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^hostile\b/ });
  await server.click();
  await expect(server).toContainText('connected');
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^hostile\b/ }).click();

  // The call is cancelled by the person: the app will get tool-cancelled, never a result.
  const pane = page.getByRole('region', { name: 'Call hostile' });
  await pane.getByLabel('wait').check();
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  await pane.getByRole('button', { name: 'Cancel' }).click();

  // Its permissions are asked first; nothing is framed before the answer.
  const panel = page.getByRole('region', { name: 'App' });
  const ask = panel.getByRole('alertdialog', { name: 'The app asks for permissions' });
  await expect(ask).toContainText('clipboardWrite');
  await expect(page.locator('iframe.mcp-app-frame')).toHaveCount(0);
  await ask.getByRole('button', { name: 'Allow' }).click();
  const outer = page.locator('iframe.mcp-app-frame');
  await expect(outer).toHaveAttribute('allow', 'clipboard-write');
  await expect(page.frameLocator('iframe.mcp-app-frame').locator('iframe')).toHaveAttribute('allow', 'clipboard-write');
  await expect(panel.getByRole('group', { name: 'App sandbox' })).toContainText('Permissions: asked clipboardWrite; frame allow "clipboard-write"');

  const app = page.frameLocator('iframe.mcp-app-frame').frameLocator('iframe');
  const out = app.locator('#out');
  await expect(out).toContainText('ready: yes', { timeout: 30_000 });
  const lines = Object.fromEntries(
    ((await out.textContent()) ?? '').split('\n').map((l) => {
      const at = l.indexOf(': ');
      return [l.slice(0, at), l.slice(at + 2)];
    }),
  );
  expect(lines).toMatchObject({
    fetch: 'blocked (TypeError)',
    'fetch-violation': 'connect-src',
    'top-document': 'blocked (SecurityError)',
    'top-location': 'blocked (SecurityError)',
    'other-server': 'refused: Tool "echo" is not a tool of server "hostile": an app may call only its own server\'s tools (BAD_REQUEST)',
    'model-only': 'refused: Tool "model-only" of "hostile" is not visible to apps (_meta.ui.visibility ["model"]) (BAD_REQUEST)',
    open: 'allowed: no window',
    referrer: '["",""]',
    name: '["",""]',
  });
  expect(lines['app-only']).toMatch(/^allowed: \{"content":\[\{"type":"text","text":"app-only ran"\}\]/);
  expect(lines.read).toMatch(/^allowed: \{"contents":\[\{"uri":"note:\/\/hostile\/readme","mimeType":"text\/plain","text":"readme"\}\]/);
  expect(lines.navigate).toMatch(/^blocked \(/);
  expect(lines['proxy-location']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox-proxy\.html\?csp=/);
  expect(lines['proxy-location']).not.toContain(token);
  // The cookie bomb stays in the frame's own ephemeral jar (credentialless; Chromium holds 10 KB of a
  // partition's cookies): Switchboard's page still loads its files (20 KB of cookies on 127.0.0.1,
  // ports aside, would make every request of the page a 431).
  expect(Number(lines.cookies)).toBeGreaterThan(4000);
  expect(await page.evaluate(async () => (await fetch('/')).status)).toBe(200);
  // The host page did not move and no window was opened.
  expect(page.url()).toBe(url);
  expect(page.context().pages()).toHaveLength(1);

  const log = panel.getByRole('table', { name: 'Bridge log' });
  await expect(log.locator('[role=row][data-method="ui/notifications/tool-cancelled"]')).toContainText('"reason":');
  await expect(log.locator('[role=row][data-method="ui/notifications/tool-result"]')).toHaveCount(0);
  await expect(log.locator('[role=row][data-reply-to="tools/call"]')).toHaveCount(3);
  expect(await log.textContent()).not.toContain(token);

  // The flood: 10,000 notifications/message in about a second, traced on the main thread.
  await observeLongTasks(page);
  const traced = await longestTaskDuring(browser, page, async () => {
    await app.getByRole('button', { name: 'Flood' }).click();
    await expect(out).toContainText('done: yes', { timeout: 60_000 });
    // Everything the app sent reached the window: the last line drawn.
    await expect(panel.getByLabel('App log messages')).toContainText('info: flood 9999', { timeout: 60_000 });
  });
  const longest = (await readLongTasks(page)).longestMs;
  console.log(
    `10,000 app messages in ~1 s: longest main-thread task ${traced.cpuMs.toFixed(0)} ms CPU time (${traced.wallMs.toFixed(0)} ms wall; ` +
      `${traced.over50} tasks over 50 ms CPU; long-task observer ${longest > 0 ? `${longest.toFixed(0)} ms` : 'under 50 ms'}) (target < 100 ms)`,
  );
  // CPU time is the figure that holds on a loaded 2-core box (e2e/long-tasks.ts); wall time is a tripwire.
  expect(traced.cpuMs).toBeLessThan(100);
  // Batched drawing, the bridge's own listener (no console.debug per message) and a log whose rows
  // are laid out alone and only in view keep tasks short: on a 2-core EPYC, 0-1 over 50 ms CPU,
  // longest 44-53 ms; the SDK's listener and a <table> of 500 rows had 9-25 (longest 71-142 ms).
  expect(traced.over50).toBeLessThan(10);
  expect(longest).toBeLessThan(2000);
  // Still responsive: the panel answers a click.
  await panel.getByText('Dark', { exact: true }).click();
  await expect(log.locator('[role=row][data-method="ui/notifications/host-context-changed"]').filter({ hasText: '{"theme":"dark"}' })).toHaveCount(1);
});
