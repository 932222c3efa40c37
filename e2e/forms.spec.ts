/**
 * Tool forms for nested schemas, in Chromium against `switchboard serve`: server-memory's
 * `create_entities` (an array of objects, each with an array of strings). Titles are visible, an
 * empty array shows "Add item", items have labelled Remove / Move up / Move down buttons; two
 * entities with observations are filled, reordered, called, and the graph file holds them. The
 * JSON text result is pretty-printed, with a toggle to markdown.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { packageBin } from './sandbox.js';

const serverButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

/** Fill one entity group: name, type and its observations (each through "Add item"). */
async function fillEntity(entity: Locator, name: string, type: string, observations: string[]): Promise<void> {
  await entity.getByRole('textbox', { name: /^name\*?$/ }).fill(name);
  await entity.getByRole('textbox', { name: /^entityType\*?$/ }).fill(type);
  const obs = entity.getByRole('group', { name: 'observations' });
  for (const [i, text] of observations.entries()) {
    await obs.getByRole('button', { name: 'Add item' }).click();
    await obs.getByRole('group', { name: `observations ${i + 1}` }).getByRole('textbox').fill(text);
  }
}

test('create_entities: nested arrays get titles and labelled buttons; two entities are created', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const memoryFile = join(sb.root, 'memory.jsonl');
  writeFileSync(
    join(sb.dataDir, 'servers.json'),
    JSON.stringify({ mcpServers: { memory: { command: process.execPath, args: [packageBin('@modelcontextprotocol/server-memory')], env: { MEMORY_FILE_PATH: memoryFile, SB_E2E_TAG: sb.tag } } } }),
  );
  await page.goto(await sb.serve());
  await expect(serverButton(page, 'memory')).toContainText('connected');
  await serverButton(page, 'memory').click();
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^create_entities\b/ }).click();
  const pane = page.getByRole('region', { name: 'Call create_entities' });

  // The array's title is visible and an empty array offers "Add item" straight away.
  const entities = pane.getByRole('group', { name: 'entities' });
  await expect(entities.locator('legend').first()).toHaveText(/^entities\*?$/);
  await expect(entities.locator('legend').first()).toBeVisible();
  const addEntity = entities.getByRole('button', { name: 'Add item' }).last();
  await expect(addEntity).toBeVisible();

  await addEntity.click();
  const first = entities.getByRole('group', { name: 'entities 1' });
  await expect(first.getByRole('group', { name: 'observations' }).locator('legend')).toBeVisible();
  await fillEntity(first, 'Bob', 'person', ['likes tea', 'lives in Lyon']);
  await addEntity.click();
  const second = entities.getByRole('group', { name: 'entities 2' });
  await fillEntity(second, 'Ada', 'person', ['writes programs']);

  // A third item, then Remove takes it away; buttons carry words, not empty pills.
  await addEntity.click();
  const third = entities.getByRole('group', { name: 'entities 3' });
  await expect(third.getByRole('button', { name: 'Move up' }).first()).toBeEnabled();
  await expect(third.getByRole('button', { name: 'Move down' }).first()).toBeDisabled();
  await third.getByRole('button', { name: 'Remove' }).first().click();
  await expect(entities.getByRole('group', { name: 'entities 3' })).toHaveCount(0);

  // Move Ada above Bob: the call sends them in that order.
  await second.getByRole('button', { name: 'Move up' }).first().click();
  await expect(entities.getByRole('group', { name: 'entities 1' }).getByRole('textbox', { name: /^name\*?$/ })).toHaveValue('Ada');
  // Remove one observation of Bob (now entity 2).
  const bobObs = entities.getByRole('group', { name: 'entities 2' }).getByRole('group', { name: 'observations' });
  await expect(bobObs.getByRole('group', { name: /^observations \d$/ })).toHaveCount(2);

  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  const result = pane.getByRole('region', { name: 'Tool result' });
  await expect(result).toContainText('ok');
  // The JSON text comes back as a tree (one line per value; its text is the JSON), not as one markdown paragraph.
  const json = result.getByLabel('Result JSON');
  await expect(json).toContainText('"name":"Ada"');
  const shown = await json.innerText();
  expect(JSON.parse(shown)).toEqual([
    { name: 'Ada', entityType: 'person', observations: ['writes programs'] },
    { name: 'Bob', entityType: 'person', observations: ['likes tea', 'lives in Lyon'] },
  ]);
  expect(shown.split('\n').length).toBeGreaterThan(10);
  await result.getByRole('button', { name: 'Show as markdown' }).click();
  await expect(result.getByLabel('Result JSON')).toHaveCount(0);
  await result.getByRole('button', { name: 'Show as JSON' }).click();
  await expect(result.getByLabel('Result JSON')).toBeVisible();

  // The graph file holds both entities, in the order sent.
  const lines = readFileSync(memoryFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; name: string; observations: string[] });
  expect(lines.filter((l) => l.type === 'entity').map((l) => [l.name, l.observations])).toEqual([
    ['Ada', ['writes programs']],
    ['Bob', ['likes tea', 'lives in Lyon']],
  ]);
});
