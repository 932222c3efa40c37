/**
 * A skill entry (SEP-2640 `skills/list` / `skills/get`) as the contract shows it (`SkillInfo`,
 * src-shared/api/skills.ts): name, description, version, the `SKILL.md` digest, the manifest with
 * each file's path under the skill's root, and the limits checked from the entry alone — before any
 * file is read (the extension's Limits: 512 files, 16 MiB, the SDK's `SKILL_LIMITS`).
 */
import { SKILL_LIMITS, type Skill } from '@modelcontextprotocol/client/ext/skills';
import type { SkillFileRef, SkillInfo } from '../../../src-shared/api/skills.js';

/** The skill's root: its `SKILL.md` URI without `/SKILL.md` (the URI itself when it does not end so). */
export function skillRoot(uri: string): string {
  return uri.endsWith('/SKILL.md') ? uri.slice(0, -'/SKILL.md'.length) : uri;
}

/** A URI in one spelling for comparison: parsed and percent-decoded where that is lossless; else as given. */
export function uriKey(uri: string): string {
  try {
    return decodeURI(new URL(uri).href);
  } catch {
    return uri;
  }
}

/** `uri`'s path under `root` (`references/GUIDE.md`); the URI itself when it is not under `root`. */
export function pathUnder(root: string, uri: string): string {
  const [r, u] = [uriKey(root), uriKey(uri)];
  return u.startsWith(`${r}/`) ? u.slice(r.length + 1) : uri;
}

/** Why `skill` is over the extension's limits, counted from the entry; `undefined` when within (or dynamic). */
export function overLimits(skill: Skill): string | undefined {
  if (skill.resources === 'dynamic') return undefined;
  const files = skill.resources.length;
  const bytes = skill.resources.reduce((sum, r) => sum + r.size, 0);
  const over: string[] = [];
  if (files > SKILL_LIMITS.files) over.push(`${files} files (the limit is ${SKILL_LIMITS.files})`);
  if (bytes > SKILL_LIMITS.bytes) over.push(`${bytes} bytes (the limit is ${SKILL_LIMITS.bytes})`);
  return over.length > 0 ? `The skill lists ${over.join(' and ')}; it is not read` : undefined;
}

/** `frontmatter.metadata.version` as text, when the author wrote one. */
function versionOf(frontmatter: Record<string, unknown>): string | undefined {
  const metadata = frontmatter.metadata;
  const version = metadata !== null && typeof metadata === 'object' ? (metadata as Record<string, unknown>).version : undefined;
  return typeof version === 'string' || typeof version === 'number' ? String(version) : undefined;
}

/** The manifest with paths, or `"dynamic"`. */
export function manifest(skill: Skill): SkillFileRef[] | 'dynamic' {
  if (skill.resources === 'dynamic') return 'dynamic';
  const root = skillRoot(skill.uri);
  return skill.resources.map((r) => ({ uri: r.uri, path: pathUnder(root, r.uri), digest: r.digest, size: r.size }));
}

/** The contract's view of one entry. */
export function skillInfo(skill: Skill): SkillInfo {
  const frontmatter = skill.frontmatter as Record<string, unknown>;
  const files = manifest(skill);
  const own = files === 'dynamic' ? undefined : files.find((f) => uriKey(f.uri) === uriKey(skill.uri));
  const version = versionOf(frontmatter);
  const over = overLimits(skill);
  return {
    uri: skill.uri,
    name: skill.frontmatter.name,
    description: skill.frontmatter.description,
    ...(version !== undefined ? { version } : {}),
    ...(own ? { digest: own.digest } : {}),
    frontmatter,
    files,
    ...(files !== 'dynamic' ? { totalBytes: files.reduce((sum, f) => sum + f.size, 0) } : {}),
    ...(over !== undefined ? { overLimits: over } : {}),
  };
}
