/**
 * The 2026-07-28 tasks extension (issue 12 item 5) against the real modern-only fixtures over stdio
 * and Streamable HTTP (modern-tasks.mjs): a plain call answered with a task handle is followed with
 * `tasks/get` to its result and listed as a task; a task that needs input asks the person through
 * the broker and sends the answer with `tasks/update`; cancelling the call sends `tasks/cancel`;
 * `tasks:call`'s runner follows a modern task too. Negotiation: the extension is declared only
 * where the server offers it (the dual-era fixture in the 2025 era gets none, so `job` runs plainly
 * and `approve` refuses).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerDefinition } from '../../../../src-shared/config/server.js';
import type { PendingServerRequest, TaskRecord } from '../../../../src-shared/api/inspector.js';
import { NO_RESTARTS } from '../manager/backoff.js';
import { McpManager } from '../manager/manager.js';
import { ServerRequestBroker } from '../inspector/server-requests.js';
import { TaskRunner } from '../tools/task-runner.js';
import { testDefinition } from '../testing/test-helpers.js';

const MODERN_STDIO = fileURLToPath(new URL('../testing/fixtures/modern-stdio-server.mjs', import.meta.url));
const HTTP_FIXTURE = new URL('../testing/fixtures/modern-http-server.mjs', import.meta.url).href;
const TASKS_FIXTURE = new URL('../testing/fixtures/modern-tasks.mjs', import.meta.url).href;

let modernHttp: { url: string; close(): Promise<void> };
/** Task requests the in-process HTTP fixture received, per method. */
let taskCounts: Map<string, number>;
let manager: McpManager | undefined;

beforeAll(async () => {
  const { startModernHttp } = (await import(HTTP_FIXTURE)) as { startModernHttp: (o: { legacy: string }) => Promise<typeof modernHttp> };
  modernHttp = await startModernHttp({ legacy: 'reject' });
  ({ taskCounts } = (await import(TASKS_FIXTURE)) as { taskCounts: Map<string, number> });
});
afterAll(async () => {
  await modernHttp?.close();
});
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
});

const stdioDef = (name: string, legacy: 'reject' | 'serve', extra: Partial<ServerDefinition> = {}) =>
  testDefinition({ name, transport: 'stdio', command: process.execPath, args: [MODERN_STDIO, '--legacy', legacy], ...extra });
const MODERN = () => [stdioDef('modern-stdio', 'reject'), testDefinition({ name: 'modern-http', transport: 'http', url: modernHttp.url })];

/** A manager whose calls follow task handles through `tasks`, with a "person" answering through the broker. */
async function connected(...defs: ServerDefinition[]) {
  const broker = new ServerRequestBroker({ hasFace: () => true });
  const pending: PendingServerRequest[] = [];
  broker.on('pending', (r) => pending.push(r));
  const tasks = new TaskRunner();
  manager = new McpManager({ clientName: 'switchboard-test', clientVersion: '1.0.0', restart: NO_RESTARTS, hooks: { broker, followTask: (a) => tasks.adopt(a) } });
  await manager.reconcile(defs.map((definition) => ({ definition, desired: 'run' as const })));
  await manager.settled();
  return { m: manager, broker, pending, tasks };
}

async function waitFor<T>(get: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 3000; i++) {
    const v = get();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('tasks extension (2026-07-28)', () => {
  it('a plain call answered with a task handle is followed to its result and listed as a task (stdio and HTTP)', async () => {
    const { m, tasks } = await connected(...MODERN());
    for (const name of ['modern-stdio', 'modern-http']) {
      const progress: string[] = [];
      const result = await m.callTool(name, 'job', { steps: 3, delayMs: 100 }, { callId: `c-${name}`, onProgress: (p) => progress.push(p.message ?? '') });
      expect(result).toMatchObject({ server: name, tool: 'job', isError: false, text: 'job finished after 3 steps' });
      const [record] = tasks.list(name);
      expect(record).toMatchObject({ server: name, tool: 'job', status: 'completed', callId: `c-${name}`, result: { text: 'job finished after 3 steps' } });
      expect(progress[0]).toBe(`task ${record!.taskId}: working`);
      // Polls every 100 ms while a step takes 100 ms: which steps are seen varies, not that some are.
      expect(progress.some((p) => new RegExp(`^task ${record!.taskId}: working \\(step [123]/3\\)$`).test(p))).toBe(true);
      expect(progress.at(-1)).toBe(`task ${record!.taskId}: completed (done)`);
    }
    expect(taskCounts.get('tasks/get')).toBeGreaterThan(0); // the HTTP server was polled
  });

  it('a task that needs input asks the person; the answer goes with tasks/update (stdio and HTTP)', async () => {
    const { m, pending, broker, tasks } = await connected(...MODERN());
    for (const name of ['modern-stdio', 'modern-http']) {
      const call = m.callTool(name, 'approve', { item: 'release 2' });
      const asked = await waitFor(() => pending.find((r) => r.server === name), `${name}'s question`);
      expect(asked).toMatchObject({ kind: 'elicitation', params: { message: 'Approve "release 2"?', requestedSchema: { required: ['approve'] } } });
      expect(tasks.list(name)[0]).toMatchObject({ status: 'input_required', statusMessage: 'waiting for approval' });
      expect(broker.answer(asked.id, { action: 'accept', content: { approve: true } })).toBe(true);
      expect(await call).toMatchObject({ isError: false, text: 'Approved release 2' });

      const declined = m.callTool(name, 'approve', { item: 'drop db' });
      const second = await waitFor(() => pending.find((r) => r.server === name && r.id !== asked.id), `${name}'s second question`);
      broker.answer(second.id, { action: 'decline' });
      expect((await declined).text).toBe('Not approved (decline)');
    }
    expect(taskCounts.get('tasks/update')).toBeGreaterThanOrEqual(2);
  });

  it('cancelling the call sends tasks/cancel and ends it as cancelled; tasks:cancel ends an adopted task too', async () => {
    const { m, tasks } = await connected(...MODERN());
    const before = taskCounts.get('tasks/cancel') ?? 0;
    for (const name of ['modern-stdio', 'modern-http']) {
      const controller = new AbortController();
      const call = m.callTool(name, 'job', { steps: 500, delayMs: 100 }, { signal: controller.signal });
      const record = await waitFor(() => tasks.list(name).find((t) => t.statusMessage?.startsWith('step')), 'the first step');
      controller.abort();
      expect(await call).toMatchObject({ isError: true, text: 'Cancelled', failure: { code: 'cancelled' } });
      expect(tasks.list(name).find((t) => t.taskId === record.taskId)?.status).toBe('cancelled');

      // Cancelled from the tasks view (`tasks:cancel`) instead of the call.
      const viaList = m.callTool(name, 'job', { steps: 500, delayMs: 100 });
      const other = await waitFor(() => tasks.list(name).find((t) => t.taskId !== record.taskId && t.status === 'working'), 'the second task');
      await m.withClient(name, (c) => tasks.cancel(c, name, other.taskId, 30_000));
      expect(await viaList).toMatchObject({ isError: true, text: 'Cancelled' });
    }
    expect(taskCounts.get('tasks/cancel') ?? 0).toBeGreaterThanOrEqual(before + 2);
  });

  it("tasks:call's runner starts and follows a modern task without opting in on the request", async () => {
    const { m, tasks } = await connected(stdioDef('modern-stdio', 'reject'));
    const seen: TaskRecord['status'][] = [];
    tasks.on('changed', (r) => seen.push(r.status));
    const record = await m.withClient('modern-stdio', (c) => tasks.start(c, 'modern-stdio', 'job', { steps: 2, delayMs: 50 }, { timeoutMs: 30_000 }));
    expect(record.status).toBe('working');
    const done = await waitFor(() => tasks.list('modern-stdio').find((t) => t.taskId === record.taskId && t.result), 'the result');
    expect(done).toMatchObject({ status: 'completed', result: { text: 'job finished after 2 steps' } });
    expect(seen).toContain('completed');
  });

  it('the extension is declared only where the server offers it: a 2025-era connection calls job plainly and approve refuses', async () => {
    const { m, tasks } = await connected(stdioDef('dual', 'serve', { protocol: 'legacy' }));
    expect(m.runtime('dual')).toMatchObject({ status: 'connected', protocol: { era: 'legacy' } });
    expect(await m.callTool('dual', 'job', { steps: 1, delayMs: 10 })).toMatchObject({ isError: false, text: 'job finished after 1 steps (no task)' });
    const refused = await m.callTool('dual', 'approve', { item: 'x' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('Missing required client capability');
    expect(tasks.list()).toEqual([]);
  });
});
