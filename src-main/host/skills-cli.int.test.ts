/**
 * `switchboard skills` (issue 35; docs/extensions.md § Skills) as a real child process against the
 * skills fixture (fixtures/skills-server.mjs): the listing, one skill printed, and `--verify`'s exit
 * codes — 0 passed, 7 a violation, 8 could not finish, 9 no digests under `--require-digests` (the
 * MCP Inspector's, so one CI script serves both).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillVerification } from '../../src-shared/api/skills.js';
import { makeWorld, processesWithMarker, runSwitchboard, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';

const FIXTURE = fileURLToPath(new URL('../core/mcp/testing/fixtures/skills-server.mjs', import.meta.url));

let world: TempWorld;

beforeAll(() => {
  world = makeWorld();
  writeOwnServers(world, { fx: { command: process.execPath, args: [FIXTURE], env: { SB_TEST_MARKER: world.marker } } });
});

afterAll(() => {
  expect(processesWithMarker(world.marker)).toEqual([]);
  world.cleanup();
});

describe('switchboard skills', () => {
  it('lists, prints one skill (a tampered SKILL.md is not shown: exit 7), and --verify exits 0, 7, 8 or 9 as the Inspector does (8 also when the check cannot run)', async () => {
    // One-shot runs, side by side (each starts its own core and fixture).
    const [list, one, tampered, good, size, broken, dynamic, all, gone] = await Promise.all([
      ['skills', 'fx'],
      ['skills', 'fx', 'good'],
      ['skills', 'fx', 'skill://frontmatter-differs/SKILL.md'],
      ['skills', 'fx', 'good', '--verify', '--require-digests'],
      ['skills', 'fx', 'wrong-size', '--verify'],
      ['skills', 'fx', 'broken', '--verify'],
      ['skills', 'fx', 'dynamic', '--verify', '--require-digests'],
      ['skills', 'fx', '--verify', '--json'],
      ['skills', 'nowhere', '--verify'],
    ].map((args) => runSwitchboard(world, args)));

    expect(list?.stderr).toBe('');
    expect(list?.code).toBe(0);
    const lines = list?.stdout.split('\n') ?? [];
    expect(lines[0]).toBe('good  v1.2.0  3 files, 188 bytes  skill://good/SKILL.md');
    expect(lines[1]).toBe('  A skill whose every file matches');
    expect(lines).toContain('dynamic  dynamic (no digests)  skill://dynamic/SKILL.md');
    expect(lines).toContain('  ! The skill lists 513 files (the limit is 512); it is not read');

    expect(one?.stderr).toBe('');
    expect(one?.code).toBe(0);
    expect(one?.stdout).toMatch(/^ {2}references\/GUIDE\.md {2}42 bytes {2}sha256:[0-9a-f]{64}$/m);
    expect(one?.stdout).toContain('SKILL.md: SKILL.md  verified\n\n---\nname: good\n');

    expect(tampered?.code).toBe(7);
    expect(tampered?.stdout).not.toContain('# frontmatter-differs');
    expect(tampered?.stderr).toContain('SKILL.md is not shown: the frontmatter of skill://frontmatter-differs/SKILL.md differs from the skill entry');

    expect([good?.code, size?.code, broken?.code, dynamic?.code]).toEqual([0, 7, 8, 9]);
    expect(size?.stdout.split('\n')).toEqual([
      '✗ wrong-size  MISMATCH  skill://wrong-size/SKILL.md',
      '    references/GUIDE.md  MISMATCH (size): skill://wrong-size/references/GUIDE.md is 42 bytes; the skill entry lists 43',
      'Failed: 1 MISMATCH',
      '',
    ]);
    expect(dynamic?.stdout).toContain('Failed: 1 no digests (digests required)');

    expect(all?.code).toBe(7);
    const v = JSON.parse(all?.stdout ?? '') as SkillVerification;
    expect(v).toMatchObject({ server: 'fx', outcome: 'mismatch', passed: false });
    expect(Object.fromEntries(v.skills.map((s) => [s.name, s.verdict]))).toEqual({
      good: 'verified',
      'wrong-digest': 'mismatch',
      'wrong-size': 'mismatch',
      'frontmatter-differs': 'mismatch',
      'unlisted-file': 'mismatch',
      dynamic: 'no-digests',
      broken: 'unfinished',
      'too-big': 'unfinished',
    });

    // The verification itself could not run: 8 too, with the reason.
    expect(gone?.code).toBe(8);
    expect(gone?.stderr).toContain('Unknown server "nowhere"');
  }, 200_000);
});
