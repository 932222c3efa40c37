import { describe, expect, it } from 'vitest';
import type { SkillVerification } from '../../../../src-shared/api/skills.js';
import { formatSkillList, formatVerification, verifyExitCode } from './skills-format.js';

describe('skills --verify exit codes (the MCP Inspector CLI\'s)', () => {
  it('0 when passed, else 7 mismatch, 8 could not finish, 9 no digests', () => {
    expect(verifyExitCode({ passed: true, outcome: 'verified' })).toBe(0);
    expect(verifyExitCode({ passed: true, outcome: 'no-digests' })).toBe(0);
    expect(verifyExitCode({ passed: false, outcome: 'mismatch' })).toBe(7);
    expect(verifyExitCode({ passed: false, outcome: 'unfinished' })).toBe(8);
    expect(verifyExitCode({ passed: false, outcome: 'no-digests' })).toBe(9);
  });
});

describe('skills text', () => {
  it('a server without the extension, and one that lists none', () => {
    expect(formatSkillList({ server: 's', supported: false, directoryRead: false, skills: [], invalid: [] })).toBe('Server "s" does not offer skills (no io.modelcontextprotocol/skills extension).');
    expect(formatSkillList({ server: 's', supported: true, directoryRead: false, skills: [], invalid: [] })).toBe('Server "s" lists no skills (a listing may be partial: a skill can still be read by its URI).');
  });

  it('a verification: each skill, its failing files and differing fields, then the tally', () => {
    const v: SkillVerification = {
      server: 's',
      requireDigests: false,
      outcome: 'mismatch',
      passed: false,
      invalid: [{ index: 3, uri: 'skill://x/SKILL.md', reason: 'frontmatter.name: Required' }],
      skills: [
        { uri: 'skill://a/SKILL.md', name: 'a', verdict: 'verified', files: [{ uri: 'skill://a/SKILL.md', path: 'SKILL.md', verdict: 'verified' }] },
        {
          uri: 'skill://b/SKILL.md',
          name: 'b',
          verdict: 'mismatch',
          problem: 'frontmatter',
          files: [{ uri: 'skill://b/SKILL.md', path: 'SKILL.md', verdict: 'mismatch', problem: 'frontmatter', detail: 'differs', differences: ['description: the entry has "x", SKILL.md has "y"'] }],
        },
        { uri: 'skill://c/SKILL.md', name: 'c', verdict: 'unfinished', problem: 'limits', detail: 'too many', files: [] },
      ],
    };
    expect(formatVerification(v).split('\n')).toEqual([
      '✓ a  verified  skill://a/SKILL.md',
      '✗ b  MISMATCH  skill://b/SKILL.md',
      '    SKILL.md  MISMATCH (frontmatter): differs',
      '      description: the entry has "x", SKILL.md has "y"',
      '? c  could not finish  skill://c/SKILL.md: too many',
      '? invalid entry #3 skill://x/SKILL.md: frontmatter.name: Required',
      'Failed: 1 verified, 1 MISMATCH, 1 could not finish',
    ]);
  });
});
