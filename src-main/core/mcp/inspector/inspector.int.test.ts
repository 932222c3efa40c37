/**
 * The inspector through the core facade (issue 5), against real servers: server-everything and the
 * purpose-built fixture (`fixtures/inspector-server.mjs`) twice, as `my-server` and `my.server`
 * (their tools collide by agent-visible name). One core is shared by the tests (starting servers is
 * the slow part); each test uses its own tools, so they do not disturb each other.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventName, EventPayload, MethodName, MethodInput, MethodOutput } from '../../../../src-shared/api/contract.js';
import { createSwitchboardCore } from '../../composition/switchboard-core.js';
import { everythingScript, makeWorld, writeOwnServers, type TempWorld } from '../../composition/test-world.js';
import type { SwitchboardCore } from '../../facade/types.js';
import { waitFor as waitForValue } from '../testing/test-helpers.js';

/** Poll until `condition` gives a value (deadline `ms`), typed without `undefined`. */
const waitFor = async <T>(condition: () => T | undefined | Promise<T | undefined>, what: string, ms?: number): Promise<T> =>
  (await waitForValue(condition, what, ms)) as T;

const FIXTURE = fileURLToPath(new URL('../testing/fixtures/inspector-server.mjs', import.meta.url));

let world: TempWorld;
let core: SwitchboardCore;
const events: { event: EventName; payload: unknown }[] = [];

async function call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const r = await (core.handlers[method] as (i: unknown) => Promise<{ ok: boolean; data?: unknown; error?: { message: string } }>)(input);
  if (!r.ok) throw new Error(`${method}: ${r.error!.message}`);
  return r.data as MethodOutput<M>;
}

function eventsOf<E extends EventName>(name: E): EventPayload<E>[] {
  return events.filter((e) => e.event === name).map((e) => e.payload as EventPayload<E>);
}

beforeAll(async () => {
  world = makeWorld();
  const env = { SB_TEST_MARKER: world.marker };
  writeOwnServers(world, {
    'my-server': { command: process.execPath, args: [FIXTURE], env: { ...env, INSPECTOR_TOOLS: '120' }, disabledTools: ['tool-000'] },
    'my.server': { command: process.execPath, args: [FIXTURE], env: { ...env, INSPECTOR_TOOLS: '120', INSPECTOR_REPEAT_CURSOR: '1', INSPECTOR_NO_SUBSCRIBE: '1' } },
    everything: { command: process.execPath, args: [everythingScript(), 'stdio'], env },
  });
  core = createSwitchboardCore({
    platform: world.platform,
    projectDir: world.project,
    dataDir: world.dataDir,
    mode: 'web',
    version: '1.0.0',
    referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] },
  });
  core.subscribe((event, payload) => events.push({ event, payload }));
  await core.start();
  await core.settled();
}, 180_000);

afterAll(async () => {
  await core?.dispose();
  world?.cleanup();
});

describe('tool catalog', () => {
  it('follows nextCursor to the end, applies disabledTools, stops on a repeated cursor, re-lists on list_changed', async () => {
    await waitFor(async () => (await call('tools:list', { server: 'my-server' })).some((t) => t.name === 'late'), 'the late tool', 10_000);
    const mine = await call('tools:list', { server: 'my-server' });
    const names = mine.map((t) => t.name);
    expect(names).toContain('tool-119');
    expect(names).not.toContain('tool-000');
    expect(mine).toHaveLength(12 + 120 - 1 + 1);
    expect(await call('tools:filtered', { server: 'my-server' })).toEqual(['tool-000']);
    // my.server hands back page 2's cursor again: two pages, then stop.
    const other = await call('tools:list', { server: 'my.server' });
    expect(other.filter((t) => t.name !== 'late')).toHaveLength(50);
  });

  it('marks every colliding tool and keeps each callable by raw names', async () => {
    const all = await call('tools:list', {});
    const involved = all.filter((t) => t.name === 'read-file' || t.name === 'read.file');
    expect(involved.map((t) => t.agentName).sort()).toEqual([
      'mcp_my_server_read_file',
      'mcp_my_server_read_file_2',
      'mcp_my_server_read_file_3',
      'mcp_my_server_read_file_4',
    ]);
    for (const t of involved) expect(t.collidesWith).toHaveLength(3);
    const first = all.find((t) => t.agentName === 'mcp_my_server_read_file')!;
    expect(first).toMatchObject({ server: 'my-server', name: 'read-file' });
    expect(first.annotations).toEqual({ readOnlyHint: true });
    const r = await call('tools:call', { server: 'my.server', tool: 'read.file', args: { path: '/x' } });
    expect(r.text).toBe('read.file: /x');
  });

  it('exports the catalog and describes a tool with its invocation form', async () => {
    const catalog = await call('tools:catalog', { server: 'everything' });
    expect(catalog).toContainEqual(expect.objectContaining({ name: 'mcp_everything_echo', description: expect.stringMatching(/^\[MCP:everything\] /) }));
    const d = await call('tools:describe', { name: 'mcp_everything_echo' });
    expect(d).toMatchObject({ server: 'everything', tool: 'echo', required: ['message'] });
    expect(d.invocation).toBe(`switchboard call mcp_everything_echo --args '{"message":"<string>"}'`);
    expect(d.inputSchema.properties).toHaveProperty('message');
  });
});

describe('tool calls', () => {
  it('answers a call missing required parameters with the schema, unless told to send it as is', async () => {
    const r = await call('tools:call', { server: 'everything', tool: 'echo', args: {} });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/^Error: Missing required parameter: message\./);
    expect(r.text).toContain('"message"');
    const raw = await call('tools:call', { server: 'everything', tool: 'echo', args: {}, validate: false });
    expect(raw.isError).toBe(true);
    expect(raw.text).not.toContain('Missing required parameter');
  });

  it('keeps a 5 MB result, a result that misses its output schema (warning), and isError without structured content', async () => {
    const big = await call('tools:call', { server: 'my-server', tool: 'big', args: {} });
    expect(big.text.length).toBe(5 * 1024 * 1024);
    const preview = await call('tools:call', { server: 'my-server', tool: 'big', args: {}, previewChars: 16_384 });
    expect(preview.text).toHaveLength(16_384);
    expect(preview.truncated?.totalChars).toBe(5 * 1024 * 1024);
    expect((await call('tools:fullText', { resultId: preview.truncated!.resultId })).text).toBe(big.text);
    const mismatch = await call('tools:call', { server: 'my-server', tool: 'mismatch', args: {} });
    expect(mismatch.isError).toBe(false);
    expect(mismatch.structuredContent).toEqual({ total: 'many' });
    expect(mismatch.outputWarning).toMatch(/count/);
    const failed = await call('tools:call', { server: 'my-server', tool: 'fail-plain', args: {} });
    expect(failed).toMatchObject({ isError: true, text: 'Error: plain failure' });
    expect(failed.outputWarning).toBeUndefined();
  });

  it('reports progress and cancels a running call (reported as cancelled, recorded in history)', async () => {
    const callId = `slow-${Date.now()}`;
    const pending = call('tools:call', { server: 'my-server', tool: 'slow', args: { ms: 110_000 }, callId });
    await waitFor(() => eventsOf('tools:progress').some((p) => p.callId === callId), 'a progress event');
    expect(await call('tools:cancel', { callId })).toEqual({ cancelled: true });
    const r = await pending;
    expect(r).toMatchObject({ isError: true, text: 'Cancelled' });
    expect(r.durationMs).toBeLessThan(60_000); // the slow call would take 110 s: a loaded machine needs room
    expect(await call('tools:cancel', { callId })).toEqual({ cancelled: false });
    const history = await call('history:list', { server: 'my-server' });
    expect(history.find((h) => h.tool === 'slow')).toMatchObject({ outcome: 'cancelled', args: { ms: 110_000 } });
    // The server is still fine afterwards.
    expect((await call('tools:call', { server: 'my-server', tool: 'read-file', args: { path: 'a' } })).text).toBe('read-file: a');
  });
});

describe('a late reply', () => {
  it('is ignored after cancel: the call stays cancelled and the server keeps working', async () => {
    const callId = `stubborn-${Date.now()}`;
    const pending = call('tools:call', { server: 'my.server', tool: 'slow', args: { ms: 400, ignoreCancel: true }, callId });
    await waitFor(() => eventsOf('tools:progress').find((p) => p.callId === callId), 'a progress event');
    await call('tools:cancel', { callId });
    expect(await pending).toMatchObject({ isError: true, text: 'Cancelled' });
    // The server still answers after ~400 ms; the SDK drops the reply to the cancelled request.
    await waitFor(
      () => core.handlers['logs:get']({ server: 'my.server' }).then((r) => r.ok && r.data.some((e) => /unknown message ID/i.test(e.text))),
      'the late reply to arrive and be dropped',
    );
    // Labelled as a message after a cancel, not as a transport error (issue 15 item 3).
    const logs = await core.handlers['logs:get']({ server: 'my.server' });
    const late = logs.ok ? logs.data.find((e) => /unknown message ID/i.test(e.text)) : undefined;
    expect(late).toMatchObject({ level: 'notice', text: expect.stringMatching(/^after a cancel or timeout: a response for an unknown message ID: .*\(its request was cancelled or timed out\)$/) });
    expect((await call('tools:call', { server: 'my.server', tool: 'read-file', args: { path: 'b' } })).text).toBe('read-file: b');
    expect((await call('history:list', { server: 'my.server' })).filter((h) => h.tool === 'slow').map((h) => h.outcome)).toEqual(['cancelled']);
  });
});

describe('resources, prompts, completions, logging', () => {
  it('lists resources across pages, templates with arguments, reads text and blob, follows a subscription', async () => {
    const list = await call('resources:list', { server: 'my-server' });
    expect(list.resources).toHaveLength(30);
    expect(list.truncated).toBe(false);
    const templates = await call('resources:templates', { server: 'my-server' });
    expect(templates.templates[0]).toMatchObject({ uriTemplate: 'note://{id}', arguments: ['id'] });
    expect((await call('resources:read', { server: 'my-server', uri: 'mem://r/2' })).contents[0]).toMatchObject({ text: 'contents of mem://r/2' });
    expect((await call('resources:read', { server: 'my-server', uri: 'mem://r/1' })).contents[0]).toMatchObject({ blob: 'AQID' });
    await call('resources:subscribe', { server: 'my-server', uri: 'mem://r/3', on: true });
    await call('tools:call', { server: 'my-server', tool: 'touch', args: { uri: 'mem://r/3' } });
    await waitFor(() => eventsOf('resources:updated').some((u) => u.server === 'my-server' && u.uri === 'mem://r/3'), 'resources:updated');
    // A server without resources.subscribe: refused before anything is sent (trial 6: the server's bare -32601).
    expect(await core.handlers['resources:subscribe']({ server: 'my.server', uri: 'mem://r/3', on: true })).toEqual({
      ok: false,
      error: { code: 'BAD_REQUEST', message: 'This server does not offer resource subscriptions: its resources capability has no "subscribe"' },
    });
  });

  it('gets a prompt with arguments and completes an argument', async () => {
    const prompts = await call('prompts:list', { server: 'my-server' });
    expect(prompts.prompts[0]).toMatchObject({ name: 'greet', arguments: [{ name: 'name', required: true }] });
    const got = await call('prompts:get', { server: 'my-server', name: 'greet', args: { name: 'Ada' } });
    expect(got.messages[0]).toMatchObject({ role: 'user', content: { type: 'text', text: 'Say hello to Ada' } });
    const c = await call('completion:complete', { server: 'my-server', ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'name', value: 'al' } });
    expect(c.values).toEqual(['alice', 'albert']);
  });

  it("sets the logging level and shows the server's log messages in its log", async () => {
    expect(await call('logging:setLevel', { server: 'my-server', level: 'debug' })).toEqual({ level: 'debug' });
    await call('tools:call', { server: 'my-server', tool: 'log', args: { level: 'warning', text: 'disk nearly full' } });
    await waitFor(
      () => core.handlers['logs:get']({ server: 'my-server' }).then((r) => r.ok && r.data.some((e) => e.text === 'server log [warning] fixture: disk nearly full')),
      'the log line',
    );
  });

  it("browses server-everything's resources and prompts", async () => {
    const list = await call('resources:list', { server: 'everything' });
    expect(list.resources.length).toBeGreaterThan(0);
    const read = await call('resources:read', { server: 'everything', uri: list.resources[0]!.uri });
    expect(read.contents.length).toBeGreaterThan(0);
    const prompts = await call('prompts:list', { server: 'everything' });
    expect(prompts.prompts.map((p) => p.name)).toContain('simple-prompt');
    const got = await call('prompts:get', { server: 'everything', name: 'simple-prompt', args: {} });
    expect(got.messages.length).toBeGreaterThan(0);
  });
});

describe('server-initiated requests', () => {
  it('routes sampling to a person and returns the reply they wrote', async () => {
    const pending = call('tools:call', { server: 'my-server', tool: 'ask-sampling', args: { prompt: 'capital of France?' } });
    const req = await waitFor(() => eventsOf('requests:pending').find((r) => r.kind === 'sampling' && r.server === 'my-server'), 'a sampling request');
    expect(JSON.stringify(req.params)).toContain('capital of France?');
    expect((await call('requests:list', {})).map((r) => r.id)).toContain(req.id);
    expect(await call('requests:answer', { id: req.id, answer: { action: 'reply', text: 'Paris' } })).toEqual({ answered: true });
    expect((await pending).text).toBe('sampled: Paris (human)');
    expect(await call('requests:list', {})).toEqual([]);
  });

  it('routes elicitation to a person: accept (defaults applied) and decline', async () => {
    const first = call('tools:call', { server: 'my-server', tool: 'ask-elicit', args: {} });
    const req = await waitFor(() => eventsOf('requests:pending').find((r) => r.kind === 'elicitation'), 'an elicitation request');
    await call('requests:answer', { id: req.id, answer: { action: 'accept', content: { age: 7 } } });
    expect((await first).text).toBe('elicited: accept {"age":7,"name":"anonymous"}');

    const second = call('tools:call', { server: 'my-server', tool: 'ask-elicit', args: {} });
    const req2 = await waitFor(() => eventsOf('requests:pending').find((r) => r.kind === 'elicitation' && r.id !== req.id), 'a second request');
    await call('requests:answer', { id: req2.id, answer: { action: 'decline' } });
    expect((await second).text).toBe('elicited: decline {}');
  });

  it('offers the roots the person chose and tells the server', async () => {
    const initial = await call('roots:get', { server: 'everything' });
    // Switchboard's own servers get no roots until the person chooses (issue 14 item 3).
    expect(initial).toMatchObject({ roots: [], origin: { kind: 'host', host: 'switchboard', rule: 'none' } });
    await call('roots:set', { server: 'everything', roots: [{ uri: 'file:///tmp/chosen-root', name: 'chosen' }] });
    await waitFor(
      async () => (await call('tools:call', { server: 'everything', tool: 'get-roots-list', args: {} })).text.includes('file:///tmp/chosen-root'),
      'the server to see the chosen root',
    );
  });
});

describe('tasks', () => {
  it("runs server-everything's task tool as a task to completion", async () => {
    const tools = await call('tools:list', { server: 'everything' });
    const research = tools.find((t) => t.name === 'simulate-research-query');
    expect(research?.execution).toMatchObject({ taskSupport: 'required' });
    const started = await call('tasks:call', { server: 'everything', tool: 'simulate-research-query', args: { topic: 'otters' } });
    expect(['working', 'completed']).toContain(started.status);
    const done = await waitFor(
      async () => (await call('tasks:list', { server: 'everything' })).find((t) => t.taskId === started.taskId && t.status === 'completed' && t.result),
      'the task to complete',
      20_000,
    );
    expect(done.result!.text).toContain('otters');
    expect(eventsOf('tasks:changed').some((t) => t.taskId === started.taskId)).toBe(true);
  });

  it('cancels a running task', async () => {
    const started = await call('tasks:call', { server: 'everything', tool: 'simulate-research-query', args: { topic: 'beavers' } });
    expect(started.status).toBe('working');
    const cancelled = await call('tasks:cancel', { server: 'everything', taskId: started.taskId });
    expect(cancelled.status).toBe('cancelled');
  });
});

describe("server-everything's long-running, sampling and elicitation tools", () => {
  it('trigger-long-running-operation reports progress and completes; a second one is cancelled', async () => {
    const callId = `long-${Date.now()}`;
    const done = call('tools:call', { server: 'everything', tool: 'trigger-long-running-operation', args: { duration: 1, steps: 3 }, callId });
    await waitFor(() => eventsOf('tools:progress').find((p) => p.callId === callId), 'a progress event');
    expect((await done).text).toContain('Long running operation completed');

    const cancelId = `long-cancel-${Date.now()}`;
    const cancelled = call('tools:call', { server: 'everything', tool: 'trigger-long-running-operation', args: { duration: 30, steps: 30 }, callId: cancelId });
    await waitFor(() => eventsOf('tools:progress').find((p) => p.callId === cancelId), 'a progress event');
    await call('tools:cancel', { callId: cancelId });
    expect(await cancelled).toMatchObject({ isError: true, text: 'Cancelled' });
  });

  it('trigger-sampling-request is answered by the person', async () => {
    const pending = call('tools:call', { server: 'everything', tool: 'trigger-sampling-request', args: { prompt: 'say hi' } });
    const req = await waitFor(() => eventsOf('requests:pending').find((r) => r.server === 'everything' && r.kind === 'sampling'), 'the sampling request');
    await call('requests:answer', { id: req.id, answer: { action: 'reply', text: 'hi from a person' } });
    expect((await pending).text).toContain('hi from a person');
  });

  it('trigger-elicitation-request and its task-augmented variant are answered by the person', async () => {
    const sync = call('tools:call', { server: 'everything', tool: 'trigger-elicitation-request', args: {} });
    const req = await waitFor(() => eventsOf('requests:pending').find((r) => r.server === 'everything' && r.kind === 'elicitation'), 'the elicitation');
    await call('requests:answer', { id: req.id, answer: { action: 'accept', content: { name: 'Ada Lovelace', check: true } } });
    const text = (await sync).text;
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('It was a dark and stormy night.'); // the schema's default, applied

    const asyncCall = call('tools:call', { server: 'everything', tool: 'trigger-elicitation-request-async', args: {} });
    const req2 = await waitFor(
      () => eventsOf('requests:pending').find((r) => r.server === 'everything' && r.kind === 'elicitation' && r.id !== req.id),
      'the task-augmented elicitation',
    );
    await call('requests:answer', { id: req2.id, answer: { action: 'accept', content: { name: 'Grace', favoriteColor: 'Blue', agreeToTerms: true } } });
    expect((await asyncCall).text).toContain('Grace');
  });
});
