/**
 * `skills:*`: the skills a server offers (issue 35 items 1–2; SEP-2640; docs/extensions.md § Skills).
 * Nothing is read ahead of need: `skills:list` asks only `skills/list`; `skills:get` reads one
 * `SKILL.md`, `skills:read` one file, `skills:verify` reads every listed file of the skills it checks.
 */
import { z } from 'zod';
import { SkillDocumentSchema, SkillFileSchema, SkillListSchema, SkillTreeSchema, SkillVerificationSchema } from '../skills.js';
import { ServerName } from './common.js';

const Uri = z.string().min(1).max(10_000);

export const skillsMethods = {
  /** The server's skills as listed (every page). A server without the extension: `supported: false`, no skills. */
  'skills:list': { input: z.object({ server: ServerName }).strict(), output: SkillListSchema },
  /** One skill by its `SKILL.md` URI (listed or not): a fresh `skills/get`, then `SKILL.md` read and checked. */
  'skills:get': { input: z.object({ server: ServerName, uri: Uri }).strict(), output: SkillDocumentSchema },
  /** One file of a skill (`path` under its root, or the file's URI), read and checked against a fresh entry. */
  'skills:read': { input: z.object({ server: ServerName, uri: Uri, path: z.string().min(1).max(10_000) }).strict(), output: SkillFileSchema },
  /** Check every listed skill (or the one at `uri`): every file read and checked. `requireDigests`: a dynamic skill fails. */
  'skills:verify': {
    input: z.object({ server: ServerName, uri: Uri.optional(), requireDigests: z.boolean().optional() }).strict(),
    output: SkillVerificationSchema,
  },
  /** The direct children of a directory resource (`resources/directory/read`); only when the server declares `directoryRead`. */
  'skills:tree': { input: z.object({ server: ServerName, uri: Uri }).strict(), output: SkillTreeSchema },
} as const;
