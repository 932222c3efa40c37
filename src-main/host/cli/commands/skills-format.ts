/**
 * Text of `switchboard skills` (issue 35; docs/extensions.md § Skills): the listing, one skill, and
 * a verification — and the exit code of `--verify`, the MCP Inspector's: 7 a violation, 8 the check
 * could not finish, 9 no digests under `--require-digests`, 0 passed. Server text is printed as
 * text, never interpreted.
 */
import type { SkillCheck, SkillDocument, SkillFileVerdict, SkillInfo, SkillList, SkillVerdict, SkillVerification } from '../../../../src-shared/api/skills.js';

/** Exit codes of `skills --verify` (the same as the MCP Inspector's CLI, so one CI script serves both). */
export const SKILLS_EXIT = { OK: 0, VIOLATION: 7, UNFINISHED: 8, NO_DIGESTS: 9 } as const;

/** The exit code of a verification: 0 when it passed, else by its outcome. */
export function verifyExitCode(v: Pick<SkillVerification, 'passed' | 'outcome'>): number {
  if (v.passed) return SKILLS_EXIT.OK;
  if (v.outcome === 'mismatch') return SKILLS_EXIT.VIOLATION;
  if (v.outcome === 'no-digests') return SKILLS_EXIT.NO_DIGESTS;
  return SKILLS_EXIT.UNFINISHED;
}

const WORDS: Record<SkillVerdict, string> = { verified: 'verified', mismatch: 'MISMATCH', 'no-digests': 'no digests', unfinished: 'could not finish' };

/** `files, bytes` of an entry's manifest, or `dynamic`. */
function sizeOf(s: SkillInfo): string {
  return s.files === 'dynamic' ? 'dynamic (no digests)' : `${s.files.length} file${s.files.length === 1 ? '' : 's'}, ${s.totalBytes ?? 0} bytes`;
}

/** The listing: per skill its name, version, size and URI, then its description. */
export function formatSkillList(list: SkillList): string {
  if (!list.supported) return `Server "${list.server}" does not offer skills (no io.modelcontextprotocol/skills extension).`;
  const lines: string[] = [];
  for (const s of list.skills) {
    lines.push(`${s.name}${s.version !== undefined ? `  v${s.version}` : ''}  ${sizeOf(s)}  ${s.uri}`);
    lines.push(`  ${s.description}`);
    if (s.overLimits !== undefined) lines.push(`  ! ${s.overLimits}`);
  }
  for (const i of list.invalid) lines.push(`! invalid entry #${i.index}${i.uri !== undefined ? ` ${i.uri}` : ''}: ${i.reason}`);
  if (lines.length === 0) return `Server "${list.server}" lists no skills (a listing may be partial: a skill can still be read by its URI).`;
  if (list.directoryRead) lines.push('(the server offers resources/directory/read)');
  return lines.join('\n');
}

/** One file's line: path, verdict, and why. */
function fileLine(f: SkillFileVerdict): string {
  return `${f.path}  ${WORDS[f.verdict]}${f.problem !== undefined && f.verdict !== 'verified' ? ` (${f.problem})` : ''}${f.detail !== undefined && f.verdict !== 'no-digests' ? `: ${f.detail}` : ''}`;
}

/** One skill: its entry (manifest with digests), then `SKILL.md` as the server sent it — or why it is not shown. */
export function formatSkillDocument(doc: SkillDocument): { out: string; err?: string } {
  const s = doc.skill;
  const head = [`${s.name}  ${s.uri}`, `  ${s.description}`];
  if (s.version !== undefined) head.push(`  version ${s.version}`);
  if (s.files === 'dynamic') head.push('  files: dynamic (the server publishes no digests)');
  else for (const f of s.files) head.push(`  ${f.path}  ${f.size} bytes  ${f.digest}`);
  head.push(`SKILL.md: ${fileLine(doc.file)}`);
  if (doc.file.text === undefined) return { out: head.join('\n'), err: `SKILL.md is not shown: ${doc.file.detail ?? WORDS[doc.file.verdict]}` };
  return { out: [...head, '', doc.file.text].join('\n') };
}

/** One skill's verification: its verdict, then each file that is not verified. */
function checkLines(c: SkillCheck): string[] {
  const mark = c.verdict === 'verified' ? '✓' : c.verdict === 'no-digests' ? '~' : c.verdict === 'mismatch' ? '✗' : '?';
  const lines = [`${mark} ${c.name}  ${WORDS[c.verdict]}  ${c.uri}${c.files.length === 0 && c.detail !== undefined ? `: ${c.detail}` : ''}`];
  for (const f of c.files) if (f.verdict !== 'verified') lines.push(`    ${fileLine(f)}`);
  for (const d of c.files.flatMap((f) => f.differences ?? [])) lines.push(`      ${d}`);
  return lines;
}

/** A verification: every skill, then the totals and the outcome. */
export function formatVerification(v: SkillVerification): string {
  const lines = v.skills.flatMap(checkLines);
  for (const i of v.invalid) lines.push(`? invalid entry #${i.index}${i.uri !== undefined ? ` ${i.uri}` : ''}: ${i.reason}`);
  const counts = (['verified', 'mismatch', 'unfinished', 'no-digests'] as const).map((k) => [k, v.skills.filter((s) => s.verdict === k).length] as const).filter(([, n]) => n > 0);
  const tally = counts.map(([k, n]) => `${n} ${WORDS[k]}`).join(', ') || 'no skills';
  lines.push(`${v.passed ? 'Passed' : 'Failed'}: ${tally}${v.requireDigests ? ' (digests required)' : ''}`);
  return lines.join('\n');
}
