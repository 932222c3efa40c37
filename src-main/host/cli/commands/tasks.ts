/**
 * `switchboard tasks [server]`: the tool calls running or run as tasks in the running Switchboard —
 * 2025-11-25 tasks (`call --task`) and 2026-07-28 task handles a server answered a plain call with
 * (docs/protocol-eras.md § Tasks) — newest last, with status, message and age. `tasks cancel
 * <server> <taskId>` asks the server to cancel one. Thin client of `tasks:list` / `tasks:cancel`;
 * tasks live in the running owner (a one-shot core has none), so both need one.
 * Exit 0; 2 when no Switchboard is running or the call fails.
 */
import type { TaskRecord } from '../../../../src-shared/api/inspector.js';
import type { CommandSpec } from '../command-spec.js';
import { EXIT, UsageError } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { attachOwner, needsOwnerMessage } from '../owner-link.js';

/** One line of the list: `<server> <tool> <status> <taskId> [message] (<n> s ago)`; `now` epoch ms. */
export function formatTask(t: TaskRecord, now = Date.now()): string {
  const age = Math.max(0, Math.round((now - t.updatedAt) / 1000));
  const message = t.statusMessage ? `  ${t.statusMessage}` : '';
  return `${t.server}  ${t.tool}  ${t.status}  ${t.taskId}${message}  (${age} s ago)${t.error ? `\n  error: ${t.error}` : ''}`;
}

export async function runTasks(ctx: CliContext): Promise<number> {
  const [first, server, taskId] = ctx.cli.positionals;
  const cancel = first === 'cancel';
  if (cancel && (server === undefined || taskId === undefined)) throw new UsageError('"tasks cancel" needs a server and a task id');
  const owner = await attachOwner(ctx);
  if (!owner) {
    ctx.io.err(needsOwnerMessage(cancel ? 'tasks cancel' : 'tasks'));
    return EXIT.FAILURE;
  }
  const { api } = owner;
  try {
    if (cancel) {
      const r = await api.call('tasks:cancel', { server: server!, taskId: taskId! });
      if (!r.ok) return printFailure(ctx, r.error);
      ctx.io.out(ctx.cli.json ? JSON.stringify(r.data, null, 2) : `Cancel sent: ${formatTask(r.data)}`);
      return EXIT.OK;
    }
    const r = await api.call('tasks:list', first !== undefined ? { server: first } : {});
    if (!r.ok) return printFailure(ctx, r.error);
    if (ctx.cli.json) ctx.io.out(JSON.stringify(r.data, null, 2));
    else ctx.io.out(r.data.length === 0 ? 'No tasks.' : r.data.map((t) => formatTask(t)).join('\n'));
    return EXIT.OK;
  } finally {
    api.close();
  }
}

export const tasksCommand: CommandSpec = {
  name: 'tasks',
  synopsis: 'tasks [server] | tasks cancel <server> <taskId>',
  summary: 'List the tool calls running as tasks in the running Switchboard; cancel one',
  positionals: [0, 3],
  run: runTasks,
};
