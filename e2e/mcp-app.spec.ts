/**
 * MCP Apps rendered (issue 33 items 3 and 6) in Chromium against `switchboard serve`, with the
 * example server `@modelcontextprotocol/server-basic-react` from node_modules (`--stdio`): open its
 * `get-time` tool, call it, and the App panel frames the sandbox proxy, hands it the app's HTML and
 * runs the SDK's host bridge: the app renders inside the inner frame, the bridge log shows
 * `ui/initialize` and `tool-result`; the app's "Get Server Time" button makes the app's own
 * `tools/call`, which the bridge log shows; its "Send Log" is shown as the app's log line; the theme
 * switch reaches the app as a host-context change; Reload tears the app down before a new one starts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { REPO } from './sandbox.js';

const BASIC_REACT = join(REPO, 'node_modules/@modelcontextprotocol/server-basic-react/dist/index.js');

test('the app of server-basic-react renders, gets its input and result, and calls back its server', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const basicreact = { command: process.execPath, args: [BASIC_REACT, '--stdio'], env: { SB_E2E_TAG: sb.tag } };
  writeFileSync(join(sb.project, '.mcp.json'), JSON.stringify({ mcpServers: { basicreact } }, null, 2));
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
  await expect(log.locator('tr[data-method="ui/initialize"]')).toHaveCount(1);
  await expect(log.locator('tr[data-method="ui/initialize"]')).toContainText('app→host');
  await expect(log.locator('tr[data-method="ui/notifications/tool-result"]')).toContainText('host→app');
  await expect(log.locator('tr[data-method="ui/notifications/tool-input"]')).toHaveCount(1);
  const initialized = log.locator('tr[data-reply-to="ui/initialize"]');
  await expect(initialized).toContainText('"displayMode":"inline"');
  await expect(initialized).toContainText('"platform":"web"');

  await app.getByRole('button', { name: 'Get Server Time' }).click();
  await expect(log.locator('tr[data-method="tools/call"]')).toContainText('"name":"get-time"');
  await expect(log.locator('tr[data-method="tools/call"]')).toContainText('app→host');
  // Answered through Switchboard's tools:call: the response goes back to the app, paired with its request.
  await expect(log.locator('tr[data-reply-to="tools/call"]')).toContainText('host→app');
  await expect(log.locator('tr[data-reply-to="tools/call"]')).toContainText('"content":[{"type":"text"');
  // The app's notifications/message is shown as the app's log line.
  await app.getByRole('button', { name: 'Send Log' }).click();
  await expect(log.locator('tr[data-method="notifications/message"]')).toHaveCount(1);
  await expect(panel.getByLabel('App log messages')).toContainText('info: ');
  await expect(panel.getByRole('alert')).toHaveCount(0);

  // A host-context switch: the theme goes to the app as ui/notifications/host-context-changed.
  await panel.getByText('Dark', { exact: true }).click();
  await expect(log.locator('tr[data-method="ui/notifications/host-context-changed"]')).toContainText('{"theme":"dark"}');

  // Reload: the running app is torn down first (answered), then a new one starts and initializes.
  await panel.getByRole('button', { name: 'Reload app' }).click();
  await expect(log.locator('tr[data-method="ui/resource-teardown"]')).toContainText('host→app');
  await expect(log.locator('tr[data-reply-to="ui/resource-teardown"]')).toContainText('app→host');
  await expect(log.locator('tr[data-reply-to="ui/initialize"]')).toContainText('"theme":"dark"');
  await expect(app.getByRole('button', { name: 'Get Server Time' })).toBeVisible();
});
