/**
 * Which roots each host gives its servers (issue 14 item 3), so a server behaves under Switchboard
 * the way it does in the host whose file defined it. Each rule and its source: docs/roots.md.
 *
 * Pure: no node:, no DOM.
 */
import { z } from 'zod';
import { HOST_LABELS, HostIdSchema, type HostId } from './server.js';

/** `none`: `roots/list` answers `[]`; `project`: the project folder (the host's workspace). */
export const HostRootsRuleSchema = z.enum(['none', 'project']);
export type HostRootsRule = z.infer<typeof HostRootsRuleSchema>;

/** Per host: its rule, and whether the rule is known (unknown rules send none). See docs/roots.md#rules. */
export const HOST_ROOTS: Record<HostId, { rule: HostRootsRule; known: boolean }> = {
  switchboard: { rule: 'none', known: true },
  xcsh: { rule: 'none', known: false },
  'claude-code': { rule: 'project', known: true },
  codex: { rule: 'none', known: true },
  gemini: { rule: 'none', known: true },
  cursor: { rule: 'project', known: true },
  windsurf: { rule: 'none', known: true },
  cline: { rule: 'none', known: true },
  roo: { rule: 'none', known: true },
  'claude-desktop': { rule: 'none', known: true },
  zed: { rule: 'none', known: true },
  vscode: { rule: 'project', known: true },
  goose: { rule: 'none', known: false },
  continue: { rule: 'none', known: true },
  lmstudio: { rule: 'none', known: true },
  chatcli: { rule: 'none', known: false },
  'mcp-json': { rule: 'none', known: false },
};

/** Where a server's roots came from: the person's choice, or its host's rule (with a sentence for every face). */
export const RootsOriginSchema = z.object({
  kind: z.enum(['chosen', 'host']),
  /** The host whose file defined the server (absent when the server is not discovered). */
  host: HostIdSchema.optional(),
  rule: HostRootsRuleSchema.optional(),
  /** One sentence naming the origin and docs/roots.md. */
  text: z.string(),
});
export type RootsOrigin = z.infer<typeof RootsOriginSchema>;

/** The rule for `host` (`none` for an unknown host or a server with no host). */
export function hostRootsRule(host: HostId | undefined): HostRootsRule {
  return host ? HOST_ROOTS[host].rule : 'none';
}

/**
 * The origin of a server's roots: `chosen` when the person chose them, else its host's rule, with
 * the sentence the Roots panel and the CLI show (docs/roots.md#where-the-roots-came-from).
 * `noProject`: the core offers no project folder (started in its own folder without --project).
 */
export function rootsOrigin(host: HostId | undefined, chosen: boolean, noProject = false): RootsOrigin {
  if (chosen) return { kind: 'chosen', ...(host ? { host } : {}), text: 'Chosen by you for this server (reset to return to its host’s rule).' };
  if (!host) return { kind: 'host', rule: 'none', text: 'No roots: the server is not in any discovered file (docs/roots.md).' };
  const { rule, known } = HOST_ROOTS[host];
  const label = HOST_LABELS[host];
  let text: string;
  if (host === 'switchboard') text = 'No roots: Switchboard’s own servers get roots only when you choose them (docs/roots.md).';
  else if (rule === 'project' && noProject)
    text = `From ${label}’s file: ${label} gives its servers the project folder, but Switchboard was started in its own folder without --project, so none is sent and the server keeps the folders in its own arguments. Start with --project <dir>, or choose roots here (docs/roots.md).`;
  else if (rule === 'project') text = `From ${label}’s file: ${label} gives its servers the project folder — the one Switchboard was started with (--project <dir>, else the folder it was started in). Choose other roots here (docs/roots.md).`;
  else if (!known) text = `From ${label}’s file: ${label}’s roots rule is unknown, so none are sent (docs/roots.md).`;
  else text = `From ${label}’s file: ${label} gives its servers no roots (docs/roots.md).`;
  return { kind: 'host', host, rule, text };
}
