/**
 * Reading and checking skill files (issue 35 item 2; SEP-2640 § Integrity and verification), on the
 * SDK's own `SkillsClient` (`@modelcontextprotocol/client/ext/skills`): each file read lazily by
 * `resources/read` and checked against the entry — listed at all (before any request), byte size,
 * SHA-256 digest, and for `SKILL.md` its frontmatter, parsed with the `yaml` package and compared
 * field by field with the entry's. Entries over the limits are not read. A dynamic skill has no
 * digests: its `SKILL.md` frontmatter is still compared; its verdict is `no-digests`. Never throws:
 * a read that fails is `unfinished`, with the reason.
 */
import type { Client } from '@modelcontextprotocol/client';
import { SkillVerificationError, SkillsClient, type Skill } from '@modelcontextprotocol/client/ext/skills';
import { parse as parseYaml } from 'yaml';
import type { SkillCheck, SkillFile, SkillFileVerdict, SkillVerdict } from '../../../src-shared/api/skills.js';
import { failureMessage } from '../mcp/tools/tool-bridge.js';
import { overLimits, pathUnder, skillRoot } from './skill-entries.js';

/** `SKILL.md` frontmatter by a full YAML parser (YAML 1.2 core schema); a mapping or a throw. */
export function parseFrontmatterYaml(text: string): Record<string, unknown> {
  const value: unknown = parseYaml(text);
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error('the frontmatter is not a mapping of keys to values');
  return value as Record<string, unknown>;
}

/** The SDK's skills client over `client`: invalid listing entries returned, not thrown; frontmatter by `yaml`. */
export function skillsClientOf(client: Client): SkillsClient {
  return new SkillsClient(client, { skipInvalid: true, parseFrontmatter: parseFrontmatterYaml });
}

/** One file read and checked, with `SKILL.md`'s parsed frontmatter and body when it passed. */
export interface CheckedFile {
  file: SkillFile;
  frontmatter?: Record<string, unknown>;
  body?: string;
}

/**
 * Read `ref` (a path under the skill's root, or a URI; default its `SKILL.md`) of `skill` and check
 * it. Text is returned only when the check passed or the skill is dynamic (a failed file is not
 * used, as the extension requires).
 */
export async function readChecked(skills: SkillsClient, skill: Skill, ref: string | undefined, timeoutMs: number): Promise<CheckedFile> {
  const root = skillRoot(skill.uri);
  const target = ref === undefined ? skill.uri : /^[a-z][a-z0-9+.-]*:/i.test(ref) ? ref : `${root}/${ref}`;
  const where = { uri: target, path: pathUnder(root, target) };
  const over = overLimits(skill);
  if (over !== undefined) return { file: { ...where, verdict: 'unfinished', problem: 'limits', detail: over } };
  try {
    const read = await skills.read(skill, ref, { timeout: timeoutMs });
    const dynamic = skill.resources === 'dynamic';
    const file: SkillFile = {
      uri: read.uri,
      path: pathUnder(root, read.uri),
      verdict: dynamic ? 'no-digests' : 'verified',
      ...(dynamic ? { problem: 'dynamic' as const, detail: 'The skill is dynamic: the server publishes no digests to check against' } : {}),
      ...(read.mimeType !== undefined ? { mimeType: read.mimeType } : {}),
      ...(read.text !== undefined ? { text: read.text } : {}),
      bytes: read.bytes.byteLength,
    };
    return { file, ...(read.frontmatter ? { frontmatter: read.frontmatter } : {}), ...(read.body !== undefined ? { body: read.body } : {}) };
  } catch (err) {
    return { file: { ...where, ...failedVerdict(err) } };
  }
}

/** A thrown read as a verdict: a verification failure is a `mismatch`; anything else could not finish. */
function failedVerdict(err: unknown): Omit<SkillFileVerdict, 'uri' | 'path'> {
  if (err instanceof SkillVerificationError) {
    return { verdict: 'mismatch', problem: err.reason, detail: err.message, ...(err.differences.length > 0 ? { differences: [...err.differences] } : {}) };
  }
  if (err instanceof TypeError) return { verdict: 'unfinished', problem: 'invalid-entry', detail: err.message };
  return { verdict: 'unfinished', problem: 'read-failed', detail: failureMessage(err) };
}

const ORDER: readonly SkillVerdict[] = ['mismatch', 'unfinished', 'no-digests', 'verified'];

/** The worst of `verdicts` (mismatch, unfinished, no-digests, verified); `verified` for none. */
export function worst(verdicts: readonly SkillVerdict[]): SkillVerdict {
  return ORDER.find((v) => verdicts.includes(v)) ?? 'verified';
}

/** Children walked at most per skill (the file limit and some directories). */
const MAX_TREE_NODES = 1024;

/**
 * Files `resources/directory/read` shows under the skill's root that its manifest does not list
 * (each a `mismatch`, problem `unlisted`; never read). Only when the server declares `directoryRead`
 * and the skill has a manifest; a directory read that fails is one `unfinished` verdict.
 */
async function unlistedFiles(skills: SkillsClient, skill: Skill, timeoutMs: number): Promise<SkillFileVerdict[]> {
  if (!skills.directoryRead || skill.resources === 'dynamic') return [];
  const root = skillRoot(skill.uri);
  const listed = new Set(skill.resources.map((r) => pathUnder(root, r.uri)));
  const out: SkillFileVerdict[] = [];
  const queue = [root];
  let seen = 0;
  for (let dir = queue.shift(); dir !== undefined && seen < MAX_TREE_NODES; dir = queue.shift()) {
    let children;
    try {
      children = (await skills.readDirectory(dir, { timeout: timeoutMs })).resources;
    } catch (err) {
      out.push({ uri: dir, path: pathUnder(root, dir), verdict: 'unfinished', problem: 'read-failed', detail: `resources/directory/read: ${failureMessage(err)}` });
      break;
    }
    for (const child of children) {
      seen++;
      const path = pathUnder(root, child.uri);
      if (path === child.uri) continue; // outside the skill: not ours to judge
      if (child.mimeType === 'inode/directory') queue.push(child.uri);
      else if (!listed.has(path)) out.push({ uri: child.uri, path, verdict: 'mismatch', problem: 'unlisted', detail: `${child.uri} is served (resources/directory/read) but not listed in the skill's manifest; it is not read` });
    }
  }
  return out;
}

/**
 * Check one skill: over the limits → `unfinished` with nothing read; otherwise every listed file
 * read and checked (`SKILL.md` first), and with `directoryRead` any served file the manifest lacks.
 * A dynamic skill: its `SKILL.md` frontmatter checked, verdict `no-digests`.
 */
export async function checkSkill(skills: SkillsClient, skill: Skill, timeoutMs: number): Promise<SkillCheck> {
  const head = { uri: skill.uri, name: skill.frontmatter.name };
  const over = overLimits(skill);
  if (over !== undefined) return { ...head, verdict: 'unfinished', problem: 'limits', detail: over, files: [] };
  const refs = skill.resources === 'dynamic' ? [skill.uri] : [skill.uri, ...skill.resources.map((r) => r.uri).filter((u) => u !== skill.uri)];
  const files: SkillFileVerdict[] = [];
  for (const ref of refs) {
    const { file } = await readChecked(skills, skill, ref, timeoutMs);
    files.push({ uri: file.uri, path: file.path, verdict: file.verdict, ...pick(file) });
  }
  files.push(...(await unlistedFiles(skills, skill, timeoutMs)));
  const verdict = worst(files.map((f) => f.verdict));
  const first = files.find((f) => f.verdict === verdict);
  return { ...head, verdict, ...(first?.problem ? { problem: first.problem } : {}), ...(first?.detail ? { detail: first.detail } : {}), files };
}

/** The verdict fields of a file, without its content. */
function pick(file: SkillFileVerdict): Partial<SkillFileVerdict> {
  return { ...(file.problem ? { problem: file.problem } : {}), ...(file.detail ? { detail: file.detail } : {}), ...(file.differences ? { differences: file.differences } : {}) };
}
