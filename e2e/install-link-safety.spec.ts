/**
 * The install consent dialog in Chromium against `switchboard serve` (trial 5 findings 1 and 3): a
 * link whose argument holds a bidi override shows it escaped (`\u202e`) with a warning, never as
 * the reordered text it would read as; a link holding NUL is refused.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';

const b64 = (config: unknown): string => Buffer.from(JSON.stringify(config)).toString('base64url');

test('install links: hidden characters are shown escaped with a warning; NUL is refused', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  writeFileSync(join(sb.dataDir, 'servers.json'), JSON.stringify({ mcpServers: {} }, null, 2));
  await page.goto(await sb.serve());
  await page.getByRole('button', { name: 'Add from link' }).click();
  const box = page.getByRole('textbox', { name: 'Install link' });

  // An oversized link gets the core's refusal, not a schema message (a trial pasted 200 KB).
  await box.fill(`mcp-switchboard://install?name=big&config=${b64({ command: 'node', args: ['x'.repeat(200_000)] })}`);
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByRole('alert')).toHaveText(/This install link was refused: link is longer than 16384 characters/);

  await box.fill(`mcp-switchboard://install?name=nul&config=${b64({ command: 'node\u202e\u0000' })}`);
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByRole('alert')).toContainText('"command" holds a NUL character (U+0000)');

  await box.fill(`mcp-switchboard://install?name=bidi&config=${b64({ command: 'node', args: ['/tmp/safe\u202Esj.live'] })}`);
  await page.getByRole('button', { name: 'Review' }).click();
  const consent = page.getByRole('dialog', { name: 'Install "bidi"?' });
  await expect(consent.getByLabel('Arguments').getByRole('listitem')).toHaveText(['/tmp/safe\\u202esj.live']);
  await expect(consent.getByRole('alert', { name: 'Before you install' })).toContainText('Argument 1 holds invisible, control or text-direction characters (U+202E)');
  expect(await consent.innerText()).not.toContain('\u202E');
  await consent.getByRole('button', { name: 'Cancel' }).click();
  expect(JSON.parse(readFileSync(join(sb.dataDir, 'servers.json'), 'utf8'))).toEqual({ mcpServers: {} });
});
