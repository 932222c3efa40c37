/**
 * `install:*` methods and events (issue 13, docs/inspecting.md; MCP's SEP-1024 consent): an install link is
 * first turned into a preview that shows, untruncated, exactly what would run or be contacted and
 * the file it would be written to; nothing is written or started until `install:confirm` with the
 * preview's id. The renderer never sends a config to execute — only the link and then the id.
 */
import { z } from 'zod';
import { MAX_DEEP_LINK_LENGTH } from '../../deep-link.js';
import { WriteOutcomeSchema } from '../config.js';
import { ProvenanceSchema } from '../../config/server.js';

/** A variable or header as shown: `value` is masked (`••••••••`) when it is a literal secret. */
const ShownValueSchema = z.object({ name: z.string(), value: z.string(), secret: z.boolean() });

/** What installing would do, shown to the person before anything happens. */
export const InstallPreviewSchema = z.object({
  /** Pass to `install:confirm` (valid for a few minutes, once). */
  id: z.string(),
  origin: z.enum(['switchboard', 'cursor', 'vscode']),
  name: z.string(),
  /** The name the link gave, when it had to be adapted to the name rule. */
  renamedFrom: z.string().optional(),
  transport: z.enum(['stdio', 'http', 'sse']),
  /** stdio: the program that would run, exactly as given. */
  command: z.string().optional(),
  /** stdio: every argument, one item each, exactly as given (no shell joins or splits them). */
  args: z.array(z.string()),
  /** stdio: the program and its arguments as one line, each part quoted as a POSIX shell would read it back. */
  commandLine: z.string().optional(),
  cwd: z.string().optional(),
  /** Environment variables given to the program; `value` is masked when `secret`. */
  env: z.array(ShownValueSchema),
  /** http/sse: the address that would be contacted. */
  url: z.string().optional(),
  /** HTTP headers that would be sent, every value shown (masked when `secret`). */
  headers: z.array(ShownValueSchema),
  /** The file the server would be written to. */
  file: z.string(),
  /**
   * Definitions of the same name in other hosts' files that this server would hide (Switchboard's
   * own file comes first): `install:confirm` refuses unless it carries `confirmShadow: true`.
   */
  shadows: z.array(ProvenanceSchema),
  /** Fields of the link that are not written (host-specific ones such as VS Code's `inputs`). */
  ignored: z.array(z.string()),
  /** What a person should know before saying yes. */
  warnings: z.array(z.string()),
});
export type InstallPreview = z.infer<typeof InstallPreviewSchema>;

export const installMethods = {
  /** Parse an install link (ours, Cursor's or VS Code's) into a preview; nothing is written. */
  'install:preview': { input: z.object({ link: z.string().max(MAX_DEEP_LINK_LENGTH * 4) }).strict(), output: InstallPreviewSchema },
  /**
   * Write the previewed server to Switchboard's `servers.json` and start it. When a definition of
   * that name exists in another host's file (`shadows`), CONFLICT unless `confirmShadow` is true —
   * the person's second, explicit yes to hiding it; the preview stays valid after that refusal.
   */
  'install:confirm': { input: z.object({ id: z.string().min(1), confirmShadow: z.boolean().optional() }).strict(), output: WriteOutcomeSchema },
  /** Drop a preview without installing. */
  'install:cancel': { input: z.object({ id: z.string().min(1) }).strict(), output: z.object({ cancelled: z.boolean() }) },
} as const;

export const installEvents = {
  /**
   * An install link arrived from outside (the desktop app's deep link): show its consent dialog,
   * or why it was refused.
   */
  'install:requested': z.object({ preview: InstallPreviewSchema.optional(), refused: z.string().optional() }),
} as const;
