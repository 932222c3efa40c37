/**
 * Trace context (issue 35 item 4, trace-context.ts) on a real 2026-07-28 stdio server whose
 * `confirm` tool answers `input_required` (an MRTR round trip): a call with no traceparent of its
 * own gets a fresh valid one; its retry keeps the trace id with a span id of its own; a request
 * outside the call (`tools/list`) is a trace of its own; the `tasks/get` polls of a call answered
 * with a task (ext-tasks) keep the call's trace id; a call made outside the one call path (the
 * manager's own `callTool`, as a trigger rule's) is one trace as well. What the server received is read from the
 * JSON-RPC trace, which records the message as sent.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { PendingServerRequest } from '../../../../src-shared/api/inspector.js';
import { NO_RESTARTS } from '../manager/backoff.js';
import { McpManager } from '../manager/manager.js';
import { ServerRequestBroker } from '../inspector/server-requests.js';
import { testDefinition } from '../testing/test-helpers.js';
import { TaskRunner } from '../tools/task-runner.js';
import { parseTraceparent, startCallTrace } from './trace-context.js';

const MODERN_STDIO = fileURLToPath(new URL('../testing/fixtures/modern-stdio-server.mjs', import.meta.url));
let manager: McpManager | undefined;
afterAll(async () => {
  await manager?.dispose();
});

const W3C = /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/;

describe('traceparent on the requests Switchboard sends', () => {
  it('parses only valid W3C values and continues a host trace with a new span', () => {
    expect(parseTraceparent('00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01')).toEqual({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: '00f067aa0ba902b7', flags: '01' });
    for (const bad of ['00-00000000000000000000000000000000-00f067aa0ba902b7-01', '00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01', 'ff-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01', '00-0AF7651916CD43DD8448EB211C80319C-00f067aa0ba902b7-01', '00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01-x', 42, undefined]) {
      expect(parseTraceparent(bad)).toBeUndefined();
    }
    const continued = startCallTrace('00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01');
    expect(continued).toMatchObject({ traceId: '0af7651916cd43dd8448eb211c80319c', parentSpanId: '00f067aa0ba902b7', flags: '01' });
    expect(continued.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(continued.spanId).not.toBe('00f067aa0ba902b7');
    const fresh = startCallTrace('not a traceparent');
    expect(fresh.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh.parentSpanId).toBeUndefined();
  });

  it('a call without a traceparent gets a fresh one, kept through its MRTR retry and its task polls; other requests get their own', async () => {
    const broker = new ServerRequestBroker({ hasFace: () => true });
    const pending: PendingServerRequest[] = [];
    broker.on('pending', (r) => {
      pending.push(r);
      broker.answer(r.id, { action: 'accept', content: { confirm: true, note: 'ok' } });
    });
    const tasks = new TaskRunner();
    manager = new McpManager({ clientName: 'switchboard-test', clientVersion: '1.0.0', restart: NO_RESTARTS, hooks: { broker, followTask: (a) => tasks.adopt(a) } });
    await manager.reconcile([{ definition: testDefinition({ name: 'modern', transport: 'stdio', command: process.execPath, args: [MODERN_STDIO, '--legacy', 'reject'] }), desired: 'run' }]);
    await manager.settled();
    const m = manager;
    const trace = startCallTrace();
    const result = await m.callTool('modern', 'confirm', { action: 'deploy' }, { trace });
    expect(result).toMatchObject({ isError: false, text: 'Confirmed deploy: ok' });
    expect(pending).toHaveLength(1);

    const sent = m.trace('modern').filter((e) => e.direction === 'out' && e.kind === 'request');
    const calls = sent.filter((e) => e.method === 'tools/call');
    expect(calls).toHaveLength(2); // the call and its retry carrying the answer
    const parents = calls.map((e) => (JSON.parse(e.text) as { params: { _meta: { traceparent: string } } }).params._meta.traceparent);
    for (const p of parents) expect(p).toMatch(W3C);
    expect(parents.map((p) => parseTraceparent(p)?.traceId)).toEqual([trace.traceId, trace.traceId]);
    expect(new Set(parents.map((p) => parseTraceparent(p)?.spanId)).size).toBe(2);
    expect(calls.map((e) => e.traceId)).toEqual([trace.traceId, trace.traceId]);
    // The replies' entries carry the trace id of their request.
    expect(m.trace('modern').filter((e) => e.direction === 'in' && e.method === 'tools/call').map((e) => e.traceId)).toEqual([trace.traceId, trace.traceId]);

    const list = sent.find((e) => e.method === 'tools/list');
    expect(list?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(list?.traceId).not.toBe(trace.traceId);

    // A call answered with a task handle: every tasks/get poll of it carries the call's trace id.
    const job = startCallTrace();
    const from = m.trace('modern').at(-1)?.seq ?? 0;
    expect(await m.callTool('modern', 'job', { steps: 2, delayMs: 50 }, { trace: job })).toMatchObject({ isError: false, text: 'job finished after 2 steps' });
    const polls = m.trace('modern', from).filter((e) => e.direction === 'out' && e.method === 'tasks/get');
    expect(polls.length).toBeGreaterThan(0);
    expect(new Set(polls.map((e) => e.traceId))).toEqual(new Set([job.traceId]));

    // A task call given no trace: the trace it starts for itself reaches its polls too.
    const untraced = m.trace('modern').at(-1)?.seq ?? 0;
    expect(await m.callTool('modern', 'job', { steps: 2, delayMs: 50 })).toMatchObject({ text: 'job finished after 2 steps' });
    const own = m.trace('modern', untraced).filter((e) => e.direction === 'out' && (e.method === 'tools/call' || e.method === 'tasks/get'));
    expect(own.filter((e) => e.method === 'tasks/get').length).toBeGreaterThan(0);
    expect(own[0]?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(own.map((e) => e.traceId))).toEqual(new Set([own[0]?.traceId]));

    // A call outside the one call path (a trigger rule's: the manager's own callTool) is one trace too, its retry included.
    const before = m.trace('modern').at(-1)?.seq ?? 0;
    expect(await m.callTool('modern', 'confirm', { action: 'rule' })).toMatchObject({ text: 'Confirmed rule: ok' });
    const ruleCalls = m.trace('modern', before).filter((e) => e.direction === 'out' && e.method === 'tools/call');
    expect(ruleCalls).toHaveLength(2);
    expect(ruleCalls[0]?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(ruleCalls[1]?.traceId).toBe(ruleCalls[0]?.traceId);
  });
});
