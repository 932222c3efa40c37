/**
 * `switchboard skills <server> [name|uri] [--verify] [--require-digests]` (issue 35; docs/extensions.md
 * § Skills): list a server's skills, print one (its entry, then `SKILL.md`, checked), or check them.
 * A thin client of `skills:list` / `skills:get` / `skills:verify`: the running Switchboard's, else a
 * one-shot core. A skill is named by its `SKILL.md` URI, or by its name when that is unique on the
 * server. Exit codes: 0; 2 on failure (unknown server, not connected, no such skill); `--verify` 7 a
 * violation, 8 could not finish (a failure of the check itself included), 9 no digests under
 * `--require-digests`. Printing a skill whose `SKILL.md` fails its check shows the entry, not the
 * text, and exits 7.
 */
import type { ApiError } from '../../../../src-shared/api/envelope.js';
import type { CommandSpec } from '../command-spec.js';
import { EXIT, UsageError } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOneShot, type Caller } from '../owner-link.js';
import { formatSkillDocument, formatSkillList, formatVerification, SKILLS_EXIT, verifyExitCode } from './skills-format.js';

/** The `SKILL.md` URI a `name|uri` argument means; a failure (not found, or the name is not unique). */
async function resolveSkill(call: Caller, server: string, given: string): Promise<{ uri: string } | { error: ApiError }> {
  if (given.includes('://')) return { uri: given };
  const list = await call('skills:list', { server });
  if (!list.ok) return { error: list.error };
  const matches = list.data.skills.filter((s) => s.name === given);
  const [only] = matches;
  if (only && matches.length === 1) return { uri: only.uri };
  if (matches.length > 1) return { error: { code: 'BAD_REQUEST', message: `Several skills on "${server}" are named "${given}"; give one's URI: ${matches.map((s) => s.uri).join(', ')}` } };
  return { error: { code: 'NOT_FOUND', message: `No skill named "${given}" on server "${server}" (listed: ${list.data.skills.map((s) => s.name).join(', ') || 'none'}). A skill that is not listed can be given by its URI.` } };
}

export async function runSkills(ctx: CliContext): Promise<number> {
  const [server, given] = ctx.cli.positionals as [string, string | undefined];
  const verify = ctx.cli.flags.verify === true;
  const requireDigests = ctx.cli.flags['require-digests'] === true;
  if (requireDigests && !verify) throw new UsageError('--require-digests goes with --verify');
  const print = (data: unknown, text: string) => ctx.io.out(ctx.cli.json ? JSON.stringify(data, null, 2) : text);
  return withOwnerOrOneShot(ctx, { onlyServers: [server] }, async (call) => {
    const target = given === undefined ? undefined : await resolveSkill(call, server, given);
    if (target && 'error' in target) return verify ? (printFailure(ctx, target.error), SKILLS_EXIT.UNFINISHED) : printFailure(ctx, target.error);
    if (verify) {
      const r = await call('skills:verify', { server, ...(target ? { uri: target.uri } : {}), ...(requireDigests ? { requireDigests } : {}) });
      if (!r.ok) return (printFailure(ctx, r.error), SKILLS_EXIT.UNFINISHED);
      print(r.data, formatVerification(r.data));
      return verifyExitCode(r.data);
    }
    if (target) {
      const r = await call('skills:get', { server, uri: target.uri });
      if (!r.ok) return printFailure(ctx, r.error);
      const { out, err } = formatSkillDocument(r.data);
      print(r.data, out);
      if (err !== undefined && !ctx.cli.json) ctx.io.err(err);
      return r.data.file.verdict === 'mismatch' ? SKILLS_EXIT.VIOLATION : r.data.file.verdict === 'unfinished' ? EXIT.FAILURE : EXIT.OK;
    }
    const r = await call('skills:list', { server });
    if (!r.ok) return printFailure(ctx, r.error);
    print(r.data, formatSkillList(r.data));
    return EXIT.OK;
  });
}

export const skillsCommand: CommandSpec = {
  name: 'skills',
  synopsis: 'skills <server> [name|uri] [--verify [--require-digests]]',
  summary: "List a server's skills (SEP-2640), print one, or check every file against its digest and size",
  positionals: [1, 2],
  flags: {
    verify: { type: 'boolean', help: '--verify          Read every listed file and check it; exit 7 mismatch, 8 could not finish, 9 no digests (skills)' },
    'require-digests': { type: 'boolean', help: '--require-digests A dynamic skill (no digests) fails --verify (skills)' },
  },
  run: runSkills,
};
