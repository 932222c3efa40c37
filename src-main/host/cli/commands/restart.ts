/**
 * `switchboard restart [name]` (docs/operator-verbs.md): with a name, stop + start that server; without, stop all
 * and start all with a fresh context (files re-read, connections closed, value cache cleared).
 * Needs a live owner (a one-shot process has nothing running to restart): exit 2 and say so.
 */
import type { CommandSpec } from '../command-spec.js';
import { EXIT } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withRequiredOwner } from '../owner-link.js';
import { formatServerLine } from './lifecycle-format.js';

export async function runRestart(ctx: CliContext): Promise<number> {
  const name = ctx.cli.positionals[0];
  return withRequiredOwner(ctx, 'restart', async (call) => {
    const result = await call('servers:restart', name !== undefined ? { server: name } : {});
    if (!result.ok) return printFailure(ctx, result.error);
    const servers = name !== undefined ? result.data.servers.filter((s) => s.server.name === name) : result.data.servers;
    if (ctx.cli.json) ctx.io.out(JSON.stringify(servers, null, 2));
    else ctx.io.out(servers.flatMap(formatServerLine).join('\n'));
    return EXIT.OK;
  });
}

export const restartCommand: CommandSpec = {
  name: 'restart',
  synopsis: 'restart [name]',
  summary: 'Restart one server, or all with a fresh context (needs a running Switchboard)',
  positionals: [0, 1],
  run: runRestart,
};
