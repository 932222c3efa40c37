/**
 * `switchboard start <name>` (docs/operator-verbs.md): with a live owner, revive the server (clears a manual stop
 * and a last error, then connects) and print its status line. Without one, forget the manual stop
 * so the next owner starts it, and say so. Exit 0; 2 for an unknown/disabled server or a failed start.
 */
import type { CommandSpec } from '../command-spec.js';
import { EXIT } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOneShot } from '../owner-link.js';
import { formatServerLine } from './lifecycle-format.js';
import { ManualStops } from '../../../core/entry-kit.js';

export async function runStart(ctx: CliContext): Promise<number> {
  const name = ctx.cli.positionals[0]!;
  return withOwnerOrOneShot(ctx, { onlyServers: [] }, async (call, live) => {
    if (!live) {
      const listed = await call('servers:list', {});
      if (!listed.ok) return printFailure(ctx, listed.error);
      const state = listed.data.servers.find((s) => s.server.name === name);
      if (!state) return printFailure(ctx, { code: 'NOT_FOUND', message: `Unknown server "${name}"` });
      if (!state.server.enabled) return printFailure(ctx, { code: 'DISABLED', message: `Server "${name}" is disabled. Run switchboard enable ${name} first.` });
      await new ManualStops(ctx.dataDir).remove(name);
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
