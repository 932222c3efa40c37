/**
 * A server author's view (trial 6) in Chromium against `switchboard serve`: the trial's badschema
 * server lists tools that do not match the MCP schema. Each invalid tool's row carries a badge and
 * its panel says which field is wrong and why (finding 2); the Server tab sets the pin mode to off
 * (finding 7). Before, the rows were ordinary and `off` did not exist.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { REPO } from './sandbox.js';

const FIXTURE = join(REPO, 'src-main/core/mcp/testing/fixtures/badschema-server.mjs');

test('invalid tools are marked with the field and the reason; the pin mode can be set to off', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const badschema = { command: process.execPath, args: [FIXTURE], env: { SB_E2E_TAG: sb.tag } };
  writeFileSync(join(sb.project, '.mcp.json'), JSON.stringify({ mcpServers: { badschema } }, null, 2));
  sb.trust();
  await page.goto(await sb.serve());
  const server = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^badschema\b/ });
  await server.click();
  await expect(server).toContainText('connected');

  const tools = page.getByRole('navigation', { name: 'Tools' });
  const badRequired = tools.getByRole('button', { name: /bad_required/ });
  await expect(badRequired).toContainText('invalid');
  await expect(tools.getByRole('button', { name: /^good\b/ })).not.toContainText('invalid');
  await expect(tools.getByRole('button', { name: /bad ref/ })).toContainText('bad name');
  await badRequired.click();
  const note = page.getByRole('note', { name: 'This tool does not match the MCP schema' });
  await expect(note).toContainText('inputSchema.required: Invalid input: expected array, received string');
  await expect(note).toContainText('rejects the whole tools/list');

  await page.getByRole('tab', { name: 'Server', exact: true }).click();
  const pins = page.getByRole('region', { name: 'Tool pins' });
  await pins.getByText('off', { exact: true }).click();
  await expect(pins.getByRole('radio', { name: 'off' })).toBeChecked();
});
