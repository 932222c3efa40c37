/**
 * MCP Apps rendered (issue 33 items 3 and 6) in Chromium against `switchboard serve`, with the
 * example servers `@modelcontextprotocol/server-basic-react` and `server-basic-vue` (2.0.3) from
 * node_modules (`--stdio`). React: open its
 * `get-time` tool, call it, and the App panel frames the sandbox proxy, hands it the app's HTML and
 * runs the SDK's host bridge: the app renders inside the inner frame, the bridge log shows
 * `ui/initialize` and `tool-result`; the app's "Get Server Time" button makes the app's own
 * `tools/call`, which the bridge log shows; its "Send Log" is shown as the app's log line and lands
 * in the server's Logs tab (apps:log); the theme
 * switch reaches the app as a host-context change; the sandbox port and the CSP in force are shown;
 * "Send Message" (ui/message) is shown as what an agent would receive; "Open Link" (ui/open-link)
 * asks first: refused when declined, a new tab without an opener when allowed; the display-mode
 * switch reaches the app with the mode granted and the new container size; Reload tears the app
 * down before a new one starts. Vue (same serve): its app renders, gets its input and shows the
 * call's result.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { REPO } from './sandbox.js';

const BASIC_REACT = join(REPO, 'node_modules/@modelcontextprotocol/server-basic-react/dist/index.js');
const BASIC_VUE = join(REPO, 'node_modules/@modelcontextprotocol/server-basic-vue/dist/index.js');

test('the apps of server-basic-react and server-basic-vue render, get their input and result, and call back their server', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const basicreact = { command: process.execPath, args: [BASIC_REACT, '--stdio'], env: { SB_E2E_TAG: sb.tag } };
  const basicvue = { command: process.execPath, args: [BASIC_VUE, '--stdio'], env: { SB_E2E_TAG: sb.tag } };
  writeFileSync(join(sb.project, '.mcp.json'), JSON.stringify({ mcpServers: { basicreact, basicvue } }, null, 2));
  sb.trust();
  await page.goto(await sb.serve());
  const server = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^basicreact\b/ });
  await server.click();
  await expect(server).toContainText('connected');
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /get-time/ }).click();
  await page.getByRole('region', { name: 'Call get-time' }).getByRole('button', { name: 'Call', exact: true }).click();

  const panel = page.getByRole('region', { name: 'App' });
  const app = page.frameLocator('iframe.mcp-app-frame').frameLocator('iframe');
  await expect(app.getByRole('button', { name: 'Get Server Time' })).toBeVisible();
  const log = panel.getByRole('table', { name: 'Bridge log' });
  await expect(log.locator('[role=row][data-method="ui/initialize"]')).toHaveCount(1);
  await expect(log.locator('[role=row][data-method="ui/initialize"]')).toContainText('app→host');
  await expect(log.locator('[role=row][data-method="ui/notifications/tool-result"]')).toContainText('host→app');
  await expect(log.locator('[role=row][data-method="ui/notifications/tool-input"]')).toHaveCount(1);
  const initialized = log.locator('[role=row][data-reply-to="ui/initialize"]');
  await expect(initialized).toContainText('"displayMode":"inline"');
  await expect(initialized).toContainText('"platform":"web"');
  // The window's style variables under the spec's names, theme-aware with light-dark().
  await expect(initialized).toContainText('"styles":{"variables":{"--color-background-primary":"light-dark(#fff,#242424)"');
  await expect(initialized).toContainText('"--border-width-regular":"1px"}}');

  // The app's size answers settle: a frame that took its borders off each answer shrank 2 px per
  // size-changed, down to 50 px, within seconds (trial finding). The loop needs time to show.
  const frame = page.locator('iframe.mcp-app-frame');
  const widthAtStart = await frame.evaluate((f) => f.getBoundingClientRect().width);
  await page.waitForTimeout(3_000);
  expect(await frame.evaluate((f) => f.getBoundingClientRect().width)).toBeGreaterThanOrEqual(widthAtStart - 2);
  expect(await log.locator('[role=row][data-method="ui/notifications/size-changed"]').count()).toBeLessThan(10);

  await app.getByRole('button', { name: 'Get Server Time' }).click();
  await expect(log.locator('[role=row][data-method="tools/call"]')).toContainText('"name":"get-time"');
  await expect(log.locator('[role=row][data-method="tools/call"]')).toContainText('app→host');
  // Answered through Switchboard's tools:call: the response goes back to the app, paired with its request.
  await expect(log.locator('[role=row][data-reply-to="tools/call"]')).toContainText('host→app');
  await expect(log.locator('[role=row][data-reply-to="tools/call"]')).toContainText('"content":[{"type":"text"');
  // The app's notifications/message is shown as the app's log line.
  await app.getByRole('button', { name: 'Send Log' }).click();
  await expect(log.locator('[role=row][data-method="notifications/message"]')).toHaveCount(1);
  await expect(panel.getByLabel('App log messages')).toContainText('info: ');
  await expect(panel.getByRole('alert')).toHaveCount(0);

  // A host-context switch: the theme goes to the app as ui/notifications/host-context-changed.
  await panel.getByText('Dark', { exact: true }).click();
  const contextChanges = log.locator('[role=row][data-method="ui/notifications/host-context-changed"]');
  await expect(contextChanges.filter({ hasText: '{"theme":"dark"}' })).toHaveCount(1);

  // Where the app runs and under which policy: the sandbox port, the CSP as the core built it.
  const sandboxPort = new URL((await page.locator('iframe.mcp-app-frame').getAttribute('src')) ?? '').port;
  await expect(panel.getByTestId('sandbox-port')).toHaveText(sandboxPort);
  await expect(panel.getByLabel('CSP in force')).toHaveText(
    "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; media-src 'self' data:; connect-src 'none'; frame-src 'none'; object-src 'none'; base-uri 'self'",
  );
  await expect(panel.getByRole('group', { name: 'App sandbox' })).toContainText('Permissions: none asked');

  // ui/message: there is no chat; it is shown as what an agent would receive, as text.
  await app.getByRole('button', { name: 'Send Message' }).click();
  const agentView = panel.getByRole('region', { name: 'What an agent would receive' });
  await expect(agentView.locator('[data-kind="ui/message"]')).toHaveText('user: This is message text.');
  await expect(log.locator('[role=row][data-reply-to="ui/message"]')).toContainText('host→app');

  // ui/open-link asks the person first. Declined: the app gets an error, nothing opens.
  const opened: string[] = [];
  page.context().on('page', (p) => opened.push(p.url()));
  await page.context().route('https://modelcontextprotocol.io/**', (r) => r.fulfill({ contentType: 'text/plain', body: 'opened' }));
  await app.getByRole('button', { name: 'Open Link' }).click();
  const linkQuestion = panel.getByRole('alertdialog', { name: 'The app asks to open a link' });
  await expect(linkQuestion).toContainText('https://modelcontextprotocol.io/');
  await linkQuestion.getByRole('button', { name: 'Do not open' }).click();
  await expect(log.locator('[role=row][data-reply-to="ui/open-link"]')).toContainText('Link opening denied by user');
  expect(opened).toEqual([]);
  // Allowed: a new tab with the URL and no opener.
  await app.getByRole('button', { name: 'Open Link' }).click();
  const tab = page.context().waitForEvent('page');
  await linkQuestion.getByRole('button', { name: 'Open in a new tab' }).click();
  const popup = await tab;
  await popup.waitForLoadState();
  expect([popup.url(), await popup.evaluate(() => window.opener)]).toEqual(['https://modelcontextprotocol.io/', null]);
  await popup.close();
  await expect(log.locator('[role=row][data-reply-to="ui/open-link"]')).toHaveCount(2);

  // Display modes: the switch grants fullscreen, lays the frame over the window and tells the app,
  // then the new container size (with a height outside inline mode); Back to inline restores it.
  await panel.getByText('Fullscreen', { exact: true }).click();
  await expect(contextChanges.filter({ hasText: '{"displayMode":"fullscreen"}' })).toHaveCount(1);
  await expect(page.locator('.app-frame-box')).toHaveAttribute('data-display-mode', 'fullscreen');
  await expect(contextChanges.filter({ hasText: '"containerDimensions":{"width"' }).filter({ hasText: '"height"' })).not.toHaveCount(0);
  await page.getByRole('button', { name: 'Back to inline' }).click();
  await expect(contextChanges.filter({ hasText: '{"displayMode":"inline"}' })).toHaveCount(1);
  await expect(page.locator('.app-frame-box')).toHaveAttribute('data-display-mode', 'inline');

  // Reload: the running app is torn down first (answered), then a new one starts and initializes.
  await panel.getByRole('button', { name: 'Reload app' }).click();
  await expect(log.locator('[role=row][data-method="ui/resource-teardown"]')).toContainText('host→app');
  await expect(log.locator('[role=row][data-reply-to="ui/resource-teardown"]')).toContainText('app→host');
  await expect(log.locator('[role=row][data-reply-to="ui/initialize"]')).toContainText('"theme":"dark"');
  await expect(app.getByRole('button', { name: 'Get Server Time' })).toBeVisible();

  // The app's log line went into its server's log (apps:log), marked as the app's.
  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByRole('log', { name: 'Log of basicreact' })).toContainText('app log [info] ui://get-time/mcp-app.html: This is log text.');

  // server-basic-vue 2.0.3 (same serve): its app renders, gets its input and shows the call's result.
  const vue = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^basicvue\b/ });
  await vue.click();
  await expect(vue).toContainText('connected');
  await page.getByRole('tab', { name: /^Tools/ }).click();
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /get-time/ }).click();
  await page.getByRole('region', { name: 'Call get-time' }).getByRole('button', { name: 'Call', exact: true }).click();
  await expect(log.locator('[role=row][data-method="ui/notifications/tool-input"]')).toHaveCount(1);
  await expect(log.locator('[role=row][data-method="ui/notifications/tool-result"]')).toContainText('host→app');
  await expect(app.getByRole('button', { name: 'Get Server Time' })).toBeVisible();
  await expect(app.locator('code').first()).toHaveText(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  await expect(panel.getByRole('alert')).toHaveCount(0);
});
