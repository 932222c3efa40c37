/**
 * `switchboard check [file] [--name N]… [--yes] [--json]` (issue 15 item 7; docs/checks.md § The
 * check command): run a collection of saved calls for CI. A thin client of `checks:list` (is the
 * file good, is its folder trusted, which servers it needs — answered without starting any) and
 * `checks:run` (on the running Switchboard, or a one-shot core that starts only those servers).
 * Exit 0 all passed; 1 an assertion failed; 2 a call could not run (or is destructive without
 * `--yes`), the folder is not trusted, or no Switchboard could run them; 64 a bad or missing file.
 */
import { join, resolve } from 'node:path';
import { COLLECTION_RELATIVE_PATH } from '../../../../src-shared/api/checks.js';
import type { CommandSpec } from '../command-spec.js';
import { EXIT } from '../args.js';
import type { CliContext } from '../context.js';
import { quoteArg } from '../format.js';
import { printFailure } from '../output.js';
import { withOwnerOrOneShot } from '../owner-link.js';
import { exitCodeForRun, formatRun } from './check-format.js';

export async function runCheckCommand(ctx: CliContext): Promise<number> {
  const [given] = ctx.cli.positionals;
  // A file named on the command line is relative to where the command runs; the default is this
  // project's (not a running owner's project). The core takes it absolute.
  const file = given === undefined ? join(ctx.projectDir, COLLECTION_RELATIVE_PATH) : resolve(ctx.cwd, given);
  const names = (ctx.cli.flags.name as string[] | undefined) ?? undefined;
  const listed = await withOwnerOrOneShot(ctx, { onlyServers: [] }, (call) => call('checks:list', { file }));
  if (!listed.ok) {
    printFailure(ctx, listed.error);
    return listed.error.code === 'INVALID_CONFIG' || listed.error.code === 'BAD_REQUEST' ? EXIT.USAGE : EXIT.FAILURE;
  }
  const state = listed.data;
  if (!state.exists) {
    printFailure(ctx, { code: 'NOT_FOUND', message: `There is no collection of saved calls at ${state.file}` });
    return EXIT.USAGE;
  }
  if (!state.trusted) {
    printFailure(ctx, {
      code: 'UNTRUSTED',
      message: `${state.folder} is not trusted: the saved calls in ${state.file} run only once it is. Trust it with: switchboard trust ${quoteArg(state.folder)}`,
    });
    return EXIT.FAILURE;
  }
  const chosen = names ? state.calls.filter((c) => names.includes(c.name)) : state.calls;
  const servers = [...new Set(chosen.map((c) => c.server))];
  return withOwnerOrOneShot(ctx, { onlyServers: servers }, async (call) => {
    const r = await call('checks:run', { file: state.file, ...(names ? { names } : {}), confirmDestructive: ctx.cli.flags.yes === true });
    if (!r.ok) {
      printFailure(ctx, r.error);
      // A bad file, or --name of no saved call: the command line is wrong, nothing ran.
      return r.error.code === 'INVALID_CONFIG' || r.error.code === 'NOT_FOUND' ? EXIT.USAGE : EXIT.FAILURE;
    }
    ctx.io.out(ctx.cli.json ? JSON.stringify(r.data, null, 2) : formatRun(r.data));
    return exitCodeForRun(r.data);
  });
}

export const checkCommand: CommandSpec = {
  name: 'check',
  synopsis: 'check [file] [--name N]… [--yes]',
  summary: 'Run saved calls and their assertions (default .switchboard/calls.json); exit 0 passed, 1 failed, 2 could not run, 64 bad file',
  positionals: [0, 1],
  flags: {
    name: { type: 'string', multiple: true, help: '--name <n>        Run only the saved call of this name, repeatable (check)' },
    yes: { type: 'boolean', help: '--yes             Also call destructive tools: every tool not marked readOnlyHint or destructiveHint: false (check)' },
  },
  run: runCheckCommand,
};
