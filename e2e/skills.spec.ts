/**
 * The Skills tab (issue 35 item 1), in Chromium against `switchboard serve`, as a new user tries it:
 * the skills fixture (src-main/core/mcp/testing/fixtures/skills-server.mjs, the SDK's own
 * `./ext/skills`, entries that lie on purpose) gets a Skills tab and a server without the extension
 * does not; a skill opens with its SKILL.md checked and rendered, its frontmatter and its files, a
 * file read on click; the directory tree opens folder by folder; Verify flags the tampered file as a
 * mismatch with its reason, and shows every other verdict; the Context budget counts the skills
 * (item 3). One app start for the file.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { REPO } from './sandbox.js';
import { rowName } from './row-name.js';

const FIXTURES = join(REPO, 'src-main/core/mcp/testing/fixtures');

test('Skills tab: list, read a skill and a file, browse the tree, verify and see the tampered file flagged', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const env = { SB_E2E_TAG: sb.tag };
  writeFileSync(
    join(sb.dataDir, 'servers.json'),
    JSON.stringify({
      mcpServers: {
        skilled: { transport: 'stdio', command: process.execPath, args: [join(FIXTURES, 'skills-server.mjs')], env },
        plain: { transport: 'stdio', command: process.execPath, args: [join(FIXTURES, 'many-tools-server.mjs')], env: { ...env, MANY_TOOLS: '2' } },
      },
    }),
  );
  await page.goto(await sb.serve());
  const servers = page.getByRole('navigation', { name: 'Servers' });

  // A server without the extension has no Skills tab.
  const plain = servers.getByRole('button', { name: /^plain\b/ });
  await expect(plain).toContainText('connected', { timeout: 60_000 });
  await plain.click();
  await expect(page.getByRole('tab', { name: 'Prompts' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Skills' })).toHaveCount(0);

  const skilled = servers.getByRole('button', { name: /^skilled\b/ });
  await expect(skilled).toContainText('connected', { timeout: 60_000 });
  await skilled.click();
  await page.getByRole('tab', { name: 'Skills' }).click();
  const list = page.getByRole('navigation', { name: 'Skills' });
  for (const name of ['good', 'wrong-digest', 'wrong-size', 'frontmatter-differs', 'unlisted-file', 'dynamic', 'broken', 'too-big']) {
    await expect(list.getByRole('button', { name: rowName(name) })).toBeVisible();
  }

  // A skill: SKILL.md checked and rendered as Markdown, its frontmatter, its files.
  await list.getByRole('button', { name: rowName('good') }).click();
  const skill = page.getByRole('region', { name: 'Skill good' });
  await expect(skill.getByText('A skill whose every file matches', { exact: true })).toBeVisible();
  await expect(skill.getByText('skill://good/SKILL.md', { exact: false }).first()).toBeVisible();
  const md = skill.getByRole('region', { name: 'SKILL.md' });
  await expect(md.getByRole('heading', { name: 'good' })).toBeVisible();
  await expect(md).toContainText('verified');
  await expect(skill.getByRole('tree', { name: 'Frontmatter of good' })).toContainText('"1.2.0"');

  // A file, read only when clicked.
  await skill.getByRole('button', { name: 'Read references/GUIDE.md' }).click();
  const guide = skill.getByRole('region', { name: 'File references/GUIDE.md' });
  await expect(guide).toContainText('Step one: read this.');
  await expect(guide).toContainText('verified');

  // The directory tree (the fixture declares directoryRead): folder by folder, then a file read and checked.
  const tree = skill.getByRole('region', { name: 'Directory of skill://good' });
  await tree.getByRole('button', { name: 'Folder scripts' }).click();
  await tree.getByRole('button', { name: 'Folder deep' }).click();
  await tree.getByRole('button', { name: 'Tree file run.sh' }).click();
  await expect(skill.getByRole('region', { name: 'File scripts/deep/run.sh' })).toContainText('echo ok');

  // The tampered file: flagged when read, its content withheld.
  await list.getByRole('button', { name: rowName('wrong-digest') }).click();
  const tampered = page.getByRole('region', { name: 'Skill wrong-digest' });
  await tampered.getByRole('button', { name: 'Read references/GUIDE.md' }).click();
  const bad = tampered.getByRole('region', { name: 'File references/GUIDE.md' });
  await expect(bad).toContainText('mismatch');
  await expect(bad).toContainText('Not shown: the file failed its check');
  await expect(bad).not.toContainText('Step one');

  // Verify: every verdict, per skill and per file, with the reason.
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  const report = page.getByRole('region', { name: 'Skill verification' });
  await expect(report.getByRole('status', { name: 'Verification outcome' })).toContainText('The check found a problem: mismatch');
  await expect(report.getByRole('row', { name: 'Skill good' })).toContainText('verified');
  await expect(report.getByRole('row', { name: 'File references/GUIDE.md of wrong-digest' })).toContainText('mismatch');
  await expect(report.getByRole('row', { name: 'File references/GUIDE.md of wrong-digest' })).toContainText(/digest/);
  await expect(report.getByRole('row', { name: 'File notes/EXTRA.md of unlisted-file' })).toContainText('mismatch');
  await expect(report.getByRole('row', { name: 'Skill dynamic' })).toContainText('no digests');
  await expect(report.getByRole('row', { name: 'Skill broken' })).toContainText('could not finish');
  await expect(report.getByRole('row', { name: 'Skill too-big' })).toContainText('could not finish');

  // Item 3: the Context budget counts the skills' names and descriptions (the core test pins 122 tokens).
  await page.getByRole('button', { name: 'Context budget: tokens per tool' }).click();
  await expect(page.getByRole('status', { name: 'Budget totals' })).toContainText("the tokens include 8 skills' names and descriptions (~122)");
  await expect(page.getByRole('table', { name: 'Servers by tokens' }).getByRole('row', { name: /^skilled/ })).toContainText('incl. 8 skills ~122');
});
