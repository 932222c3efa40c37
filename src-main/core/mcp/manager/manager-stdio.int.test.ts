/**
 * The manager against real stdio servers from node_modules: server-everything, server-filesystem
 * and a scripted SDK server (fixtures/). Real processes, real files in temp dirs.
 */
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_RESTARTS } from './backoff.js';
import { CoreError } from '../../facade/errors.js';
import { McpManager } from './manager.js';
import { isAlive, listDescendants } from '../transport/process-tree.js';
import { everythingStdio, FILESYSTEM_SCRIPT, testDefinition, waitFor } from '../testing/test-helpers.js';
import type { ManagedServer } from './types.js';

const SCRIPTED = fileURLToPath(new URL('../testing/fixtures/scripted-server.mjs', import.meta.url));
const scripted = (name = 'scripted', env: Record<string, string> = {}) =>
  testDefinition({ name, transport: 'stdio', command: process.execPath, args: [SCRIPTED], env });

let tmp: string;
let manager: McpManager | undefined;

beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'switchboard-mcp-'));
  writeFileSync(path.join(tmp, 'hello.txt'), 'Hello from a real file\nsecond line\n');
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
});

function newManager(): McpManager {
  manager = new McpManager({ clientName: 'switchboard-test', clientVersion: '1.0.0', restart: NO_RESTARTS });
  return manager;
}

const run = (...defs: ReturnType<typeof testDefinition>[]): ManagedServer[] => defs.map((definition) => ({ definition, desired: 'run' }));

describe('McpManager over stdio (server-everything)', () => {
  it('connects, lists named tools and calls echo and get-sum with exact results', async () => {
    const m = newManager();
    await m.reconcile(run(everythingStdio('everything')));
    await m.settled();
    const rt = m.runtime('everything')!;
    expect(rt.status).toBe('connected');
    expect(rt.serverInfo?.name).toBe('mcp-servers/everything');
    expect(rt.connectedAt).toBeGreaterThan(0);

    const tools = m.listTools('everything');
    const echo = tools.find((t) => t.name === 'echo')!;
    expect(echo.agentName).toBe('mcp_everything_echo');
    expect(echo.agentDescription).toBe(`[MCP:everything] ${echo.description}`);
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image']));
    expect(rt.toolCount).toBe(tools.length);

    const echoed = await m.callTool('everything', 'echo', { message: 'switchboard says hi' });
    expect(echoed).toMatchObject({ server: 'everything', tool: 'echo', isError: false, text: 'Echo: switchboard says hi' });
    expect(echoed.durationMs).toBeGreaterThan(0);

    const sum = await m.callTool('everything', 'get-sum', { a: 19, b: 23 });
    expect(sum.text).toBe('The sum of 19 and 23 is 42.');
    expect(m.runtime('everything')!.recentLatencyMs.length).toBeGreaterThanOrEqual(3); // tools/list + 2 calls
  });

  it('renders an image as a placeholder and keeps structured content that matches', async () => {
    const m = newManager();
    await m.reconcile(run(everythingStdio('ev')));
    await m.settled();
    const image = await m.callTool('ev', 'get-tiny-image', {});
    expect(image.text).toMatch(/^Here's the image you requested:\n\[image: image\/png, \d+ bytes\]\n/);
    const weather = await m.callTool('ev', 'get-structured-content', { location: 'Chicago' });
    expect(weather.structuredContent).toEqual({ temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 });
    expect(weather.outputWarning).toBeUndefined();
  });

  it('maps invalid arguments to an isError result and declines elicitation and sampling', async () => {
    const m = newManager();
    await m.reconcile(run(everythingStdio('ev')));
    await m.settled();
    const bad = await m.callTool('ev', 'get-sum', { a: 'not a number', b: 1 });
    expect(bad.isError).toBe(true);
    expect(bad.text.startsWith('Error: ')).toBe(true);
    expect(bad.text).toContain('Input validation error');

    const elicit = await m.callTool('ev', 'trigger-elicitation-request', {});
    expect(elicit.text).toContain('"action": "decline"');
    const asyncElicit = await m.callTool('ev', 'trigger-elicitation-request-async', {});
    expect(asyncElicit.text).toMatch(/^\[DECLINED\]/);
    const sampling = await m.callTool('ev', 'trigger-sampling-request', { prompt: 'hi' });
    expect(sampling.isError).toBe(true);
    expect(sampling.text).toContain('Sampling request declined');
  });

  it('resets the timeout on progress, times out without it, and cancels through the signal', async () => {
    const m = newManager();
    await m.reconcile(run(everythingStdio('ev')));
    await m.settled();
    const progress: number[] = [];
    // 6 progress steps 200 ms apart: each resets the 900 ms timeout the 1.2 s call would exceed.
    const long = await m.callTool('ev', 'trigger-long-running-operation', { duration: 1.2, steps: 6 }, {
      timeoutMs: 900,
      onProgress: (p) => progress.push(p.progress),
    });
    expect(long.text).toBe('Long running operation completed. Duration: 1.2 seconds, Steps: 6.');
    expect(progress.length).toBeGreaterThanOrEqual(3);

    const timedOut = await m.callTool('ev', 'trigger-long-running-operation', { duration: 1, steps: 1 }, { timeoutMs: 200 });
    expect(timedOut).toMatchObject({ isError: true, text: "MCP error: Request timed out. The server did not answer within 200 ms: raise the server's timeout if the tool needs longer." });
    expect(timedOut.failure).toMatchObject({ code: 'timeout', retryable: true });

    const abort = new AbortController();
    const cancelled = m.callTool('ev', 'trigger-long-running-operation', { duration: 60, steps: 60 }, {
      signal: abort.signal,
      onProgress: () => abort.abort(),
    });
    const result = await cancelled;
    expect(result).toMatchObject({ isError: true, text: 'Cancelled' });
    expect(result.durationMs).toBeLessThan(30_000); // the operation would take 60 s
    // The connection survives a cancelled call.
    expect((await m.callTool('ev', 'echo', { message: 'still here' })).text).toBe('Echo: still here');
  });

  it("offers the project folder as its root where the server's host gives it (Claude Code)", async () => {
    manager = new McpManager({ projectDir: tmp });
    const def = everythingStdio('ev');
    await manager.reconcile(run({ ...def, source: { host: 'claude-code', file: '/home/me/.claude.json', scope: 'user' } }));
    await manager.settled();
    const roots = await manager.callTool('ev', 'get-roots-list', {});
    expect(roots.text).toContain(`file://${tmp}`);
  });
});

describe('McpManager over stdio (server-filesystem)', () => {
  it('reads a real file in a temp dir', async () => {
    const m = newManager();
    await m.reconcile(run(testDefinition({ name: 'files', transport: 'stdio', command: process.execPath, args: [FILESYSTEM_SCRIPT, tmp] })));
    await m.settled();
    expect(m.listTools('files').map((t) => t.name)).toEqual(expect.arrayContaining(['read_text_file', 'list_directory']));
    const read = await m.callTool('files', 'read_text_file', { path: path.join(tmp, 'hello.txt') });
    expect(read.isError).toBe(false);
    expect(read.text).toBe('Hello from a real file\nsecond line\n');
    const outside = await m.callTool('files', 'read_text_file', { path: '/etc/hostname' });
    expect(outside.isError).toBe(true);
    expect(outside.text).toMatch(/^Error: Access denied - path outside allowed directories/);
  });
});

describe('McpManager over stdio (scripted SDK server)', () => {
  it('follows nextCursor to the last page and re-lists on tools/list_changed', async () => {
    const m = newManager();
    const toolEvents: string[] = [];
    m.on('tools', (name) => toolEvents.push(name));
    await m.reconcile(run(scripted()));
    await m.settled();
    expect(m.listTools().map((t) => t.name)).toEqual(['one', 'two', 'add-tool', 'fail', 'bad-output', 'exit']);
    expect(toolEvents).toEqual(['scripted']);

    const added = await m.callTool('scripted', 'add-tool', {});
    expect(added.text).toBe('added-6');
    await waitFor(() => m.listTools().some((t) => t.name === 'added-6'), 'the re-listed tools');
    expect(toolEvents.length).toBe(2);
    expect(m.runtime('scripted')!.toolCount).toBe(7);
  });

  it('maps isError to "Error: …" and keeps a result whose structured content misses the schema', async () => {
    const m = newManager();
    await m.reconcile(run(scripted()));
    await m.settled();
    expect(await m.callTool('scripted', 'fail', {})).toMatchObject({ isError: true, text: 'Error: boom' });
    const bad = await m.callTool('scripted', 'bad-output', {});
    expect(bad).toMatchObject({ isError: false, text: 'count is missing', structuredContent: { total: 'many' } });
    expect(bad.outputWarning).toBe("structuredContent does not match the tool's output schema: (root) must have required property 'count'");
  });

  it('notices at once when the process exits on its own, with exit code and stderr tail', async () => {
    const m = newManager();
    await m.reconcile(run(scripted()));
    await m.settled();
    const statuses: string[] = [];
    m.on('status', (rt) => statuses.push(rt.status));
    await m.callTool('scripted', 'exit', { code: 3 });
    const rt = await waitFor(() => (m.runtime('scripted')!.status === 'error' ? m.runtime('scripted') : undefined), 'the exit');
    expect(rt!.lastError).toBe('Process exited with code 3: scripted server ready\nscripted server exiting with 3');
    expect(rt!.toolCount).toBe(0);
    expect(m.listTools('scripted')).toEqual([]);
    expect(statuses).toContain('error');
    await expect(m.callTool('scripted', 'one', {})).rejects.toThrow(
      'Failed to connect to "scripted": Process exited with code 3: scripted server ready\nscripted server exiting with 3',
    );
    expect(m.logs('scripted').some((e) => e.stream === 'system' && e.text.startsWith('Process exited with code 3'))).toBe(true);
  });

  it('a clean exit (code 0) is `disconnected`', async () => {
    const m = newManager();
    await m.reconcile(run(scripted()));
    await m.settled();
    await m.callTool('scripted', 'exit', { code: 0 });
    await waitFor(() => m.runtime('scripted')!.status === 'disconnected', 'disconnected');
    expect(m.runtime('scripted')!.lastError).toMatch(/^Process exited with code 0/);
  });

  it('keeps stderr in a bounded buffer, with a global seq and a capped enormous line', async () => {
    manager = new McpManager({ logCapacity: 50, restart: NO_RESTARTS });
    await manager.reconcile(run(scripted('noisy', { SCRIPTED_NOISE: '300', SCRIPTED_HUGE_LINE: String(200_000) })));
    await manager.settled();
    await waitFor(() => manager!.logs('noisy').some((e) => e.text.startsWith('zzzz')), 'the huge line');
    const lines = manager.logs('noisy');
    expect(lines).toHaveLength(50);
    const huge = lines.find((e) => e.text.startsWith('zzzz'))!;
    expect(huge.text.length).toBeLessThanOrEqual(8 * 1024 + 20);
    expect(huge.text.endsWith('…[truncated]')).toBe(true);
    const seqs = lines.map((e) => e.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    const after = manager.logs('noisy', seqs[seqs.length - 2]);
    expect(after).toEqual([lines[lines.length - 1]]);
  });
});

describe('McpManager stdio failures and gates', () => {
  it('a whole command line saved as the command → the hint says to split it (trial 6 finding 9b)', async () => {
    const m = newManager();
    const line = `${process.execPath} /tmp/x/server.mjs`;
    await m.reconcile(run(testDefinition({ name: 'pasted', transport: 'stdio', command: line })));
    await m.settled();
    expect(m.runtime('pasted')!.failure).toEqual({
      code: 'command-not-found',
      retryable: false,
      hint: `The command "${line}" is taken as one program name, spaces included: put the program in Command and the rest in Arguments (command ${JSON.stringify(process.execPath)}, args ["/tmp/x/server.mjs"]).`,
    });
  });

  it('a command that does not exist → status error with the spawn error', async () => {
    const m = newManager();
    await m.reconcile(run(testDefinition({ name: 'ghost', transport: 'stdio', command: 'nonexistent-cmd-switchboard' })));
    await m.settled();
    // Issue 14 item 9: the spawn error goes on to name the PATH it searched.
    expect(m.runtime('ghost')).toMatchObject({ status: 'error', lastError: expect.stringMatching(/^spawn nonexistent-cmd-switchboard ENOENT: "nonexistent-cmd-switchboard" is not in any folder of the PATH searched \(/) });
    // Issue 11 item 3: the typed outcome the faces decide by.
    expect(m.runtime('ghost')!.failure).toEqual({ code: 'command-not-found', retryable: false, hint: 'Check that the command exists and runs from a terminal: nonexistent-cmd-switchboard' });
    const err = await m.callTool('ghost', 'echo', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CoreError);
    expect(err).toMatchObject({ code: 'NOT_CONNECTED', message: expect.stringMatching(/^Failed to connect to "ghost": spawn nonexistent-cmd-switchboard ENOENT: /) });
  });

  it('a working folder (cwd) that does not exist is named, not the PATH (a "break it" trial)', async () => {
    const m = newManager();
    const missing = path.join(tmp, 'no-such-folder');
    await m.reconcile(run(testDefinition({ name: 'nowhere', transport: 'stdio', command: process.execPath, args: ['-e', '0'], cwd: missing })));
    await m.settled();
    expect(m.runtime('nowhere')).toMatchObject({
      status: 'error',
      lastError: `spawn ${process.execPath} ENOENT: the server's working folder (cwd) ${missing} does not exist`,
      failure: { code: 'command-not-found', retryable: false, hint: `Fix the server's working folder (cwd): ${missing} does not exist.` },
    });
  });

  it('a process that exits before initialize → error with its exit code and stderr', async () => {
    const m = newManager();
    const script = "process.stderr.write('config file missing\\n'); process.exit(2)";
    await m.reconcile(run(testDefinition({ name: 'dies', transport: 'stdio', command: process.execPath, args: ['-e', script] })));
    await m.settled();
    expect(m.runtime('dies')).toMatchObject({ status: 'error', lastError: 'Process exited with code 2 before initializing: config file missing' });
  });

  it('a server that never answers → timeout error with help text, and its process is killed', async () => {
    const m = newManager();
    const def = testDefinition({ name: 'mute', transport: 'stdio', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], timeout: 500 });
    await m.reconcile(run(def));
    await m.settled();
    const rt = m.runtime('mute')!;
    expect(rt.status).toBe('error');
    expect(rt.lastError).toMatch(/timed out.*raise the server's timeout/);
    expect(rt.failure).toEqual({ code: 'timeout', retryable: true, hint: 'Raise the timeout (now 500 ms) if the server is slow to start.' });
    await waitFor(async () => (await listDescendants(process.pid)).length === 0, 'the mute server to be killed');
  });

  it('untrusted, disabled and stopped servers get their status and the command never runs', async () => {
    const m = newManager();
    const markerScript = (file: string) => `require('fs').writeFileSync(${JSON.stringify(file)}, 'ran')`;
    const marker = (n: string) => path.join(tmp, `marker-${n}`);
    const def = (n: string) => testDefinition({ name: n, transport: 'stdio', command: process.execPath, args: ['-e', markerScript(marker(n))], timeout: 5_000 });
    await m.reconcile([
      { definition: def('control'), desired: 'run' },
      { definition: def('untrusted'), desired: 'untrusted' },
      { definition: def('disabled'), desired: 'disabled' },
      { definition: def('stopped'), desired: 'stopped' },
    ]);
    await m.settled();
    // The control proves the command would have left a marker had it run.
    expect(existsSync(marker('control'))).toBe(true);
    expect(m.runtime('control')!.status).toBe('error');
    for (const n of ['untrusted', 'disabled', 'stopped']) {
      expect(m.runtime(n)!.status).toBe(n);
      expect(existsSync(marker(n))).toBe(false);
    }
    await expect(m.callTool('disabled', 'x', {})).rejects.toMatchObject({
      code: 'DISABLED',
      message: 'Server "disabled" is disabled. Run switchboard enable disabled first.',
    });
    await expect(m.callTool('untrusted', 'x', {})).rejects.toMatchObject({ code: 'UNTRUSTED' });
    await expect(m.callTool('stopped', 'x', {})).rejects.toMatchObject({ code: 'NOT_CONNECTED' });
    await expect(m.callTool('nope', 'x', {})).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Unknown server "nope"' });
  });

  it('an unknown tool on a connected server is NOT_FOUND', async () => {
    const m = newManager();
    await m.reconcile(run(scripted()));
    await m.settled();
    await expect(m.callTool('scripted', 'nope', {})).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Unknown tool "nope" on server "scripted"' });
  });

  it('dispose leaves no child process behind', async () => {
    const m = newManager();
    await m.reconcile(run(everythingStdio('a'), everythingStdio('b'), scripted()));
    await m.settled();
    const pids = await listDescendants(process.pid);
    expect(pids.length).toBeGreaterThanOrEqual(3);
    await m.dispose();
    manager = undefined;
    expect(pids.filter(isAlive)).toEqual([]);
    expect(m.runtimes().map((r) => r.status)).toEqual(['stopped', 'stopped', 'stopped']);
  });
});
