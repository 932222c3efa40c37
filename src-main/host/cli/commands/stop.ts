/**
 * `switchboard stop <name>` (docs/operator-verbs.md): kill the server's process (tree), drop its tools, keep the
 * entry; remembered in state.json so reloads and the next owner keep it stopped. Acts on the live
 * owner when there is one; otherwise only records the manual stop. Exit 0; 2 unknown/disabled.
 */
import type { CommandSpec } from '../command-spec.js';
import { EXIT } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOneShot } from '../owner-link.js';
import { formatServerLine } from './lifecycle-format.js';

export async function runStop(ctx: CliContext): Promise<number> {
  const name = ctx.cli.positionals[0]!;
  return withOwnerOrOneShot(ctx, { onlyServers: [] }, async (call, live) => {
    const result = await call('servers:stop', { server: name });
    if (!result.ok) return printFailure(ctx, result.error);
    const state = result.data.servers.find((s) => s.server.name === name)!;
    if (ctx.cli.json) ctx.io.out(JSON.stringify(state, null, 2));
    else {
      ctx.io.out(formatServerLine(state).join('\n'));
      if (!live) ctx.io.out(`No Switchboard is running; "${name}" stays stopped when one starts (switchboard start ${name} undoes it).`);
    }
    return EXIT.OK;
  });
}

export const stopCommand: CommandSpec = {
  name: 'stop',
  synopsis: 'stop <name>',
  summary: 'Stop a server and keep it stopped (until start)',
  positionals: [1, 1],
  run: runStop,
};
