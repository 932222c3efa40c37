/**
 * `switchboard start <name>` (docs/operator-verbs.md): with a live owner, revive the server (clears a manual stop
 * and a last error, then connects) and print its status line. Without one, forget the manual stop
 * (`servers:clearStop` on a one-shot core that starts nothing) so the next owner starts it, and say
 * so. Exit 0; 2 for an unknown/disabled server or a failed start.
 */
import type { CommandSpec } from '../command-spec.js';
import { EXIT } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOneShot } from '../owner-link.js';
import { formatServerLine } from './lifecycle-format.js';

export async function runStart(ctx: CliContext): Promise<number> {
  const name = ctx.cli.positionals[0]!;
  return withOwnerOrOneShot(ctx, { onlyServers: [] }, async (call, live) => {
    if (!live) {
      // A contract call like every verb (issue 11 item 1): the core says whether the server is known and enabled.
      const cleared = await call('servers:clearStop', { server: name });
      if (!cleared.ok) return printFailure(ctx, cleared.error);
      ctx.io.out(`No Switchboard is running; "${name}" will start with it (its manual stop is cleared).`);
      return EXIT.OK;
    }
    const result = await call('servers:start', { server: name });
    if (!result.ok) return printFailure(ctx, result.error);
    const state = result.data.servers.find((s) => s.server.name === name)!;
    if (ctx.cli.json) ctx.io.out(JSON.stringify(state, null, 2));
    else ctx.io.out(formatServerLine(state).join('\n'));
    return state.status === 'connected' ? EXIT.OK : EXIT.FAILURE;
  });
}

export const startCommand: CommandSpec = {
  name: 'start',
  synopsis: 'start <name>',
  summary: 'Start a server (clears a manual stop and its last error)',
  positionals: [1, 1],
  run: runStart,
};
