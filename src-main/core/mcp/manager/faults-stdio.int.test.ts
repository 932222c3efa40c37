/**
 * Real stdio faults (issue 4): each against a real process, waiting for events or polling with a
 * deadline, never sleeping. The raw server (fixtures/raw-stdio-server.mjs) controls the bytes.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerDefinition } from '../../../../src-shared/config/server.js';
import { NO_RESTARTS, type RestartPolicy } from './backoff.js';
import { McpManager } from './manager.js';
import { isAlive } from '../transport/process-tree.js';
import { everythingStdio, testDefinition, waitFor } from '../testing/test-helpers.js';
import type { ManagedServer } from './types.js';

const RAW = fileURLToPath(new URL('../testing/fixtures/raw-stdio-server.mjs', import.meta.url));
const WRAPPER = fileURLToPath(new URL('../testing/fixtures/wrapper.mjs', import.meta.url));
/** docs/connections-supervision.md's policy with short delays so a test waits milliseconds, not seconds. */
const FAST: RestartPolicy = { baseDelayMs: 20, maxDelayMs: 100, maxFailedStarts: 5, jitter: 0 };

let manager: McpManager | undefined;
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
});

function raw(name: string, env: Record<string, string> = {}, extra: Partial<ServerDefinition> = {}): ServerDefinition {
  return testDefinition({ name, transport: 'stdio', command: process.execPath, args: [RAW], env, timeout: 10_000, ...extra });
}
const run = (...defs: ServerDefinition[]): ManagedServer[] => defs.map((definition) => ({ definition, desired: 'run' }));

function pids(m: McpManager, name: string): number[] {
  return m
    .logs(name)
    .filter((e) => e.stream === 'stderr' && /^pid \d+$/.test(e.text))
    .map((e) => Number(e.text.slice(4)));
}

async function connected(m: McpManager, ...defs: ServerDefinition[]): Promise<void> {
  await m.reconcile(run(...defs));
  await m.settled();
  for (const d of defs) expect(m.runtime(d.name)).toMatchObject({ status: 'connected' });
}

describe('stdio faults (real processes)', () => {
  it('kill -9 mid-call: the call fails with "MCP error: …", status leaves connected at once, the server restarts, the next call works', async () => {
    const m = (manager = new McpManager({ restart: FAST }));
    await connected(m, raw('raw'));
    const [pid] = pids(m, 'raw');
    const statuses: string[] = [];
    m.on('status', (rt) => statuses.push(rt.status));
    const call = m.callTool('raw', 'hang', {});
    await waitFor(() => m.trace('raw').some((e) => e.method === 'tools/call' && e.kind === 'request'), 'the call to be sent');
    process.kill(pid!, 'SIGKILL');
    const result = await call;
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/^MCP error: Connection closed — the server process was killed by SIGKILL during this call: pid \d+$/);
    // Event-driven: by the time the failed call is answered the status no longer claims connected.
    expect(m.runtime('raw')!.status).toBe('backoff');
    expect(m.runtime('raw')!.lastError).toMatch(/^Process killed by SIGKILL/);
    await waitFor(() => m.runtime('raw')!.status === 'connected', 'the restart');
    const transitions = statuses.filter((s, i) => s !== statuses[i - 1]);
    expect(transitions.slice(0, 3)).toEqual(['backoff', 'connecting', 'connected']);
    expect(m.runtime('raw')).toMatchObject({ restartCount: 1, toolCount: 6 });
    expect(pids(m, 'raw')).toHaveLength(2);
    expect(isAlive(pid!)).toBe(false);
    const again = await m.callTool('raw', 'echo', { message: 'again' });
    expect(again).toMatchObject({ isError: false, text: 'echo: again · héllo 🌍' });
  });

  it('a server that exits at once: status shows exit code and stderr; restarts are capped at 5 failed starts; start by hand retries', async () => {
    const m = (manager = new McpManager({ restart: FAST }));
    const statuses: string[] = [];
    m.on('status', (rt) => statuses.push(rt.status));
    await m.reconcile(run(raw('dies', { FAULT_EXIT_AT_ONCE: 'config file missing' })));
    const rt = await waitFor(() => (m.runtime('dies')!.status === 'error' ? m.runtime('dies') : undefined), 'the give-up');
    expect(rt!.lastError).toMatch(
      /^Process exited with code 3 before initializing: pid \d+\nconfig file missing \(gave up after 5 failed starts in a row; start it to try again\)$/,
    );
    expect(rt!.restartCount).toBe(4);
    expect(statuses.filter((s) => s === 'backoff')).toHaveLength(4);
    expect(statuses.filter((s) => s === 'connected')).toHaveLength(0);
    // 5 failed starts; the first one also respawned once with the 2025 handshake (the pipe closed
    // during the era probe, issue 10), after which the legacy verdict is remembered.
    expect(pids(m, 'dies')).toHaveLength(6);
    // docs/operator-verbs.md: start clears the last error and retries (a fresh count of failed starts).
    const after = await m.start('dies');
    expect(after.status).toBe('backoff');
    expect(after.nextRestartAt).toBeGreaterThan(0);
  });

  it('stop kills a wrapper AND its grandchild that ignores SIGTERM and stdin EOF: nothing left behind', async () => {
    const m = (manager = new McpManager({ restart: NO_RESTARTS }));
    const def = testDefinition({
      name: 'wrapped',
      transport: 'stdio',
      command: process.execPath,
      args: [WRAPPER, process.execPath, RAW],
      env: { FAULT_IGNORE_TERM: '1' },
      timeout: 10_000,
    });
    await connected(m, def);
    const wrapperLine = m.logs('wrapped').find((e) => e.text.startsWith('wrapper '))!.text;
    const [, wrapperPid, childPid] = /^wrapper (\d+) started child (\d+)$/.exec(wrapperLine)!.map(Number);
    expect(pids(m, 'wrapped')).toEqual([childPid]);
    expect(isAlive(childPid!)).toBe(true);
    const rt = await m.stop('wrapped');
    expect(rt).toMatchObject({ status: 'stopped', toolCount: 0 });
    await waitFor(() => !isAlive(wrapperPid!) && !isAlive(childPid!), 'the whole tree to be gone', 30_000);
  });

  it('a banner and debug lines on stdout are logged as stdout and skipped; the session works', async () => {
    const m = (manager = new McpManager({ restart: NO_RESTARTS }));
    await connected(m, raw('chatty', { FAULT_BANNER: '1' }));
    const result = await m.callTool('chatty', 'echo', { message: 'hi' });
    expect(result).toMatchObject({ isError: false, text: 'echo: hi · héllo 🌍' });
    await waitFor(() => m.logs('chatty').some((e) => e.text === 'debug: handling echo'), 'the debug line');
    const stdout = m.logs('chatty').filter((e) => e.stream === 'stdout').map((e) => e.text);
    expect(stdout).toEqual(['Welcome to the raw server v1 (this is not JSON)', 'debug: handling echo']);
  });

  it('replies split inside a multi-byte character, with CRLF line ends, decode exactly', async () => {
    const m = (manager = new McpManager({ restart: NO_RESTARTS }));
    await connected(m, raw('split', { FAULT_SPLIT: '1', FAULT_CRLF: '1' }));
    const result = await m.callTool('split', 'echo', { message: 'ünïcödé' });
    expect(result).toMatchObject({ isError: false, text: 'echo: ünïcödé · héllo 🌍' });
    expect(m.logs('split').filter((e) => e.stream === 'stdout')).toEqual([]);
  });

  it('a 1 MiB stderr flood is drained and bounded; replies still arrive', async () => {
    const m = (manager = new McpManager({ restart: NO_RESTARTS }));
    await connected(m, raw('flood', { FAULT_FLOOD_BYTES: String(1024 * 1024) }));
    for (let i = 0; i < 3; i++) {
      const result = await m.callTool('flood', 'echo', { message: `n${i}` });
      expect(result.text).toBe(`echo: n${i} · héllo 🌍`);
    }
    const logs = m.logs('flood');
    expect(logs.length).toBeLessThanOrEqual(200);
    expect(logs.filter((e) => e.stream === 'stderr' && e.text === 'x'.repeat(99)).length).toBeGreaterThan(100);
  });

  it('traces every JSON-RPC message with direction and latency, secrets redacted', async () => {
    const m = (manager = new McpManager({ restart: NO_RESTARTS }));
    await connected(m, raw('traced', { API_TOKEN: 'tok-super-secret-1' }));
    await m.callTool('traced', 'echo', { message: 'the token is tok-super-secret-1' });
    const trace = m.trace('traced');
    // The era probe (issue 10) goes first; its reply is read by the SDK's probe window, before the trace's hook.
    expect(trace.map((e) => `${e.direction} ${e.kind} ${e.method}`)).toEqual([
      'out request server/discover',
      'out request initialize',
      'in response initialize',
      'out notification notifications/initialized',
      'out request tools/list',
      'in response tools/list',
      'out request tools/call',
      'in response tools/call',
    ]);
    const reply = trace[trace.length - 1]!;
    expect(reply.latencyMs).toBeGreaterThanOrEqual(0);
    expect(trace.map((e) => e.text).join('\n')).not.toContain('tok-super-secret-1');
    expect(trace[6]!.text).toContain('the token is [redacted]');
  });

  it('a slow tool that sends progress every second runs past the server timeout (progress resets it)', async () => {
    const m = (manager = new McpManager({ restart: NO_RESTARTS }));
    // The 2025 handshake directly: this test is about progress resetting a call's timeout.
    await connected(m, everythingStdio('slow', { protocol: 'legacy' }));
    // The call's bound takes the same path as the server's `timeout` (connection.ts) but leaves the
    // connect out of it, which on a busy machine can itself take seconds. 2.5 s covers a late 1 s
    // progress tick and is far shorter than the 8 s the tool runs: only progress resets carry it.
    // No onProgress from the caller: the manager still sends a progress token so the timeout resets.
    const result = await m.callTool('slow', 'trigger-long-running-operation', { duration: 8, steps: 8 }, { timeoutMs: 2_500 });
    expect(result).toMatchObject({ isError: false, text: 'Long running operation completed. Duration: 8 seconds, Steps: 8.' });
  });

  it('a timeout at connect is an error at once, not a restart loop (it would not fix itself)', async () => {
    const m = (manager = new McpManager({ restart: FAST }));
    const mute = testDefinition({ name: 'mute', transport: 'stdio', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], timeout: 300 });
    await m.reconcile(run(mute));
    await m.settled();
    expect(m.runtime('mute')).toMatchObject({ status: 'error', restartCount: 0 });
    expect(m.runtime('mute')!.lastError).toMatch(/raise the server's timeout/);
  });

  it('docs/auth.md values: "!command" and env names are resolved before spawn; an unset env-like name is left out and shown', async () => {
    const m = (manager = new McpManager({ restart: NO_RESTARTS, baseEnv: { ...process.env, SB_TEAM_NAME: 'blue' } }));
    const def = raw('values', { FAULT_ENV_TOOL: '1', API_KEY: '!printf key-123', TEAM: 'SB_TEAM_NAME', MISSING: 'SB_NOT_SET_ANYWHERE' });
    await connected(m, def);
    const read = async (name: string): Promise<string> => (await m.callTool('values', 'env', { name })).text;
    expect(await read('API_KEY')).toBe('key-123');
    expect(await read('TEAM')).toBe('blue');
    expect(await read('MISSING')).toBe('(unset)');
    expect(m.runtime('values')!.droppedValues).toEqual([{ key: 'env.MISSING', reason: 'environment variable SB_NOT_SET_ANYWHERE is not set' }]);
    expect(m.logs('values').some((e) => e.text === 'left out env.MISSING: environment variable SB_NOT_SET_ANYWHERE is not set')).toBe(true);
    // Another host's file: a "!" is literal text there.
    await m.reconcile(run({ ...def, source: { host: 'cursor', file: '/x/.cursor/mcp.json', scope: 'user' } }));
    await m.settled();
    expect(await read('API_KEY')).toBe('!printf key-123');
  });
});
