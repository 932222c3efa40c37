/**
 * `switchboard search`, `show` and `registry` (issue 36 items 1, 2, 4) as a person runs them: the
 * built CLI, one-shot, against the fixture registry on 127.0.0.1 configured with `registry add`.
 * Words and exit codes for an answer, a deleted entry (3), an unknown name (2), a registry that is
 * down (its cache answers, stderr says how old; nothing cached: 2), and `registry validate` of a
 * file with the failing JSON path (1). One fixture for the file.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistrySearchResult, RegistryShowResult, ServerJsonValidation } from '../../src-shared/api/registry.js';
import { makeWorld, runSwitchboard, type TempWorld } from '../core/composition/test-world.js';
import { registryFixtureModule, type RegistryFixture } from '../core/registry/fixtures/registry-fixture-kit.js';

let world: TempWorld;
let fixture: RegistryFixture;
let mod: Awaited<ReturnType<typeof registryFixtureModule>>;

beforeAll(async () => {
  world = makeWorld();
  mod = await registryFixtureModule();
  fixture = await mod.startRegistryFixture();
});

afterAll(async () => {
  await fixture.close();
  world.cleanup();
});

describe('switchboard search / show / registry (issue 36)', () => {
  it('registry add puts the fixture beside the official one; remove takes the official one out', async () => {
    const add = await runSwitchboard(world, ['registry', 'add', 'fixture', fixture.url]);
    expect([add.code, add.stdout, add.stderr]).toEqual([0, `official  https://registry.modelcontextprotocol.io\nfixture  ${fixture.url}\n`, '']);
    const rm = await runSwitchboard(world, ['registry', 'remove', 'official']);
    expect([rm.code, rm.stdout]).toEqual([0, `fixture  ${fixture.url}\n`]);
  }, 60_000);

  it('search prints cards and says what it hid and where the next page is; --json has the whole answer', async () => {
    const text = await runSwitchboard(world, ['search', 'filesystem']);
    expect(text.code).toBe(0);
    expect(text.stdout).toBe(
      [
        `${mod.FIXTURE_NAMES.filesystem}  ${mod.filesystemVersion()}  [fixture]`,
        '  Filesystem: Secure file operations with configurable access controls',
        `  npm @modelcontextprotocol/server-filesystem@${mod.filesystemVersion()} (stdio, npx)`,
        '',
      ].join('\n'),
    );
    expect(text.stderr).toBe('');
    const page = await runSwitchboard(world, ['search', 'example/', '--limit', '10', '--json']);
    expect(page.code).toBe(0);
    const r = JSON.parse(page.stdout) as RegistrySearchResult;
    expect(r.registries).toEqual([{ registry: 'fixture', url: fixture.url, cache: { fromCache: false, ageMs: 0 }, hidden: 2, nextCursor: 'io.github.example/page-03:1.0.0', skipped: [] }]);
    expect(page.stderr).toBe(
      'Registry fixture: 2 not active (deprecated or deleted) hidden; --all shows them\n' +
        'More from fixture: switchboard search example/ --registry fixture --cursor io.github.example/page-03:1.0.0\n',
    );
  }, 60_000);

  it('show: a version with its versions listed; a deleted entry exits 3; an unknown name exits 2', async () => {
    const one = await runSwitchboard(world, ['show', `${mod.FIXTURE_NAMES.filesystem}@2025.1.0`, '--json']);
    expect(one.code).toBe(0);
    const s = JSON.parse(one.stdout) as RegistryShowResult;
    expect([s.card.version, s.versions.map((v) => v.version), (s.server.packages as { version: string }[])[0]?.version]).toEqual(['2025.1.0', ['2025.1.0', mod.filesystemVersion()], '2025.1.0']);
    const gone = await runSwitchboard(world, ['show', mod.FIXTURE_NAMES.deleted]);
    expect(gone.code).toBe(3);
    expect(gone.stdout).toContain('io.github.example/removed-tool  1.0.1  [fixture]  DELETED\n');
    expect(gone.stderr).toBe('io.github.example/removed-tool@1.0.1 is deleted from registry fixture: it can never be installed.\n');
    const unknown = await runSwitchboard(world, ['show', 'io.example/none']);
    expect([unknown.code, unknown.stderr]).toEqual([2, 'No configured registry (fixture) lists io.example/none\n']);
  }, 60_000);

  it('a registry that is down: search answers from its cache and says how old; nothing cached exits 2', async () => {
    fixture.setDown(true);
    try {
      const cached = await runSwitchboard(world, ['search', 'filesystem']);
      expect(cached.code).toBe(0);
      expect(cached.stdout).toContain(`${mod.FIXTURE_NAMES.filesystem}  ${mod.filesystemVersion()}  [fixture]`);
      expect(cached.stderr).toMatch(new RegExp(`^Registry fixture: answered from its cache, (saved just now|\\d+ s old) \\(${fixture.url.replace(/\./g, '\\.')} is unreachable: HTTP 503 Service Unavailable\\)\\n$`));
      const none = await runSwitchboard(world, ['search', 'never-asked']);
      expect([none.code, none.stdout, none.stderr]).toEqual([2, '', `Registry fixture: ${fixture.url} is unreachable: HTTP 503 Service Unavailable; nothing of it is cached\n`]);
    } finally {
      fixture.setDown(false);
    }
  }, 60_000);

  it('registry validate: valid, or each failing JSON path with exit 1; an unknown schema version is said', async () => {
    const good = join(world.project, 'server.json');
    writeFileSync(good, JSON.stringify(fixture.entries[1]?.server));
    const ok = await runSwitchboard(world, ['registry', 'validate', good]);
    expect([ok.code, ok.stdout.split('\n')[0]]).toEqual([0, `${good}: valid against server.json schema 2025-12-11`]);
    const bad = join(world.project, 'bad.json');
    writeFileSync(bad, JSON.stringify({ $schema: 'https://static.modelcontextprotocol.io/schemas/2030-01-01/server.schema.json', name: 'no-slash', description: 'x', version: '1.0.0', packages: [{ registryType: 'npm', transport: { type: 'stdio' } }] }));
    const no = await runSwitchboard(world, ['registry', 'validate', bad, '--json']);
    expect(no.code).toBe(1);
    const v = JSON.parse(no.stdout) as ServerJsonValidation;
    expect([v.valid, v.checkedAgainst, v.note, v.problems]).toEqual([
      false,
      '2025-12-11',
      '$schema names version 2030-01-01, not known here; checked against the newest known, 2025-12-11 (known: 2025-12-11)',
      [
        { path: '/name', message: 'must match pattern "^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$"' },
        { path: '/packages/0', message: 'must have property "identifier"' },
      ],
    ]);
  }, 60_000);
});
