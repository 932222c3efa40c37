/**
 * Elicitation forms for every schema shape of MCP 2025-11-25 (issue 15 item 5), in Chromium against
 * `switchboard serve` with server-everything's `trigger-elicitation-request`, whose schema has one
 * field of each shape: strings (plain, default, email / uri / date formats), boolean, integer and
 * number with defaults, an untitled enum, an untitled multi-select, a titled single select
 * (`oneOf` const + title), a titled multi-select (`items.anyOf` const + title) and a legacy
 * `enumNames` enum. Every field is answerable by its titles; the server gets the values.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import type { Sandbox } from './sandbox.js';
import { openEverything } from './everything-server.js';

/** Serve server-everything, call trigger-elicitation-request; resolves with its call pane and the form dialog. */
async function openElicitation(page: Page, sb: Sandbox): Promise<{ pane: Locator; dialog: Locator }> {
  await openEverything(page, sb);
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: /^trigger-elicitation-request mcp_/ }).click();
  const pane = page.getByRole('region', { name: 'Call trigger-elicitation-request' });
  await pane.getByRole('button', { name: 'Call', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /asks for input/ });
  await expect(dialog).toBeVisible();
  return { pane, dialog };
}

test("every elicitation shape of server-everything's trigger-elicitation-request is answerable with its titles", async ({ page, sandbox }) => {
  const { pane, dialog } = await openElicitation(page, sandbox('empty'));
  // No field falls back to rjsf's "Unsupported field schema" dump.
  await expect(dialog.getByText(/Unsupported field schema|Unknown field type/)).toHaveCount(0);

  // Defaults are filled in.
  await expect(dialog.getByLabel('String with default')).toHaveValue('It was a dark and stormy night.');
  await expect(dialog.getByLabel('Integer')).toHaveValue('42');
  // Titled single select: the titles are the options, the default is selected.
  const hero = dialog.getByRole('combobox', { name: 'Titled Single Select Enum', exact: true });
  await expect(hero.getByRole('option', { name: 'Green Lantern' })).toHaveCount(1);
  await hero.selectOption({ label: 'Wonder Woman' });
  // Legacy enumNames: the names are the options.
  const pet = dialog.getByRole('combobox', { name: 'Legacy Titled Single Select Enum', exact: true });
  await expect(pet.getByRole('option', { name: 'Reptiles' })).toHaveCount(1);
  await pet.selectOption({ label: 'Dogs' });
  // Titled multi-select: one labelled checkbox per title, the default checked.
  await expect(dialog.getByRole('checkbox', { name: 'Tuna' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Trout' }).check();
  // Untitled multi-select: labelled by the values.
  await expect(dialog.getByRole('checkbox', { name: 'Guitar' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Drums' }).check();
  await dialog.getByRole('combobox', { name: 'Untitled Single Select Enum', exact: true }).selectOption({ label: 'Joey' });
  // Strings with formats.
  await dialog.getByLabel(/^String\*?$/).fill('Ada Lovelace');
  await dialog.getByLabel('String with email format').fill('ada@example.com');
  await dialog.getByLabel('String with uri format').fill('https://example.com/ada');
  await dialog.getByLabel('String with date format').fill('1815-12-10');
  await dialog.getByRole('checkbox', { name: 'Boolean', exact: true }).check();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toBeHidden();

  const result = pane.getByRole('region', { name: 'Tool result' });
  await expect(result).toContainText('User provided the requested information');
  const text = ((await result.textContent()) ?? '').replace(/\s+/g, '');
  for (const part of [
    '"name":"AdaLovelace"',
    '"titledSingleSelectEnum":"hero-3"',
    '"legacyTitledEnum":"pet-2"',
    '"titledMultipleSelectEnum":["fish-1","fish-3"]',
    '"untitledMultipleSelectEnum":["Guitar","Drums"]',
    '"untitledSingleSelectEnum":"Joey"',
    '"email":"ada@example.com"',
    '"birthdate":"1815-12-10"',
    '"integer":42',
    '"check":true',
  ]) expect(text).toContain(part);
});

test('an unticked Boolean is answered false, not left out (trial 5 finding 10)', async ({ page, sandbox }) => {
  const { pane, dialog } = await openElicitation(page, sandbox('empty'));
  await dialog.getByLabel(/^String\*?$/).fill('Ada Lovelace');
  await expect(dialog.getByRole('checkbox', { name: 'Boolean', exact: true })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toBeHidden();
  const result = pane.getByRole('region', { name: 'Tool result' });
  await expect(result).toContainText('User provided the requested information');
  const text = ((await result.textContent()) ?? '').replace(/\s+/g, '');
  expect(text).toContain('"name":"AdaLovelace"');
  expect(text).toContain('"check":false');
});
