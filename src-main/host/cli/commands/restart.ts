/**
 * `switchboard restart [name]` (docs/operator-verbs.md): with a name, stop + start that server; without, stop all
 * and start all with a fresh context (files re-read, connections closed, value cache cleared).
 * Needs a live owner (a one-shot process has nothing running to restart): exit 2 and say so.
 * Prints each server's status line (with its last error when it is not connected). Exit 0 when the
 * named server is connected afterwards; without a name, when no server is failing (`FAILED_STATUSES`,
 * as `status`); else 2.
 */
import type { CommandSpec } from '../command-spec.js';
import { EXIT } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withRequiredOwner } from '../owner-link.js';
import { formatServerLine } from './lifecycle-format.js';
import { FAILED_STATUSES } from './status.js';

export async function runRestart(ctx: CliContext): Promise<number> {
  const name = ctx.cli.positionals[0];
  return withRequiredOwner(ctx, 'restart', async (call) => {
    const result = await call('servers:restart', name !== undefined ? { server: name } : {});
    if (!result.ok) return printFailure(ctx, result.error);
    const servers = name !== undefined ? result.data.servers.filter((s) => s.server.name === name) : result.data.servers;
    if (ctx.cli.json) ctx.io.out(JSON.stringify(servers, null, 2));
    else ctx.io.out(servers.flatMap(formatServerLine).join('\n'));
    // Like `start` for one server, like `status` for all: a restart that did not bring it up is a failure.
    const failed = name !== undefined ? servers.some((s) => s.status !== 'connected') : servers.some((s) => FAILED_STATUSES.has(s.status));
    return failed ? EXIT.FAILURE : EXIT.OK;
  });
}

export const restartCommand: CommandSpec = {
  name: 'restart',
  synopsis: 'restart [name]',
  summary: 'Restart one server, or all with a fresh context (needs a running Switchboard)',
  positionals: [0, 1],
  run: runRestart,
};
