/**
 * Tool calls run as tasks (MCP 2025-11-25; experimental in SDK 1.32; issue 5 §7): start a
 * task-augmented `tools/call`, follow its status (the SDK polls `tasks/get` and fetches
 * `tasks/result`), keep the mapped result, and cancel on request (`tasks/cancel`).
 *
 * The request goes through `client.experimental.tasks.requestStream` rather than `callToolStream`,
 * which turns an output-schema mismatch into an error and loses the result (SPEC §4: a mismatch is
 * a warning beside the kept result).
 */
import { EventEmitter } from 'node:events';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, type Task } from '@modelcontextprotocol/sdk/types.js';
import type { TaskRecord } from '../../../src-shared/api/inspector.js';
import type { ToolCallResult } from '../../../src-shared/api/status.js';
import { CoreError } from '../errors.js';
import { failureMessage, mapCallResult, type RawCallResult } from './tool-bridge.js';

/** Tasks kept (oldest dropped first). */
export const MAX_TASKS = 200;
/** Time-to-live asked for each task (ms). */
export const TASK_TTL_MS = 5 * 60_000;

/** Events of the runner. */
export interface TaskRunnerEvents {
  changed: [TaskRecord];
  /** A task ended with a result (for the call history). */
  finished: [{ record: TaskRecord; args: Record<string, unknown>; startedAt: number; result: ToolCallResult }];
}

/** Options of one task call. */
export interface TaskCallOptions {
  outputSchema?: Record<string, unknown>;
  timeoutMs: number;
}

const key = (server: string, taskId: string) => `${server}\u0000${taskId}`;

/** Starts, follows and cancels task-augmented tool calls. */
export class TaskRunner extends EventEmitter<TaskRunnerEvents> {
  private readonly tasks = new Map<string, TaskRecord>();

  /** Every task, oldest first (optionally one server's). */
  list(server?: string): TaskRecord[] {
    return [...this.tasks.values()].filter((t) => server === undefined || t.server === server);
  }

  /**
   * Call `tool` as a task. Resolves with the record once the server created the task (status
   * `working`), or once it answered directly (a server may answer without a task). Follows the task
   * in the background, emitting `changed` on every status. Throws the SDK's error when the request
   * itself fails before a task exists.
   */
  async start(client: Client, server: string, tool: string, args: Record<string, unknown>, options: TaskCallOptions): Promise<TaskRecord> {
    const started = performance.now();
    const startedAt = Date.now();
    const stream = client.experimental.tasks.requestStream(
      { method: 'tools/call', params: { name: tool, arguments: args } },
      CallToolResultSchema,
      { task: { ttl: TASK_TTL_MS }, timeout: options.timeoutMs, resetTimeoutOnProgress: true },
    );
    let record: TaskRecord | undefined;
    const handle = (message: { type: string; task?: Task; result?: unknown; error?: unknown }): void => {
      if ((message.type === 'taskCreated' || message.type === 'taskStatus') && message.task) {
        record = this.track(record, server, tool, message.task);
        return;
      }
      if (message.type !== 'result' && message.type !== 'error') return;
      let result: ToolCallResult;
      if (message.type === 'result') {
        result = mapCallResult(server, tool, message.result as RawCallResult, options.outputSchema, performance.now() - started);
        record ??= this.track(undefined, server, tool, { taskId: `direct-${startedAt}`, status: 'completed' } as Task);
        this.update(record, { status: 'completed', result });
      } else {
        const text = failureMessage(message.error);
        record ??= this.track(undefined, server, tool, { taskId: `failed-${startedAt}`, status: 'failed' } as Task);
        const cancelled = record.status === 'cancelled';
        result = { server, tool, isError: true, text: cancelled ? 'Cancelled' : `MCP error: ${text}`, content: [], durationMs: performance.now() - started };
        this.update(record, { status: cancelled ? 'cancelled' : 'failed', error: text, result });
      }
      this.emit('finished', { record, args, startedAt, result });
    };
    return new Promise<TaskRecord>((resolve, reject) => {
      void (async () => {
        try {
          for await (const message of stream) {
            handle(message as Parameters<typeof handle>[0]);
            if (record) resolve(record);
          }
          if (!record) reject(new CoreError('PROTOCOL_ERROR', `The server answered tools/call of "${tool}" with neither a task nor a result`));
        } catch (err) {
          if (record) this.update(record, { status: 'failed', error: failureMessage(err) });
          else reject(err);
        }
      })();
    });
  }

  /** `tasks/cancel` a task of `server`. Throws `CoreError` NOT_FOUND for an unknown task. */
  async cancel(client: Client, server: string, taskId: string, timeoutMs: number): Promise<TaskRecord> {
    const record = this.tasks.get(key(server, taskId));
    if (!record) throw new CoreError('NOT_FOUND', `Unknown task "${taskId}" on server "${server}"`);
    const r = await client.experimental.tasks.cancelTask(taskId, { timeout: timeoutMs });
    this.update(record, { status: (r as Task).status ?? 'cancelled', statusMessage: (r as Task).statusMessage });
    return record;
  }

  /** A `notifications/tasks/status` from a server. */
  onStatus(server: string, task: Task): void {
    const record = this.tasks.get(key(server, task.taskId));
    if (record) this.track(record, server, record.tool, task);
  }

  private track(record: TaskRecord | undefined, server: string, tool: string, task: Task): TaskRecord {
    if (!record) {
      const now = Date.now();
      record = { taskId: task.taskId, server, tool, status: task.status, createdAt: now, updatedAt: now };
      this.tasks.set(key(server, task.taskId), record);
      while (this.tasks.size > MAX_TASKS) this.tasks.delete(this.tasks.keys().next().value!);
    }
    this.update(record, { status: task.status, statusMessage: task.statusMessage });
    return record;
  }

  private update(record: TaskRecord, patch: Partial<TaskRecord>): void {
    // A final status sticks: a late `working` from a poll does not undo `cancelled`.
    const final = ['completed', 'failed', 'cancelled'];
    if (patch.status && final.includes(record.status) && !final.includes(patch.status)) delete patch.status;
    Object.assign(record, patch, { updatedAt: Date.now() });
    if (record.statusMessage === undefined) delete record.statusMessage;
    this.emit('changed', { ...record });
  }
}
