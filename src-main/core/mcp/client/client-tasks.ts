/**
 * The client side of MCP 2025-11-25 tasks: a server may send us a task-augmented request
 * (`elicitation/create` with `params.task`); we answer at once with a task and the server polls
 * `tasks/get` / `tasks/result` (and may `tasks/list` / `tasks/cancel`) until the person answered.
 *
 * SDK v2 has no task runtime (tasks became an extension in 2026-07-28; its typings say "task
 * methods are 2025-11-25 wire vocabulary with no SDK runtime"), so this small store and the four
 * handlers, registered with explicit schemas, stand in for SDK 1.32's `InMemoryTaskStore`.
 * Legacy era only: a 2026-07-28 server asks through `input_required` results instead.
 */
import { randomUUID } from 'node:crypto';
import { ProtocolError, ProtocolErrorCode, type Client } from '@modelcontextprotocol/client';
import { z } from 'zod';

/** A task's wire shape (2025-11-25 `Task`). */
export interface WireTask {
  taskId: string;
  status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
  ttl: number | null;
  createdAt: string;
  lastUpdatedAt: string;
  pollInterval?: number;
  statusMessage?: string;
}

interface Entry {
  task: WireTask;
  result?: Record<string, unknown>;
  waiters: ((result: Record<string, unknown>) => void)[];
  expiry?: NodeJS.Timeout;
}

const FINAL = new Set(['completed', 'failed', 'cancelled']);
/** How often (ms) we suggest the server polls. */
const POLL_INTERVAL_MS = 500;
/** Params of `tasks/get`, `tasks/result` and `tasks/cancel`; built once, not per client (issue 32: ten clients start at once). */
export const TASK_BY_ID = z.object({ taskId: z.string() }).passthrough();
/** Params of `tasks/list`. */
const TASK_LIST_PARAMS = z.object({ cursor: z.string().optional() }).passthrough();

/** Tasks a server created on this client (see the file comment). */
export class ClientTaskStore {
  private readonly tasks = new Map<string, Entry>();

  /** A new `working` task (ttl ms, or null for no expiry). */
  create(ttl: number | null): WireTask {
    const now = new Date().toISOString();
    const task: WireTask = { taskId: randomUUID(), status: 'working', ttl, createdAt: now, lastUpdatedAt: now, pollInterval: POLL_INTERVAL_MS };
    const entry: Entry = { task, waiters: [] };
    if (ttl !== null && ttl > 0) {
      entry.expiry = setTimeout(() => this.tasks.delete(task.taskId), ttl);
      entry.expiry.unref?.();
    }
    this.tasks.set(task.taskId, entry);
    return { ...task };
  }

  /** Complete `taskId` with `result` (ignored when the task is gone or already final). */
  complete(taskId: string, result: Record<string, unknown>): void {
    const entry = this.tasks.get(taskId);
    if (!entry || FINAL.has(entry.task.status)) return;
    entry.task = { ...entry.task, status: 'completed', lastUpdatedAt: new Date().toISOString() };
    entry.result = result;
    for (const w of entry.waiters.splice(0)) w(result);
  }

  /** Register `tasks/get`, `tasks/result`, `tasks/list`, `tasks/cancel` on `client`. */
  install(client: Client): void {
    client.setRequestHandler('tasks/get', { params: TASK_BY_ID }, (params) => ({ ...this.entry(params.taskId).task }));
    client.setRequestHandler('tasks/result', { params: TASK_BY_ID }, (params) => {
      const entry = this.entry(params.taskId);
      const related = { _meta: { 'io.modelcontextprotocol/related-task': { taskId: params.taskId } } };
      if (entry.result) return { ...entry.result, ...related };
      return new Promise<Record<string, unknown>>((resolve) => entry.waiters.push((r) => resolve({ ...r, ...related })));
    });
    client.setRequestHandler('tasks/list', { params: TASK_LIST_PARAMS }, () => ({
      tasks: [...this.tasks.values()].map((e) => ({ ...e.task })),
    }));
    client.setRequestHandler('tasks/cancel', { params: TASK_BY_ID }, (params) => {
      const entry = this.entry(params.taskId);
      if (FINAL.has(entry.task.status)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${params.taskId} is already ${entry.task.status}`);
      entry.task = { ...entry.task, status: 'cancelled', lastUpdatedAt: new Date().toISOString() };
      return { ...entry.task };
    });
  }

  /** Drop every task and timer (the connection closed). */
  dispose(): void {
    for (const e of this.tasks.values()) clearTimeout(e.expiry);
    this.tasks.clear();
  }

  private entry(taskId: string): Entry {
    const entry = this.tasks.get(taskId);
    if (!entry) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown task: ${taskId}`);
    return entry;
  }
}
