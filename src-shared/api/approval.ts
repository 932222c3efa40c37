/**
 * Approval bound to the definition (issue 16 item 1, docs/trust.md): what a project server would
 * run or contact, and how its definition differs from the one the person approved. Secret values
 * never appear: keys that look secret (src-shared/redaction.ts `isSecretKey`) carry no value here,
 * and a change to one reads "value changed".
 */
import { z } from 'zod';

/** One env variable as the approval prompt shows it: the value only when the name is not secret-looking. */
export const PromptEnvSchema = z.object({ name: z.string(), value: z.string().optional(), secret: z.boolean() });

/** Everything a definition would run or contact (command, arguments, env, cwd, URL, header names, auth). */
export const ApprovalPromptSchema = z.object({
  transport: z.string(),
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  env: z.array(PromptEnvSchema),
  cwd: z.string().optional(),
  /** The URL with passwords and secret query values as `***`. */
  url: z.string().optional(),
  headerNames: z.array(z.string()),
  /** e.g. `bearer`, `oauth (credential https://…)`. */
  auth: z.string().optional(),
});
export type ApprovalPrompt = z.infer<typeof ApprovalPromptSchema>;

/** One field that differs from the approved definition. `before`/`after` are absent for secret values. */
export const ApprovalChangeSchema = z.object({
  field: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
  before: z.string().optional(),
  after: z.string().optional(),
  secret: z.boolean().optional(),
});
export type ApprovalChange = z.infer<typeof ApprovalChangeSchema>;

/**
 * A project server waiting for approval: `new` (never approved; includes every server of a folder
 * not trusted yet) or `changed` (differs from what was approved). `hash` is what approving binds.
 */
export const PendingApprovalSchema = z.object({
  server: z.string(),
  kind: z.enum(['new', 'changed']),
  file: z.string(),
  hash: z.string(),
  approvedHash: z.string().optional(),
  prompt: ApprovalPromptSchema,
  changes: z.array(ApprovalChangeSchema),
});
export type PendingApproval = z.infer<typeof PendingApprovalSchema>;

/**
 * A change as diff lines: `- field: before` / `+ field: after`, or `~ field: value changed (secret,
 * not shown)` for a hashed value. The one wording the CLI and the UI both show.
 */
export function approvalChangeLines(c: ApprovalChange): string[] {
  if (c.secret) return [`~ ${c.field}: ${c.change === 'changed' ? 'value changed' : c.change} (secret, not shown)`];
  const out: string[] = [];
  if (c.before !== undefined) out.push(`- ${c.field}: ${c.before}`);
  if (c.after !== undefined) out.push(`+ ${c.field}: ${c.after}`);
  return out;
}
