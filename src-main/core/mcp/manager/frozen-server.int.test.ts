/**
 * A frozen server (issue 14 item 5): a real server process stopped with SIGSTOP keeps its pipes and
 * sockets open and answers nothing. Failing input: before, the keep-alive's unanswered ping was
 * "not a connection failure" and a remote server stayed `connected` for ever. Now it is marked down
 * with "not responding to ping for N s", retried with backoff, and back by itself after SIGCONT.
 * A stdio server gets no keep-alive (its exit shows on the pipe; a busy one must not be killed).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ServerDefinition } from '../../../../src-shared/config/server.js';
import { McpManager } from './manager.js';
import type { ServerRuntime } from './types.js';
import { accepts, EVERYTHING_SCRIPT, everythingStdio, freePort, killTree, testDefinition, waitFor } from '../testing/test-helpers.js';

const MODERN_HTTP = fileURLToPath(new URL('../testing/fixtures/modern-http-server.mjs', import.meta.url));
const RESTART = { baseDelayMs: 200, maxDelayMs: 800, maxFailedStarts: 2, jitter: 0.2 };

/**
 * What a test started, ended when it finishes (onTestFinished: the tests of this file run at the
 * same time, each with its own manager, server and stopped pids).
 */
interface Started {
  manager?: McpManager;
  children: ChildProcess[];
  frozen: number[];
}

function started(onTestFinished: (fn: () => Promise<void>) => void): Started {
  const s: Started = { children: [], frozen: [] };
  onTestFinished(async () => {
    // Never leave a stopped process behind: wake it, then end it.
    for (const pid of s.frozen.splice(0)) signal(pid, 'SIGCONT');
    await s.manager?.dispose();
    for (const c of s.children.splice(0)) await killTree(c);
  });
  return s;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

function freeze(s: Started, pid: number): void {
  s.frozen.push(pid);
  signal(pid, 'SIGSTOP');
}

/** Connect `definition` and wait until it is connected. */
async function connect(s: Started, definition: ServerDefinition): Promise<McpManager> {
  const manager = new McpManager({ restart: RESTART });
  s.manager = manager;
  await manager.reconcile([{ definition, desired: 'run' }]);
  await manager.settled();
  expect(manager.runtime(definition.name)?.status).toBe('connected');
  return manager;
}

/** Wait until `name` leaves `connected` and return its last error. */
async function seenDown(m: McpManager, name: string): Promise<string> {
  await waitFor(() => m.runtime(name)!.status !== 'connected', `${name} to be seen down`);
  return m.runtime(name)!.lastError ?? '';
}

// The tests wait on the keep-alive's clock and on sleeps, not on the CPU: run concurrently they take
// as long as the longest (~20 s) instead of their sum (51 s in the last CI run).
describe.concurrent('a frozen server (SIGSTOP)', () => {
  // A stdio server gets no keep-alive: one busy for seconds (a 64 MiB reply, 8 MB arguments on a loaded
  // machine) was killed as "frozen" when it had one (faults-stdio-messages and history-memory failed).
  it('a stdio server stopped for longer than the keep-alive watchdog is not killed: same process, answers after SIGCONT', async ({ onTestFinished }) => {
    const s = started(onTestFinished);
    const m = await connect(s, everythingStdio('frozen'));
    const [pid] = m.childPids();
    expect(pid).toBeGreaterThan(0);
    freeze(s, pid!);
    await new Promise((r) => setTimeout(r, 8_000));
    signal(pid!, 'SIGCONT');
    expect((await m.callTool('frozen', 'echo', { message: 'still here' })).text).toMatch(/still here/);
    expect(m.childPids()[0]).toBe(pid);
    expect(m.runtime('frozen')!.restartCount).toBe(0);
  }, 120_000);

  const HTTP = [
    { label: 'server-everything, Streamable HTTP (2025 era)', argv: (port: number) => ({ args: [EVERYTHING_SCRIPT, 'streamableHttp'], env: { PORT: String(port) } }) },
    { label: 'modern fixture, Streamable HTTP (2026-07-28)', argv: (port: number) => ({ args: [MODERN_HTTP, '--port', String(port)], env: {} }) },
  ];
  for (const kind of HTTP) {
    it(`${kind.label}: marked down as not responding, retried with backoff while stopped, back by itself after SIGCONT`, async ({ onTestFinished }) => {
      const s = started(onTestFinished);
      const port = await freePort();
      const { args, env } = kind.argv(port);
      const server = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'ignore'] });
      s.children.push(server);
      await waitFor(() => accepts(port), `the server to listen on ${port}`);
      // A short request timeout so reconnects to the stopped server time out and back off while the test watches.
      const m = await connect(s, testDefinition({ name: 'frozen', transport: 'http', url: `http://127.0.0.1:${port}/mcp`, timeout: 5_000 }));
      freeze(s, server.pid!);
      const retrying: ServerRuntime[] = [];
      m.on('status', (rt) => {
        if (rt.status === 'connecting') retrying.push(rt);
      });
      expect(await seenDown(m, 'frozen')).toMatch(/not responding to ping for \d+ s/);
      const restarts = m.runtime('frozen')!.restartCount;
      // Reconnects go on (never `error`) past maxFailedStarts while the process is stopped.
      await waitFor(() => m.runtime('frozen')!.restartCount >= restarts + 3, 'three reconnect attempts');
      // Trial finding: each reconnect said only `connecting`. It keeps the last attempt's typed reason
      // until it learns better, and says so itself once it has waited unanswered (connect-stall.ts).
      expect(retrying.length).toBeGreaterThan(0);
      for (const rt of retrying) expect(rt.failure && rt.lastError, JSON.stringify(rt)).toBeTruthy();
      expect(retrying.find((rt) => rt.connectWait?.stalled)?.failure).toMatchObject({ code: 'timeout', retryable: true });
      expect(['backoff', 'connecting']).toContain(m.runtime('frozen')!.status);
      signal(server.pid!, 'SIGCONT');
      await waitFor(() => m.runtime('frozen')!.status === 'connected', 'the server to come back by itself');
      expect((await m.callTool('frozen', 'echo', { message: 'back' })).text).toMatch(/back/);
    }, 180_000);
  }
});

describe.concurrent('keep-alive probes', () => {
  it("stay out of the trace (one every 2 s would push the person's messages out)", async ({ onTestFinished }) => {
    const s = started(onTestFinished);
    const port = await freePort();
    const server = spawn(process.execPath, [EVERYTHING_SCRIPT, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'ignore'] });
    s.children.push(server);
    await waitFor(() => accepts(port), `the server to listen on ${port}`);
    const m = await connect(s, testDefinition({ name: 'probed', transport: 'http', url: `http://127.0.0.1:${port}/mcp` }));
    // Three probe periods: the 2025-era probe is a ping over the session.
    await new Promise((r) => setTimeout(r, 7_000));
    expect(m.runtime('probed')!.status).toBe('connected');
    expect(m.trace('probed').filter((e) => e.method === 'ping')).toEqual([]);
    expect(m.trace('probed').some((e) => e.method === 'tools/list')).toBe(true);
  }, 120_000);
});
