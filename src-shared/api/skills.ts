/**
 * Skills a server offers (issue 35 items 1–2; SEP-2640, extension `io.modelcontextprotocol/skills`;
 * docs/extensions.md § Skills). Shapes of `skills:list`, `skills:get`, `skills:read`,
 * `skills:verify` and `skills:tree`. A skill is identified by (server, uri) — the server's name in
 * Switchboard and its `SKILL.md` URI — never by the server's own `serverInfo.name`. Every string
 * that comes from the server (names, descriptions, frontmatter, file text) is untrusted: rendered
 * as text.
 */
import { z } from 'zod';

/** One file of a skill as the entry lists it: its URI, `sha256:<hex>` digest, and size in bytes. */
export const SkillFileRefSchema = z.object({
  uri: z.string(),
  /** The file's path under the skill's root (`SKILL.md`, `references/GUIDE.md`). */
  path: z.string(),
  digest: z.string(),
  size: z.number().int().nonnegative(),
});
export type SkillFileRef = z.infer<typeof SkillFileRefSchema>;

/** One skill entry as `skills/list` / `skills/get` gave it (nothing read yet). */
export const SkillInfoSchema = z.object({
  /** The `SKILL.md` URI: with the server's name, the skill's identity. */
  uri: z.string(),
  /** `frontmatter.name` (a label, not unique). */
  name: z.string(),
  description: z.string(),
  /** `frontmatter.metadata.version` when the author wrote one as text or number. */
  version: z.string().optional(),
  /** The digest `SKILL.md` is listed with; absent for a dynamic skill. */
  digest: z.string().optional(),
  /** The entry's frontmatter, verbatim (JSON). */
  frontmatter: z.record(z.string(), z.unknown()),
  /** The manifest as listed, or `"dynamic"` (generated content: no digests to check). */
  files: z.union([z.array(SkillFileRefSchema), z.literal('dynamic')]),
  /** Sum of the listed sizes (bytes); absent for a dynamic skill. */
  totalBytes: z.number().int().nonnegative().optional(),
  /** Why the entry is over the extension's limits (512 files, 16 MiB), from the entry alone; absent when within. */
  overLimits: z.string().optional(),
});
export type SkillInfo = z.infer<typeof SkillInfoSchema>;

/** A `skills/list` entry refused as invalid (its position in the listing, its URI if any, and why). */
export const InvalidSkillSchema = z.object({ index: z.number().int(), uri: z.string().optional(), reason: z.string() });

/** `skills:list`: whether the server offers the extension (and `directoryRead`), and its skills. */
export const SkillListSchema = z.object({
  server: z.string(),
  /** The server declared `io.modelcontextprotocol/skills`; when `false`, `skills` is empty and nothing was asked. */
  supported: z.boolean(),
  /** The server declared `directoryRead`: `skills:tree` works. */
  directoryRead: z.boolean(),
  skills: z.array(SkillInfoSchema),
  invalid: z.array(InvalidSkillSchema),
});
export type SkillList = z.infer<typeof SkillListSchema>;

/**
 * A check's outcome. `verified`: size, digest (and for `SKILL.md` the frontmatter) match the entry.
 * `mismatch`: a violation (wrong digest or size, frontmatter that differs, a file not in the
 * manifest). `no-digests`: a dynamic skill, nothing to check against (a failure only when digests
 * are required). `unfinished`: the check could not finish (the read failed, the server is gone, the
 * entry is over the limits or invalid).
 */
export const SkillVerdictSchema = z.enum(['verified', 'mismatch', 'no-digests', 'unfinished']);
export type SkillVerdict = z.infer<typeof SkillVerdictSchema>;

/** What went wrong, when the verdict is not `verified`. */
export const SkillProblemSchema = z.enum(['digest', 'size', 'frontmatter', 'unlisted', 'limits', 'invalid-entry', 'read-failed', 'dynamic']);
export type SkillProblem = z.infer<typeof SkillProblemSchema>;

/** One file's verdict. */
export const SkillFileVerdictSchema = z.object({
  uri: z.string(),
  path: z.string(),
  verdict: SkillVerdictSchema,
  problem: SkillProblemSchema.optional(),
  /** The reason in words (e.g. `… is 90 bytes; the skill entry lists 91`). */
  detail: z.string().optional(),
  /** For `frontmatter`: one line per differing field. */
  differences: z.array(z.string()).optional(),
});
export type SkillFileVerdict = z.infer<typeof SkillFileVerdictSchema>;

/** One file read through `resources/read` and checked: its text only when the check passed (or the skill is dynamic). */
export const SkillFileSchema = SkillFileVerdictSchema.extend({
  mimeType: z.string().optional(),
  /** The file's text (UTF-8); absent for binary files and for a file that failed its check. */
  text: z.string().optional(),
  /** Byte length of what the server sent (absent when the read failed). */
  bytes: z.number().int().nonnegative().optional(),
});
export type SkillFile = z.infer<typeof SkillFileSchema>;

/** `skills:get`: the entry (fresh, by `skills/get`) and its `SKILL.md`, read and checked. */
export const SkillDocumentSchema = z.object({
  server: z.string(),
  skill: SkillInfoSchema,
  file: SkillFileSchema,
  /** `SKILL.md`'s frontmatter as parsed (YAML) — present when the file passed its check. */
  frontmatter: z.record(z.string(), z.unknown()).optional(),
  /** The markdown after the frontmatter — present when the file passed its check. */
  body: z.string().optional(),
});
export type SkillDocument = z.infer<typeof SkillDocumentSchema>;

/** One skill's verdict: the worst of its files' (and the limits' / entry's own). */
export const SkillCheckSchema = z.object({
  uri: z.string(),
  name: z.string(),
  verdict: SkillVerdictSchema,
  problem: SkillProblemSchema.optional(),
  detail: z.string().optional(),
  files: z.array(SkillFileVerdictSchema),
});
export type SkillCheck = z.infer<typeof SkillCheckSchema>;

/**
 * `skills:verify`: every skill's verdict (or the one asked for) and the overall one. `outcome` is
 * the worst verdict present, in the order mismatch, unfinished, no-digests, verified (an invalid
 * listing entry counts as unfinished). `passed` is false on any `mismatch` or `unfinished`, and on
 * `no-digests` when `requireDigests` was asked. The CLI exits 0 when passed, else 7, 8 or 9 by
 * `outcome`.
 */
export const SkillVerificationSchema = z.object({
  server: z.string(),
  requireDigests: z.boolean(),
  outcome: SkillVerdictSchema,
  passed: z.boolean(),
  skills: z.array(SkillCheckSchema),
  /** Listing entries refused as invalid (each also counts as `unfinished`). */
  invalid: z.array(InvalidSkillSchema),
});
export type SkillVerification = z.infer<typeof SkillVerificationSchema>;

/** One child of a directory resource (`resources/directory/read`): a file, or a directory to descend into. */
export const SkillTreeNodeSchema = z.object({
  uri: z.string(),
  name: z.string(),
  mimeType: z.string().optional(),
  directory: z.boolean(),
  /** For a file under a skill the server listed: whether its manifest lists it (`false`: reading it is a verification failure). */
  listed: z.boolean().optional(),
});
export type SkillTreeNode = z.infer<typeof SkillTreeNodeSchema>;

/** `skills:tree`: the direct children of one directory (descend by asking again with a child's `uri`). */
export const SkillTreeSchema = z.object({ server: z.string(), uri: z.string(), children: z.array(SkillTreeNodeSchema) });
export type SkillTree = z.infer<typeof SkillTreeSchema>;
