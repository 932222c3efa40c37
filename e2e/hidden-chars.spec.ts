/**
 * Server-provided and file-provided names are shown as what they are (attack pass, issue 32): a
 * bidi override (U+202E) in a server's name read backwards (`evil\u202eexe.txt` showed as
 * "eviltxt.exe"), in the sidebar, the server's page and the hosts dialog, and its error too. Every
 * face shows hidden characters as visible escapes (src-shared/visible-text.ts), as the CLI does.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';

test('a bidi override in a server name is shown escaped in the sidebar, on its page and in the hosts dialog', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  mkdirSync(join(sb.home, '.cursor'), { recursive: true });
  const name = 'evil\u202eexe.txt';
  writeFileSync(join(sb.home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { [name]: { command: '/nonexistent/mcp-\u202eevil', args: [], env: { SB_E2E_TAG: sb.tag } } } }));
  await page.goto(await sb.serve());
  const shown = 'evil\\u202eexe.txt';
  const row = page.getByRole('navigation', { name: 'Servers' }).locator('.server-name');
  await expect(row).toHaveText(shown);
  await row.click();
  await expect(page.locator('.server-title')).toHaveText(shown);
  await expect(page.locator('.last-error .error-text')).toContainText('mcp-\\u202eevil');
  await page.getByRole('button', { name: 'Hosts', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'What each host sees' })).toContainText(shown);
  // Nowhere on the page is the override itself.
  const where = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent?.includes('\u202e')) out.push(`${(n.parentElement?.className ?? '').toString().slice(0, 60)}: ${n.textContent.slice(0, 80)}`);
    return out;
  });
  expect(where).toEqual([]);
});
