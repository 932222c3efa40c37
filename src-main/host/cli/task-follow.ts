/**
 * Run a tool as a task from the CLI (issue 5 §7; MCP 2025-11-25 tasks): `tasks:call` starts it,
 * `tasks:list` is polled until the task reaches a terminal status, and Ctrl-C asks `tasks:cancel`.
 * Works the same against the live owner and an ephemeral core (both through a `Caller`).
 */
import type { TaskRecord } from '../../../src-shared/api/inspector.js';
import type { ApiError } from '../../../src-shared/api/envelope.js';
import type { Caller } from './owner-link.js';

/** Poll interval of the task status (ms). */
export const TASK_POLL_MS = 200;
/** How long a terminal task may go without its result before we stop waiting (ms). */
export const RESULT_GRACE_MS = 15_000;

const TERMINAL = new Set<TaskRecord['status']>(['completed', 'failed', 'cancelled']);

/** What following a task ended with. */
export type TaskOutcome = { ok: true; record: TaskRecord; interrupted: boolean } | { ok: false; error: ApiError };

/**
 * Start `tool` on `server` as a task and follow it to a terminal status. `onStatus` sees each new
 * status/message (for stderr). A terminal task is followed until its result is there too (at most
 * `RESULT_GRACE_MS` more). The first SIGINT while following sends `tasks:cancel` and keeps
 * following until the task says cancelled (`interrupted: true`). Returns `{ ok: false }` when the
 * start or a status read fails.
 */
export async function runToolAsTask(
  call: Caller,
  server: string,
  tool: string,
  args: Record<string, unknown>,
  onStatus: (record: TaskRecord) => void,
): Promise<TaskOutcome> {
  const started = await call('tasks:call', { server, tool, args });
  if (!started.ok) return { ok: false, error: started.error };
  let record = started.data;
  let interrupted = false;
  const onSigint = (): void => {
    interrupted = true;
    void call('tasks:cancel', { server, taskId: record.taskId });
  };
  process.once('SIGINT', onSigint);
  try {
    let seen = '';
    let terminalSince: number | undefined;
    for (;;) {
      const key = `${record.status}\u0000${record.statusMessage ?? ''}`;
      if (key !== seen) {
        seen = key;
        onStatus(record);
      }
      // The status can say completed before `tasks/result` has been fetched: wait for the result too.
      if (TERMINAL.has(record.status)) {
        terminalSince ??= Date.now();
        if (record.result || Date.now() - terminalSince > RESULT_GRACE_MS) return { ok: true, record, interrupted };
      }
      await new Promise((r) => setTimeout(r, TASK_POLL_MS));
      const listed = await call('tasks:list', { server });
      if (!listed.ok) return { ok: false, error: listed.error };
      const now = listed.data.find((t) => t.taskId === record.taskId);
      if (!now) return { ok: false, error: { code: 'NOT_FOUND', message: `Task ${record.taskId} on "${server}" is no longer known` } as ApiError };
      record = now;
    }
  } finally {
    process.off('SIGINT', onSigint);
  }
}
