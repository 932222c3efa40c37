/**
 * Tool calls run as tasks (MCP 2025-11-25; issue 5 §7): start a task-augmented `tools/call`,
 * follow its status (`tasks/get` every `pollInterval`, and `notifications/tasks/status`), fetch the
 * outcome with `tasks/result`, keep the mapped result, and cancel on request (`tasks/cancel`).
 * 2026-07-28 (the `io.modelcontextprotocol/tasks` extension, issue 12 item 5): no opt-in — a server
 * that offers the extension answers any call with a task handle when it wants; `start` and `adopt`
 * (a plain call that got a handle) follow it with modern-task-follow.ts.
 *
 * SDK v2 has no task runtime (tasks are an extension from 2026-07-28 on; issue 12 adds that), so
 * the 2025-11-25 methods are sent with explicit result schemas. The result is mapped like any call
 * (docs/tool-bridge.md: an output-schema mismatch is a warning beside the kept result).
 */
import { EventEmitter } from 'node:events';
import { ProtocolError, type Client, type Task } from '@modelcontextprotocol/client';
import type { TaskRecord } from '../../../../src-shared/api/inspector.js';
import type { ToolCallResult } from '../../../../src-shared/api/status.js';
import { CoreError } from '../../facade/errors.js';
import { AnyResultSchema, failureMessage, mapCallFailure, mapCallResult, type RawCallResult } from './tool-bridge.js';
import { followModernTask, type DetailedTask, type TaskFollowClient } from '../client/modern-task-follow.js';
import { offersTasks, taskHandleOf, type ModernTask } from '../client/modern-tasks.js';
import { startCallTrace, traceMeta, type CallTrace } from '../logs/trace-context.js';

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
  /** The call's W3C trace (trace-context.ts): the `tools/call` and every poll of its task carry it; absent: `start` begins one. */
  trace?: CallTrace;
}

/** A plain `tools/call` a 2026-07-28 server answered with a task handle (`adopt`). */
export interface AdoptedTask extends TaskCallOptions {
  client: Client;
  server: string;
  tool: string;
  task: ModernTask;
  /** `performance.now()` when the call started (the result's `durationMs` counts from it). */
  started: number;
  /** The plain call's id (`tools:call`'s `callId`), kept on the record. */
  callId?: string;
  /** The call was cancelled: `tasks/cancel`. */
  signal?: AbortSignal;
  /** Each status, for the call's progress line. */
  onStatus?(task: DetailedTask): void;
}

/**
 * What `adopt` needs from a plain call (connection.ts): its client, names, timeout, output schema,
 * id and signal; each status goes to the call's progress as `task <id>: <status> (<message>)`.
 */
export function taskToFollow(
  client: Client,
  server: string,
  tool: string,
  task: ModernTask,
  started: number,
  timeoutMs: number,
  call: { signal?: AbortSignal; callId?: string; onProgress?: (p: { progress: number; message?: string }) => void; trace?: CallTrace },
  outputSchema: Record<string, unknown> | undefined,
): AdoptedTask {
  let seen = 0;
  return {
    client,
    server,
    tool,
    task,
    started,
    timeoutMs,
    outputSchema,
    signal: call.signal,
    callId: call.callId,
    ...(call.trace ? { trace: call.trace } : {}),
    onStatus: (t) => call.onProgress?.({ progress: ++seen, message: `task ${t.taskId}: ${t.status}${t.statusMessage ? ` (${t.statusMessage})` : ''}` }),
  };
}

const key = (server: string, taskId: string) => `${server}\u0000${taskId}`;
const FINAL = new Set<string>(['completed', 'failed', 'cancelled']);

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
  async start(client: Client, server: string, tool: string, args: Record<string, unknown>, callOptions: TaskCallOptions): Promise<TaskRecord> {
    // One W3C trace for the call and its polls (docs/extensions.md § Trace context).
    const options = { ...callOptions, trace: callOptions.trace ?? startCallTrace() };
    const started = performance.now();
    const startedAt = Date.now();
    const finish = (record: TaskRecord, result: ToolCallResult): void => {
      this.emit('finished', { record, args, startedAt, result });
    };
    // 2026-07-28 with the extension: no opt-in on the request (request-meta.ts declares the extension).
    const modern = offersTasks(client);
    const params = modern ? { name: tool, arguments: args, ...traceMeta(options.trace) } : { name: tool, arguments: args, task: { ttl: TASK_TTL_MS }, ...traceMeta(options.trace) };
    const first = (await client.request({ method: 'tools/call', params }, AnyResultSchema, { timeout: options.timeoutMs })) as { task?: Task } & RawCallResult;
    const handle = modern ? taskHandleOf(first) : undefined;
    if (handle) {
      const record = this.track(undefined, server, tool, handle as unknown as Task);
      void this.followModern({ client, server, tool, task: handle, started, ...options }, record).then((result) => finish(record, result));
      return record;
    }
    if (!first.task) {
      // A server may answer at once, without a task.
      const record = this.track(undefined, server, tool, { taskId: `direct-${startedAt}`, status: 'completed' } as Task);
      const result = mapCallResult(server, tool, first, options.outputSchema, performance.now() - started);
      this.update(record, { status: 'completed', result });
      finish(record, result);
      return record;
    }
    const record = this.track(undefined, server, tool, first.task);
    void this.follow(client, record, first.task, options, started).then((result) => result && finish(record, result));
    return record;
  }

  /** Poll until the task is final, then fetch its result. Resolves the mapped result (undefined when polling failed). */
  private async follow(client: Client, record: TaskRecord, task: Task, options: TaskCallOptions, started: number): Promise<ToolCallResult | undefined> {
    const { server, tool, taskId } = record;
    let current = task;
    try {
      while (!FINAL.has(record.status) && !FINAL.has(current.status) && current.status !== 'input_required') {
        await new Promise((r) => setTimeout(r, Math.min(Math.max(current.pollInterval ?? 1000, 100), 5000)));
        if (FINAL.has(record.status)) break;
        current = (await client.request({ method: 'tasks/get', params: { taskId, ...traceMeta(options.trace) } }, AnyResultSchema, { timeout: options.timeoutMs })) as unknown as Task;
        this.track(record, server, tool, current);
      }
      if (record.status === 'cancelled') {
        const result: ToolCallResult = { server, tool, isError: true, text: 'Cancelled', content: [], durationMs: performance.now() - started, failure: { code: 'cancelled', retryable: true } };
        this.update(record, { result });
        return result;
      }
      const raw = (await client.request({ method: 'tasks/result', params: { taskId, ...traceMeta(options.trace) } }, AnyResultSchema, { timeout: options.timeoutMs })) as RawCallResult;
      const result = mapCallResult(server, tool, raw, options.outputSchema, performance.now() - started);
      this.update(record, { status: record.status === 'failed' ? 'failed' : 'completed', result });
      return result;
    } catch (err) {
      const text = failureMessage(err);
      const cancelled = record.status === 'cancelled';
      const result: ToolCallResult = { ...mapCallFailure(server, tool, err, performance.now() - started, cancelled, options.timeoutMs), text: cancelled ? 'Cancelled' : `MCP error: ${text}` };
      this.update(record, { status: cancelled ? 'cancelled' : 'failed', error: text, result });
      return result;
    }
  }

  /**
   * Follow a task handle that answered a plain call (2026-07-28): the task is listed and cancellable
   * like any other, and its outcome is the call's result. Never rejects; not a history entry of its
   * own (the call records one).
   */
  async adopt(adopted: AdoptedTask): Promise<ToolCallResult> {
    const record = this.track(undefined, adopted.server, adopted.tool, adopted.task as unknown as Task);
    if (adopted.callId !== undefined) this.update(record, { callId: adopted.callId });
    return this.followModern(adopted, record);
  }

  /** Follow a 2026-07-28 task to its end and map its outcome (completed → the result; failed → its JSON-RPC error). */
  private async followModern(t: Omit<AdoptedTask, 'callId'>, record: TaskRecord): Promise<ToolCallResult> {
    const { server, tool } = t;
    const elapsed = () => performance.now() - t.started;
    try {
      const final = await followModernTask(t.client as Client & TaskFollowClient, t.task, {
        timeoutMs: t.timeoutMs,
        ...(t.trace ? { trace: t.trace } : {}),
        signal: t.signal,
        isCancelled: () => record.status === 'cancelled',
        onStatus: (task) => {
          this.track(record, server, tool, task as unknown as Task);
          t.onStatus?.(task);
        },
      });
      if (final.status === 'completed') {
        const result = mapCallResult(server, tool, (final.result ?? {}) as RawCallResult, t.outputSchema, elapsed());
        this.update(record, { result });
        return result;
      }
      if (final.status === 'failed') throw new ProtocolError(final.error?.code ?? -32603, final.error?.message ?? final.statusMessage ?? 'Task failed');
      const result: ToolCallResult = { server, tool, isError: true, text: 'Cancelled', content: [], durationMs: elapsed(), failure: { code: 'cancelled', retryable: true } };
      this.update(record, { status: 'cancelled', result });
      return result;
    } catch (err) {
      const text = failureMessage(err);
      const result: ToolCallResult = { ...mapCallFailure(server, tool, err, elapsed(), false, t.timeoutMs), text: `MCP error: ${text}` };
      this.update(record, { status: 'failed', error: text, result });
      return result;
    }
  }

  /** `tasks/cancel` a task of `server`. Throws `CoreError` NOT_FOUND for an unknown task. */
  async cancel(client: Client, server: string, taskId: string, timeoutMs: number): Promise<TaskRecord> {
    const record = this.tasks.get(key(server, taskId));
    if (!record) throw new CoreError('NOT_FOUND', `Unknown task "${taskId}" on server "${server}"`);
    const r = (await client.request({ method: 'tasks/cancel', params: { taskId } }, AnyResultSchema, { timeout: timeoutMs })) as Partial<Task>;
    this.update(record, { status: r.status ?? 'cancelled', statusMessage: r.statusMessage });
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
    if (patch.status && FINAL.has(record.status) && !FINAL.has(patch.status)) delete patch.status;
    Object.assign(record, patch, { updatedAt: Date.now() });
    if (record.statusMessage === undefined) delete record.statusMessage;
    this.emit('changed', { ...record });
  }
}
