/**
 * `switchboard reload` (docs/operator-verbs.md): the live owner re-reads every config file and diff-and-applies —
 * nothing unchanged restarts, manual stops are respected. Needs a live owner: exit 2 and say so.
 */
import type { CommandSpec } from '../command-spec.js';
import { EXIT } from '../args.js';
import type { CliContext } from '../context.js';
import { formatStatus } from '../format.js';
import { printFailure } from '../output.js';
import { withRequiredOwner } from '../owner-link.js';
import { trustHint } from '../context.js';

export async function runReload(ctx: CliContext): Promise<number> {
  return withRequiredOwner(ctx, 'reload', async (call) => {
    const result = await call('servers:reload', {});
    if (!result.ok) return printFailure(ctx, result.error);
    if (ctx.cli.json) ctx.io.out(JSON.stringify(result.data, null, 2));
    else ctx.io.out(formatStatus(result.data, { now: Date.now(), trustCommand: trustHint(ctx) }).join('\n'));
    return EXIT.OK;
  });
}

export const reloadCommand: CommandSpec = {
  name: 'reload',
  synopsis: 'reload',
  summary: 'Re-read the config files and apply the changes (needs a running Switchboard)',
  positionals: [0, 0],
  run: runReload,
};
