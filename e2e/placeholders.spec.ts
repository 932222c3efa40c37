/**
 * Placeholders that do not resolve (issue 14 item 8), in Chromium against `switchboard serve`: a
 * server whose env holds `${WEATHER_APIKEY}` while `WEATHER_API_KEY` is set shows a warning on its
 * sidebar row and in the warnings panel, naming the field and suggesting the close name — before,
 * only the server's own page said "Unresolved placeholders".
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { packageBin } from './sandbox.js';

test('an unresolved placeholder is a warning in the sidebar and the warnings panel, naming the field, with a suggestion', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  sb.env.WEATHER_API_KEY = 'the-real-key';
  writeFileSync(
    join(sb.dataDir, 'servers.json'),
    JSON.stringify(
      {
        mcpServers: {
          weather: {
            transport: 'stdio',
            command: process.execPath,
            args: [packageBin('@modelcontextprotocol/server-memory')],
            env: { SB_E2E_TAG: sb.tag, MEMORY_FILE_PATH: join(sb.root, 'memory.jsonl'), API_KEY: '${WEATHER_APIKEY}' },
          },
        },
      },
      null,
      2,
    ),
  );
  await page.goto(await sb.serve());

  const row = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /^weather\b/ });
  await expect(row).toContainText('env.API_KEY holds ${WEATHER_APIKEY}, which is not set: left as written (did you mean WEATHER_API_KEY?)');
  await page.getByRole('button', { name: '1 unresolved placeholder' }).click();
  const panel = page.getByRole('dialog', { name: 'Config warnings' }).getByRole('region', { name: 'Config warnings' });
  await expect(panel).toContainText('Will not work as written (1)');
  await expect(panel).toContainText('"weather": env.API_KEY holds ${WEATHER_APIKEY}, which is not set: left as written (did you mean WEATHER_API_KEY?)');
  await expect(panel).not.toContainText('Could not be read');
  // The value of the suggested variable never reaches the page.
  expect(await page.content()).not.toContain('the-real-key');
});
