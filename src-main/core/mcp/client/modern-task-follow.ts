/**
 * Following a 2026-07-28 task to its end (issue 12 item 5; docs/protocol-eras.md § Tasks): poll
 * `tasks/get` every `pollIntervalMs` (clamped to 100 ms – 5 s), answer each new `inputRequests` key
 * once through the client's own elicitation/sampling/roots handlers (the dialogs and terminal
 * prompts every other question uses) and send the answers with `tasks/update`, and on cancel send
 * `tasks/cancel` (the extension forbids `notifications/cancelled` for tasks).
 */
import { DetailedTaskV2Schema } from '@modelcontextprotocol/ext-tasks/core/v2';
import type { Client } from '@modelcontextprotocol/client';
import type { ModernTask } from './modern-tasks.js';
import { AnyResultSchema } from '../tools/tool-bridge.js';
import { traceMeta, type CallTrace } from '../logs/trace-context.js';

/** A task with its status's payload, as `tasks/get` returns it (`DetailedTask`). */
export type DetailedTask = ModernTask & {
  inputRequests?: Record<string, { method: string; params?: Record<string, unknown> }>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
};

/** Options of `followModernTask`. */
export interface FollowOptions {
  /** Timeout of each `tasks/get` / `tasks/update` / `tasks/cancel` request (ms); the task itself has none. */
  timeoutMs: number;
  /** Aborted: `tasks/cancel`, and the task ends as `cancelled` here. */
  signal?: AbortSignal;
  /** Whether the task was cancelled elsewhere (`tasks:cancel`): stop following. */
  isCancelled?(): boolean;
  /** Every status read, the first (the handle) included. */
  onStatus(task: DetailedTask): void;
  /** The call's W3C trace: every `tasks/*` request carries it (trace-context.ts); absent: each starts its own. */
  trace?: CallTrace;
}

const FINAL = new Set(['completed', 'failed', 'cancelled']);
const MIN_POLL_MS = 100;
const MAX_POLL_MS = 5_000;

/** Wait `ms`, or less when `signal` aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * The part of the client a follower uses: its requests and `fulfilInputRequest` (SwitchboardClient,
 * client-factory.ts, has both). A slice, so this file and task-runner.ts need not import the client
 * factory, which imports them through its hooks (a cycle, issue 29 item 5).
 */
export interface TaskFollowClient extends Pick<Client, 'request'> {
  fulfilInputRequest(key: string, entry: { method: string; params?: Record<string, unknown> }, signal: AbortSignal): Promise<Record<string, unknown>>;
}

/**
 * Follow `first` (the handle a `tools/call` answered with) until it is completed, failed or
 * cancelled; resolves that last `DetailedTask` (status `cancelled` once we cancelled it, whatever
 * the server says later: cancelling is eventually consistent). Throws what a `tasks/*` request or an
 * input handler throws.
 */
export async function followModernTask(client: TaskFollowClient, first: ModernTask, options: FollowOptions): Promise<DetailedTask> {
  const { taskId } = first;
  const meta = traceMeta(options.trace);
  const answered = new Set<string>();
  const neverAborted = new AbortController().signal;
  const stopped = () => options.signal?.aborted === true || options.isCancelled?.() === true;
  let task: DetailedTask = first;
  options.onStatus(task);
  while (!FINAL.has(task.status)) {
    if (stopped()) {
      if (options.signal?.aborted) await client.request({ method: 'tasks/cancel', params: { taskId, ...meta } }, AnyResultSchema, { timeout: options.timeoutMs });
      task = { ...task, status: 'cancelled' };
      options.onStatus(task);
      return task;
    }
    // The spec: dedupe keys across polls, so a question is asked once.
    const fresh = task.status === 'input_required' ? Object.entries(task.inputRequests ?? {}).filter(([key]) => !answered.has(key)) : [];
    if (fresh.length > 0) {
      const inputResponses: Record<string, Record<string, unknown>> = {};
      for (const [key, entry] of fresh) {
        answered.add(key);
        inputResponses[key] = await client.fulfilInputRequest(key, entry, options.signal ?? neverAborted);
      }
      if (stopped()) continue;
      await client.request({ method: 'tasks/update', params: { taskId, inputResponses, ...meta } }, AnyResultSchema, { timeout: options.timeoutMs });
    }
    await pause(Math.min(Math.max(task.pollIntervalMs ?? 1000, MIN_POLL_MS), MAX_POLL_MS), options.signal);
    if (stopped()) continue;
    task = (await client.request({ method: 'tasks/get', params: { taskId, ...meta } }, DetailedTaskV2Schema, { timeout: options.timeoutMs })) as DetailedTask;
    options.onStatus(task);
  }
  return task;
}
