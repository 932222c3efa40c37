/**
 * Names agents can use (issue 14 item 6), in Chromium against `switchboard serve` with the
 * purpose-built server of 5,000 tools whose names differ only in digits (+ one very long name):
 * the Tools tab lists all of them (before: "Tools (0)"), virtually; one note says they clash under
 * xcsh's digit-dropping scheme (and, since issue 30 item 3, not under Switchboard's, which keeps digits)
 * instead of 5,000 badges; a tool's detail shows its raw name first and its name under each host's
 * scheme; the long name is shortened to 64 characters and marked.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { REPO } from './sandbox.js';

const FIXTURE = join(REPO, 'src-main/core/mcp/testing/fixtures/many-tools-server.mjs');
const LONG = 'summarize_the_quarterly_revenue_report_for_every_region_and_product_line';

test('5,000 tools differing only in digits: listed, one clash note, names per host scheme, long name shortened', async ({ page, sandbox }) => {
  test.setTimeout(180_000);
  const sb = sandbox('empty');
  // Defined in xcsh's own file: clashes are told for the hosts the person uses (Switchboard's and xcsh's here).
  mkdirSync(join(sb.home, '.xcsh'), { recursive: true });
  writeFileSync(
    join(sb.home, '.xcsh', 'mcp.json'),
    JSON.stringify({ mcpServers: { many: { command: process.execPath, args: [FIXTURE], env: { SB_E2E_TAG: sb.tag, MANY_TOOLS_LONG: '1' } } } }),
  );
  await page.goto(await sb.serve());
  const server = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^many\b/ });
  await expect(server).toContainText('connected', { timeout: 60_000 });
  await server.click();
  await expect(page.getByRole('tab', { name: 'Tools (5001)' })).toBeVisible({ timeout: 60_000 });

  // One note for the whole server, naming whose scheme clashes and whose does not.
  const note = page.getByRole('note', { name: 'Name clashes' });
  // xcsh drops digits and keeps only the last of a clash (issue 28 item 2); Switchboard keeps digits (issue 30 item 3).
  await expect(note).toHaveText(
    "5,000 tools share a name with another under xcsh's scheme (mcp_<server>_<tool>, digits dropped). None clash under Switchboard.",
  );
  const list = page.getByRole('navigation', { name: 'Tools' });
  // Virtual: a handful of rows in the page, not 5,001; and none paints a clash badge.
  const rendered = await list.getByRole('button').count();
  expect(rendered).toBeGreaterThan(3);
  expect(rendered).toBeLessThan(200);
  await expect(list.getByText(/name clash/)).toHaveCount(0);

  // The raw name first in the list; End reaches the last tool (the long one), which is shortened.
  await list.getByRole('button', { name: /^tool0001\b/ }).focus();
  await page.keyboard.press('End');
  const longRow = list.getByRole('button', { name: new RegExp(`^${LONG}`) });
  await expect(longRow).toBeFocused();
  await expect(longRow).toContainText('shortened');
  await page.keyboard.press('Enter');
  let pane = page.getByRole('region', { name: `Call ${LONG}` });
  await expect(pane.getByRole('heading', { name: LONG })).toBeVisible();
  const full = `mcp_many_${LONG}`;
  const ownRow = pane.getByRole('table', { name: 'Names agents see' }).getByRole('row', { name: /^Switchboard/ });
  await expect(ownRow).toContainText(new RegExp(`${full.slice(0, 55)}_[0-9a-f]{8}`));
  await expect(ownRow).toContainText(`shortened from ${full}`);

  // A tool far down the list, through the search: its names under every host's scheme.
  await page.getByRole('textbox', { name: 'Search tools on all servers' }).fill('tool4242');
  await page.getByRole('navigation', { name: 'Tool search results' }).getByRole('button', { name: /mcp_many_tool4242/ }).click();
  pane = page.getByRole('region', { name: 'Call tool4242' });
  await expect(pane.getByRole('heading', { name: 'tool4242' })).toBeVisible();
  const names = pane.getByRole('table', { name: 'Names agents see' });
  await expect(names.getByRole('row', { name: /^Switchboard/ })).toHaveText(/mcp_many_tool4242$/);
  await expect(names.getByRole('row', { name: /^xcsh/ })).toContainText(/mcp_many_tool\s*same name as 4,999 other tools/);
  await expect(names.getByRole('row', { name: /^Claude Code/ })).toHaveText(/mcp__many__tool4242$/);
  await expect(names.getByRole('row', { name: /^VS Code/ })).toContainText('mcp_many_tool4242');
  await expect(names.getByRole('row', { name: /^Roo Code/ })).toContainText('mcp--many--tool4242');
  await expect(list.getByRole('button', { name: /^tool4242\b/ })).toHaveAttribute('aria-current', 'true');

  // And it calls.
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(pane.getByRole('region', { name: 'Tool result' })).toContainText('called tool4242');
});
