/**
 * Skills a server offers, checked (issue 35 items 1–2; docs/extensions.md § Skills), against a real
 * skills server (fixtures/skills-server.mjs, the SDK's own `./ext/skills`) in both protocol eras,
 * through a whole core's handlers: nothing read on connect or on listing; the verdict of every skill
 * and file; one file read lazily; an unlisted file refused before any read; the directory tree only
 * as `directoryRead` allows. Then the same fixture checked by an independent implementation
 * (`@olaservo/ext-skills` 0.14.0) over its own connection: both agree on every skill and file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { checkSkillLimits, listSkills, manifestOf, readSkill, readSkillResource, walkDirectory } from '@olaservo/ext-skills/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillCheck, SkillVerdict, SkillVerification } from '../../../src-shared/api/skills.js';
import type { SwitchboardCore } from '../facade/types.js';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { ok } from '../composition/test-cores.js';
import { everythingScript, makeWorld, processesWithMarker, writeOwnServers, type TempWorld } from '../composition/test-world.js';

const FIXTURE = fileURLToPath(new URL('../mcp/testing/fixtures/skills-server.mjs', import.meta.url));

let world: TempWorld;
let core: SwitchboardCore;
const readLog = (era: string) => join(world.root, `reads-${era}.log`);
const reads = (era: string): string[] => readFileSync(readLog(era), 'utf8').split('\n').filter(Boolean).sort();

beforeAll(async () => {
  world = makeWorld();
  for (const era of ['modern', 'legacy', 'plain']) writeFileSync(readLog(era), '');
  const entry = (era: string, mode = '') => ({ command: process.execPath, args: [FIXTURE], env: { SB_TEST_MARKER: world.marker, FIXTURE_READ_LOG: readLog(era), SKILLS_FIXTURE_MODE: mode } });
  writeOwnServers(world, {
    'skills-modern': entry('modern'),
    'skills-legacy': { ...entry('legacy'), protocol: 'legacy' },
    'skills-plain': entry('plain', 'plain'),
    'no-skills': entry('none', 'none'),
  });
  core = createSwitchboardCore(
    { platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'web', version: '1.0.0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } },
    { watchConfig: false },
  );
  await core.start();
  await core.settled();
}, 120_000);

afterAll(async () => {
  await core?.dispose();
  if (world) expect(processesWithMarker(world.marker)).toEqual([]);
  world?.cleanup();
});

/** Each skill's verdict and problem, and each file's as `path verdict[/problem]`. */
function summary(v: SkillVerification): Record<string, { verdict: SkillVerdict; problem?: string; files: string[] }> {
  const line = (f: { path: string; verdict: string; problem?: string }) => `${f.path} ${f.verdict}${f.problem ? `/${f.problem}` : ''}`;
  return Object.fromEntries(v.skills.map((s: SkillCheck) => [s.name, { verdict: s.verdict, ...(s.problem ? { problem: s.problem } : {}), files: s.files.map(line) }]));
}

const EXPECTED = {
  good: { verdict: 'verified', files: ['SKILL.md verified', 'references/GUIDE.md verified', 'scripts/deep/run.sh verified'] },
  'wrong-digest': { verdict: 'mismatch', problem: 'digest', files: ['SKILL.md verified', 'references/GUIDE.md mismatch/digest'] },
  'wrong-size': { verdict: 'mismatch', problem: 'size', files: ['SKILL.md verified', 'references/GUIDE.md mismatch/size'] },
  'frontmatter-differs': { verdict: 'mismatch', problem: 'frontmatter', files: ['SKILL.md mismatch/frontmatter'] },
  'unlisted-file': { verdict: 'mismatch', problem: 'unlisted', files: ['SKILL.md verified', 'notes/EXTRA.md mismatch/unlisted'] },
  dynamic: { verdict: 'no-digests', problem: 'dynamic', files: ['SKILL.md no-digests/dynamic'] },
  broken: { verdict: 'unfinished', problem: 'read-failed', files: ['SKILL.md verified', 'references/GONE.md unfinished/read-failed'] },
  'too-big': { verdict: 'unfinished', problem: 'limits', files: [] },
};

/** Every file a full verification reads: the listed ones, never an unlisted one, none of an over-limit skill. */
const READ_BY_VERIFY = [
  'skill://broken/SKILL.md',
  'skill://broken/references/GONE.md',
  'skill://dynamic/SKILL.md',
  'skill://frontmatter-differs/SKILL.md',
  'skill://good/SKILL.md',
  'skill://good/references/GUIDE.md',
  'skill://good/scripts/deep/run.sh',
  'skill://unlisted-file/SKILL.md',
  'skill://wrong-digest/SKILL.md',
  'skill://wrong-digest/references/GUIDE.md',
  'skill://wrong-size/SKILL.md',
  'skill://wrong-size/references/GUIDE.md',
];

describe.each([
  ['modern', 'skills-modern', '2026-07-28'],
  ['legacy', 'skills-legacy', '2025-11-25'],
])('skills in the %s era', (era, server, version) => {
  it('lists the skills as the entries say, with nothing read (not on connect, not on listing)', async () => {
    const state = (await ok(core.handlers['servers:list']({}))).servers.find((s) => s.server.name === server);
    expect(state?.protocol?.version).toBe(version);
    // We announce the extension (SEP-2133) in either era.
    expect(state?.clientCapabilities?.extensions).toMatchObject({ 'io.modelcontextprotocol/skills': {} });
    const list = await ok(core.handlers['skills:list']({ server }));
    expect(list).toMatchObject({ server, supported: true, directoryRead: true, invalid: [] });
    expect(list.skills.map((s) => s.name)).toEqual(['good', 'wrong-digest', 'wrong-size', 'frontmatter-differs', 'unlisted-file', 'dynamic', 'broken', 'too-big']);
    const good = list.skills[0];
    expect(good).toMatchObject({ uri: 'skill://good/SKILL.md', description: 'A skill whose every file matches', version: '1.2.0', totalBytes: 188 });
    expect(good?.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(good?.files === 'dynamic' ? [] : good?.files.map((f) => `${f.path} ${f.size}`)).toEqual(['SKILL.md 128', 'references/GUIDE.md 42', 'scripts/deep/run.sh 18']);
    expect(list.skills.find((s) => s.name === 'dynamic')?.files).toBe('dynamic');
    expect(list.skills.find((s) => s.name === 'too-big')?.overLimits).toBe('The skill lists 513 files (the limit is 512); it is not read');
    expect(reads(era)).toEqual([]);
  });

  it('get reads SKILL.md alone and shows it with its parsed frontmatter; read fetches one file; an unlisted path is refused unread', async () => {
    const doc = await ok(core.handlers['skills:get']({ server, uri: 'skill://good/SKILL.md' }));
    expect(doc.file).toMatchObject({ path: 'SKILL.md', verdict: 'verified', mimeType: 'text/markdown' });
    expect(doc.file.text).toContain('# good');
    expect(doc.frontmatter).toEqual({ name: 'good', description: 'A skill whose every file matches', metadata: { version: '1.2.0' } });
    expect(doc.body).toBe('\n# good\n\nSee references/GUIDE.md.\n');
    expect(reads(era)).toEqual(['skill://good/SKILL.md']);

    const guide = await ok(core.handlers['skills:read']({ server, uri: 'skill://good/SKILL.md', path: 'references/GUIDE.md' }));
    expect(guide).toMatchObject({ path: 'references/GUIDE.md', verdict: 'verified', text: 'Step one: read this.\nStep two: act on it.\n', bytes: 42 });

    const tampered = await ok(core.handlers['skills:read']({ server, uri: 'skill://wrong-digest/SKILL.md', path: 'references/GUIDE.md' }));
    expect(tampered).toMatchObject({ verdict: 'mismatch', problem: 'digest' });
    expect(tampered.text).toBeUndefined();

    const unlisted = await ok(core.handlers['skills:read']({ server, uri: 'skill://unlisted-file/SKILL.md', path: 'notes/EXTRA.md' }));
    expect(unlisted).toMatchObject({ path: 'notes/EXTRA.md', verdict: 'mismatch', problem: 'unlisted' });
    expect(reads(era)).toEqual(['skill://good/SKILL.md', 'skill://good/references/GUIDE.md', 'skill://wrong-digest/references/GUIDE.md']);
  });

  it('the tree comes from resources/directory/read, one level at a time, marking files the manifest lacks', async () => {
    const root = await ok(core.handlers['skills:tree']({ server, uri: 'skill://unlisted-file' }));
    expect(root.children).toEqual([
      { uri: 'skill://unlisted-file/SKILL.md', name: 'SKILL.md', mimeType: 'text/markdown', directory: false, listed: true },
      { uri: 'skill://unlisted-file/notes', name: 'notes', mimeType: 'inode/directory', directory: true },
    ]);
    const notes = await ok(core.handlers['skills:tree']({ server, uri: 'skill://unlisted-file/notes' }));
    expect(notes.children).toEqual([{ uri: 'skill://unlisted-file/notes/EXTRA.md', name: 'EXTRA.md', mimeType: 'text/markdown', directory: false, listed: false }]);
  });

  it('verify: the verdict of every skill and file, reading only listed files', async () => {
    writeFileSync(readLog(era), '');
    const v = await ok(core.handlers['skills:verify']({ server }));
    expect(summary(v)).toEqual(EXPECTED);
    expect(v).toMatchObject({ outcome: 'mismatch', passed: false, requireDigests: false, invalid: [] });
    const differs = v.skills.find((s) => s.name === 'frontmatter-differs')?.files[0];
    expect(differs?.differences).toEqual(['description: the entry has "What the listing says", SKILL.md has "What SKILL.md says"']);
    expect(reads(era)).toEqual(READ_BY_VERIFY);
  });

  it('verify one skill: a dynamic skill passes unless digests are required', async () => {
    const uri = 'skill://dynamic/SKILL.md';
    expect(await ok(core.handlers['skills:verify']({ server, uri }))).toMatchObject({ outcome: 'no-digests', passed: true });
    expect(await ok(core.handlers['skills:verify']({ server, uri, requireDigests: true }))).toMatchObject({ outcome: 'no-digests', passed: false });
    expect(await ok(core.handlers['skills:verify']({ server, uri: 'skill://good/SKILL.md', requireDigests: true }))).toMatchObject({ outcome: 'verified', passed: true });
  });
});

describe('what a server declares is what is asked', () => {
  it('without directoryRead: no tree, and verification walks no directory (the unlisted file goes unseen)', async () => {
    const list = await ok(core.handlers['skills:list']({ server: 'skills-plain' }));
    expect(list).toMatchObject({ supported: true, directoryRead: false });
    expect(await core.handlers['skills:tree']({ server: 'skills-plain', uri: 'skill://good' })).toEqual({
      ok: false,
      error: { code: 'BAD_REQUEST', message: 'Server "skills-plain" does not declare directoryRead: resources/directory/read is not asked' },
    });
    const v = await ok(core.handlers['skills:verify']({ server: 'skills-plain', uri: 'skill://unlisted-file/SKILL.md' }));
    expect(summary(v)).toEqual({ 'unlisted-file': { verdict: 'verified', files: ['SKILL.md verified'] } });
    expect(reads('plain')).toEqual(['skill://unlisted-file/SKILL.md']);
  });

  it('without the extension: no skills, and nothing asked', async () => {
    expect(await ok(core.handlers['skills:list']({ server: 'no-skills' }))).toEqual({ server: 'no-skills', supported: false, directoryRead: false, skills: [], invalid: [] });
    expect(await core.handlers['skills:get']({ server: 'no-skills', uri: 'skill://good/SKILL.md' })).toEqual({
      ok: false,
      error: { code: 'BAD_REQUEST', message: 'Server "no-skills" does not offer skills (no io.modelcontextprotocol/skills extension)' },
    });
  });
});

describe('an independent implementation agrees (@olaservo/ext-skills 0.14.0)', () => {
  /** Its verdict per skill, as `summary` shapes ours; its errors are plain Errors, told apart by their words. */
  async function theirs(): Promise<ReturnType<typeof summary>> {
    const client = new Client({ name: 'cross-check', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [FIXTURE], env: { ...(process.env as Record<string, string>), SB_TEST_MARKER: world.marker } }));
    try {
      const problemOf = (err: unknown): { verdict: SkillVerdict; problem: string } => {
        const text = err instanceof Error ? err.message : String(err);
        const kinds: [RegExp, string][] = [[/^Size mismatch/, 'size'], [/^Digest mismatch/, 'digest'], [/^Frontmatter mismatch/, 'frontmatter'], [/^Verification failure: .* is not listed/, 'unlisted']];
        const kind = kinds.find(([re]) => re.test(text));
        return kind ? { verdict: 'mismatch', problem: kind[1] } : { verdict: 'unfinished', problem: 'read-failed' };
      };
      const out: ReturnType<typeof summary> = {};
      for (const entry of await listSkills(client)) {
        const name = String(entry.frontmatter.name);
        if (!checkSkillLimits(entry).withinLimits) {
          out[name] = { verdict: 'unfinished', problem: 'limits', files: [] };
          continue;
        }
        const root = entry.uri.slice(0, -'/SKILL.md'.length);
        const manifest = manifestOf(entry);
        const files: { path: string; verdict: SkillVerdict; problem?: string }[] = [];
        const check = async (uri: string, read: () => Promise<unknown>, good: SkillVerdict) => {
          try {
            await read();
            files.push({ path: uri.slice(root.length + 1), verdict: good, ...(good === 'no-digests' ? { problem: 'dynamic' } : {}) });
          } catch (err) {
            files.push({ path: uri.slice(root.length + 1), ...problemOf(err) });
          }
        };
        await check(entry.uri, () => readSkill(client, entry, { allowUnverified: true }), manifest ? 'verified' : 'no-digests');
        for (const ref of manifest ?? []) if (ref.uri !== entry.uri) await check(ref.uri, () => readSkillResource(client, entry, ref.uri), 'verified');
        // A served file the manifest lacks: its own rule refuses the read (before any request).
        if (manifest) for (const child of await walkDirectory(client, root)) if (!manifest.some((r) => r.uri === child.uri)) await check(child.uri, () => readSkillResource(client, entry, child.uri), 'verified');
        const order: SkillVerdict[] = ['mismatch', 'unfinished', 'no-digests', 'verified'];
        const worst = order.find((v) => files.some((f) => f.verdict === v)) ?? 'verified';
        const first = files.find((f) => f.verdict === worst);
        out[name] = { verdict: worst, ...(first?.problem ? { problem: first.problem } : {}), files: files.map((f) => `${f.path} ${f.verdict}${f.problem ? `/${f.problem}` : ''}`) };
      }
      return out;
    } finally {
      await client.close();
    }
  }

  it('on every skill and every file', async () => {
    const ours = summary(await ok(core.handlers['skills:verify']({ server: 'skills-modern' })));
    expect(await theirs()).toEqual(ours);
    expect(ours).toEqual(EXPECTED);
  });
});
