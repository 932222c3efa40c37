/**
 * `switchboard history [server]` (issue 14 item 12; docs/inspecting.md "Call history"): the kept
 * calls, oldest first (they outlive restarts; redacted). `history show <id>`: one past call with
 * the start of its result. `history replay <id> [--args J]`: call it again, `--args` giving the
 * arguments that were redacted or cut when recorded (the core refuses a replay without them).
 * Thin client of `history:list` / `history:get` / `history:replay`: the running Switchboard's,
 * else a one-shot core. Exit codes as `call` (0, 1 isError, 2 failure, 64 usage, 130 Ctrl-C).
 */
import { randomUUID } from 'node:crypto';
import type { CallRecord } from '../../../../src-shared/api/inspector.js';
import type { CommandSpec } from '../command-spec.js';
import { EXIT, UsageError, parseToolArgs } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOneShot, type Caller } from '../owner-link.js';
import { interruptible } from '../interrupt.js';
import { EXIT_CANCELLED, exitCodeForResult } from './call.js';
import { parseHost } from '../config-cli.js';

/** One line of a record: when, server, tool, outcome, duration, arguments, id. */
export function formatRecord(r: CallRecord): string {
  const when = new Date(r.startedAt).toISOString().replace('T', ' ').slice(0, 19);
  const marks = [r.task ? 'task' : '', r.rule !== undefined ? `rule: ${r.rule}` : '', r.via ? `via: ${r.via.host}${r.via.instance !== undefined ? ` (instance ${r.via.instance})` : ''}` : '', r.refused ? `refused ${r.refused.name}: ${r.refused.reason}` : '', r.redacted ? `redacted: ${r.redacted.join(', ')}` : '', r.cut ? `cut: ${r.cut.join(', ')}` : ''].filter(Boolean);
  const args = JSON.stringify(r.args);
  return `${when}  ${r.server}  ${r.tool}  ${r.outcome}  ${Math.round(r.durationMs)} ms  ${args.length > 80 ? `${args.slice(0, 79)}…` : args}${marks.length > 0 ? `  (${marks.join('; ')})` : ''}  ${r.id}`;
}

export async function runHistory(ctx: CliContext): Promise<number> {
  const [first, second] = ctx.cli.positionals;
  const verb = first === 'show' || first === 'replay' ? first : undefined;
  if (verb && second === undefined) throw new UsageError(`"history ${verb}" needs a call id (listed by "switchboard history")`);
  if (!verb && second !== undefined) throw new UsageError('"history" takes one server name');
  if (verb !== 'replay' && ctx.cli.flags.args !== undefined) throw new UsageError('--args is for "history replay <id>"');
  const given = verb === 'replay' ? parseToolArgs(ctx.cli.flags.args as string | undefined) : {};
  // `--host`: only calls through that host's gateway door (the core's filter, `history:list`'s `host`).
  const host = parseHost(ctx.cli.flags.host);
  if (verb && host !== undefined) throw new UsageError('--host is for "history [server]"');

  const found = await withOwnerOrOneShot(ctx, { onlyServers: [] }, async (call, live) => {
    if (!verb) {
      const r = await call('history:list', { ...(first !== undefined ? { server: first } : {}), ...(host !== undefined ? { host } : {}) });
      if (!r.ok) return printFailure(ctx, r.error);
      if (ctx.cli.json) ctx.io.out(JSON.stringify(r.data, null, 2));
      else ctx.io.out(r.data.length === 0 ? 'No calls recorded yet.' : r.data.map(formatRecord).join('\n'));
      return EXIT.OK;
    }
    const r = await call('history:get', { id: second! });
    if (!r.ok) return printFailure(ctx, r.error);
    if (verb === 'show') {
      ctx.io.out(ctx.cli.json ? JSON.stringify(r.data, null, 2) : `${formatRecord(r.data)}\n\n${r.data.resultText}`);
      return EXIT.OK;
    }
    // Attached to the owner: replay there. One-shot: start only the recorded call's server.
    return live ? replay(ctx, call, second!, given) : { server: r.data.server };
  });
  if (typeof found === 'number') return found;
  return withOwnerOrOneShot(ctx, { onlyServers: [found.server] }, (call) => replay(ctx, call, second!, given));
}

async function replay(ctx: CliContext, call: Caller, id: string, args: Record<string, unknown>): Promise<number> {
  const callId = `cli-${randomUUID()}`;
  let interrupted = false;
  const r = await interruptible(
    () => {
      interrupted = true;
      void call('tools:cancel', { callId });
    },
    () => call('history:replay', { id, args, callId }),
  );
  if (interrupted) {
    ctx.io.err(`Replay of ${id} cancelled.`);
    return EXIT_CANCELLED;
  }
  if (!r.ok) return printFailure(ctx, r.error);
  ctx.io.out(ctx.cli.json ? JSON.stringify(r.data, null, 2) : r.data.text);
  return exitCodeForResult(r.data);
}

export const historyCommand: CommandSpec = {
  name: 'history',
  synopsis: 'history [server] [--host H] | history show <id> | history replay <id> [--args J]',
  summary: 'Past tool calls (kept across restarts, secrets redacted); open one; call it again',
  positionals: [0, 2],
  flags: {
    args: { type: 'string', help: '--args <json>     Arguments replacing recorded ones; needed for those redacted or cut (history replay)' },
    host: { type: 'string', help: '--host <id>       Only calls through this host\'s gateway door (via <id>)' },
  },
  run: runHistory,
};
