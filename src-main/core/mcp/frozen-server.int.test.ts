/**
 * A frozen server (issue 14 item 5): a real server process stopped with SIGSTOP keeps its pipes and
 * sockets open and answers nothing. Failing input: before, the keep-alive's unanswered ping was
 * "not a connection failure", stdio servers had no keep-alive at all, and both stayed `connected`
 * for ever. Now each is marked down with "not responding to ping for N s", retried with backoff,
 * and back by itself — a stdio process is replaced; an HTTP server answers again after SIGCONT.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import { McpManager } from './manager.js';
import { isAlive } from './process-tree.js';
import { accepts, EVERYTHING_SCRIPT, everythingStdio, freePort, killTree, testDefinition, waitFor } from './test-helpers.js';

const MODERN_HTTP = fileURLToPath(new URL('./fixtures/modern-http-server.mjs', import.meta.url));
const MODERN_STDIO = fileURLToPath(new URL('./fixtures/modern-stdio-server.mjs', import.meta.url));
const RAW = fileURLToPath(new URL('./fixtures/raw-stdio-server.mjs', import.meta.url));
const RESTART = { baseDelayMs: 200, maxDelayMs: 800, maxFailedStarts: 2, jitter: 0.2 };

let manager: McpManager | undefined;
const children: ChildProcess[] = [];
const frozen: number[] = [];
afterEach(async () => {
  // Never leave a stopped process behind: wake it, then end it.
  for (const pid of frozen.splice(0)) signal(pid, 'SIGCONT');
  await manager?.dispose();
  manager = undefined;
  for (const c of children.splice(0)) await killTree(c);
});

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

function freeze(pid: number): void {
  frozen.push(pid);
  signal(pid, 'SIGSTOP');
}

/** Connect `definition` and wait until it is connected. */
async function connect(definition: ServerDefinition): Promise<McpManager> {
  manager = new McpManager({ restart: RESTART });
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

describe('a frozen server (SIGSTOP)', () => {
  const STDIO = [
    { label: 'server-everything over stdio (2025 era)', definition: () => everythingStdio('frozen') },
    { label: 'modern fixture over stdio (2026-07-28)', definition: () => testDefinition({ name: 'frozen', transport: 'stdio', command: process.execPath, args: [MODERN_STDIO] }) },
  ];
  for (const kind of STDIO) {
    it(`${kind.label}: marked down as not responding, its process replaced, connected again`, async () => {
      const m = await connect(kind.definition());
      const [pid] = m.childPids();
      expect(pid).toBeGreaterThan(0);
      freeze(pid!);
      expect(await seenDown(m, 'frozen')).toMatch(/not responding to ping for \d+ s/);
      await waitFor(() => m.runtime('frozen')!.status === 'connected' && m.childPids()[0] !== pid, 'a new process to connect');
      // The frozen process was ended (SIGKILL reaches a stopped process).
      await waitFor(() => !isAlive(pid!), 'the frozen process to be killed');
      expect((await m.callTool('frozen', 'echo', { message: 'again' })).text).toMatch(/again/);
    }, 120_000);
  }

  const HTTP = [
    { label: 'server-everything, Streamable HTTP (2025 era)', argv: (port: number) => ({ args: [EVERYTHING_SCRIPT, 'streamableHttp'], env: { PORT: String(port) } }) },
    { label: 'modern fixture, Streamable HTTP (2026-07-28)', argv: (port: number) => ({ args: [MODERN_HTTP, '--port', String(port)], env: {} }) },
  ];
  for (const kind of HTTP) {
    it(`${kind.label}: marked down as not responding, retried with backoff while stopped, back by itself after SIGCONT`, async () => {
      const port = await freePort();
      const { args, env } = kind.argv(port);
      const server = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'ignore'] });
      children.push(server);
      await waitFor(() => accepts(port), `the server to listen on ${port}`);
      // A short request timeout so reconnects to the stopped server time out and back off while the test watches.
      const m = await connect(testDefinition({ name: 'frozen', transport: 'http', url: `http://127.0.0.1:${port}/mcp`, timeout: 5_000 }));
      freeze(server.pid!);
      expect(await seenDown(m, 'frozen')).toMatch(/not responding to ping for \d+ s/);
      const restarts = m.runtime('frozen')!.restartCount;
      // Reconnects go on (never `error`) past maxFailedStarts while the process is stopped.
      await waitFor(() => m.runtime('frozen')!.restartCount >= restarts + 3, 'three reconnect attempts');
      expect(['backoff', 'connecting']).toContain(m.runtime('frozen')!.status);
      signal(server.pid!, 'SIGCONT');
      await waitFor(() => m.runtime('frozen')!.status === 'connected', 'the server to come back by itself');
      expect((await m.callTool('frozen', 'echo', { message: 'back' })).text).toMatch(/back/);
    }, 180_000);
  }
});

describe('keep-alive probes', () => {
  it('reach the server but stay out of the trace (one every 2 s would push the person\'s messages out)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sb-keepalive-'));
    try {
      const log = path.join(dir, 'received.log');
      const m = await connect(testDefinition({ name: 'raw', transport: 'stdio', command: process.execPath, args: [RAW], env: { FAULT_LOG_FILE: log }, protocol: 'legacy' }));
      const pings = (): number => readFileSync(log, 'utf8').split('\n').filter((l) => l.includes('"method":"ping"')).length;
      await waitFor(() => pings() >= 2, 'two keep-alive pings to reach the server');
      expect(m.trace('raw').filter((e) => e.method === 'ping')).toEqual([]);
      expect(m.trace('raw').some((e) => e.method === 'tools/list')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
