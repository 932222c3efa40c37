/**
 * `switchboard logs <name> [-f]` (docs/operator-verbs.md, §6): the server's buffered log lines — stderr, skipped
 * stdout lines and lifecycle notes, with the same entries (and `seq`) the UI shows. From the live
 * owner when there is one; otherwise a one-shot core connects just that server and prints what it
 * logged. `-f` follows the live owner until Ctrl-C (needs an owner). `--json`: one entry per line.
 */
import type { CommandSpec } from '../command-spec.js';
import type { LogEntry } from '../../../../src-shared/api/status.js';
import { EXIT } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { attachOwner, needsOwnerMessage, withOwnerOrOneShot } from '../owner-link.js';
import { followUntilEnd } from './follow.js';
import { formatLogEntry } from './lifecycle-format.js';

function printer(ctx: CliContext): (e: LogEntry) => void {
  return (e) => ctx.io.out(ctx.cli.json ? JSON.stringify(e) : formatLogEntry(e));
}

export async function runLogs(ctx: CliContext): Promise<number> {
  const name = ctx.cli.positionals[0]!;
  const print = printer(ctx);
  if (ctx.cli.flags.follow === true) {
    const owner = await attachOwner(ctx);
    if (!owner) {
      ctx.io.err(needsOwnerMessage('logs -f'));
      return EXIT.FAILURE;
    }
    const { api } = owner;
    try {
      let last = 0;
      const queued: LogEntry[] = [];
      let caughtUp = false;
      // Subscribe first, then fetch the backlog: nothing falls between the two (dedup by seq).
      api.on('logs:appended', (entries) => {
        for (const e of entries) {
          if (e.server !== name) continue;
          if (!caughtUp) queued.push(e);
          else if (e.seq > last) {
            last = e.seq;
            print(e);
          }
        }
      });
      const backlog = await api.call('logs:get', { server: name });
      if (!backlog.ok) return printFailure(ctx, backlog.error);
      for (const e of [...backlog.data, ...queued].sort((a, b) => a.seq - b.seq)) {
        if (e.seq <= last) continue;
        last = e.seq;
        print(e);
      }
      caughtUp = true;
      return await followUntilEnd(ctx.io, api.closed, `logs ${name} -f`);
    } finally {
      api.close();
    }
  }
  return withOwnerOrOneShot(ctx, { onlyServers: [name] }, async (call) => {
    const listed = await call('servers:list', {});
    if (listed.ok && !listed.data.servers.some((s) => s.server.name === name)) {
      return printFailure(ctx, { code: 'NOT_FOUND', message: `Unknown server "${name}"` });
    }
    const result = await call('logs:get', { server: name });
    if (!result.ok) return printFailure(ctx, result.error);
    for (const e of result.data) print(e);
    return EXIT.OK;
  });
}

export const logsCommand: CommandSpec = {
  name: 'logs',
  synopsis: 'logs <name> [-f]',
  summary: "Show a server's log (stderr, skipped stdout, lifecycle); -f follows a running Switchboard",
  positionals: [1, 1],
  flags: { follow: { type: 'boolean', short: 'f', help: '-f, --follow       Keep printing new lines (needs a running Switchboard)' } },
  run: runLogs,
};
