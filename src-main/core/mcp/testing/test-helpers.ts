/**
 * Test helpers shared by integration tests (this folder's and other helpers'): paths of the real
 * reference servers in node_modules (never npx — docs/testing.md), a server-everything in Streamable
 * HTTP or SSE mode on a free port, definitions for the manager, and polling with a deadline.
 *
 * Not for production code: nothing outside tests imports this file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import type { ServerDefinition } from '../../../../src-shared/config/server.js';
import { isAlive, killPids, listDescendants } from '../transport/process-tree.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Absolute path of server-everything's entry script (run it with `process.execPath`). */
export const EVERYTHING_SCRIPT = `${repoRoot}node_modules/@modelcontextprotocol/server-everything/dist/index.js`;
/** Absolute path of server-filesystem's entry script. */
export const FILESYSTEM_SCRIPT = `${repoRoot}node_modules/@modelcontextprotocol/server-filesystem/dist/index.js`;
/** Absolute path of server-memory's entry script (set MEMORY_FILE_PATH to a temp file). */
export const MEMORY_SCRIPT = `${repoRoot}node_modules/@modelcontextprotocol/server-memory/dist/index.js`;

/** A canonical definition for tests; `source` is the app's own file. */
export function testDefinition(fields: Partial<ServerDefinition> & Pick<ServerDefinition, 'name' | 'transport'>): ServerDefinition {
  return {
    enabled: true,
    unresolved: [],
    source: { host: 'switchboard', file: '/test/servers.json', scope: 'app' },
    ...fields,
  };
}

/** server-everything over stdio, started with this Node. */
export function everythingStdio(name = 'everything', extra: Partial<ServerDefinition> = {}): ServerDefinition {
  return testDefinition({ name, transport: 'stdio', command: process.execPath, args: [EVERYTHING_SCRIPT, 'stdio'], ...extra });
}

/**
 * Poll `condition` every `intervalMs` (default 20) until it returns truthy; rejects with
 * `Timed out waiting for <what>` after `timeoutMs` (default 60 000: the machines are shared and often loaded).
 */
export async function waitFor<T>(condition: () => T | Promise<T>, what: string, timeoutMs = 60_000, intervalMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** A free TCP port on 127.0.0.1 (bind 0, read, close). Another process may take it: retry on use. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A running HTTP-mode server-everything. */
export interface EverythingHttp {
  mode: 'streamableHttp' | 'sse';
  port: number;
  /** `http://127.0.0.1:<port>/mcp` (Streamable HTTP) or `…/sse` (SSE). */
  url: string;
  process: ChildProcess;
  /** Everything it printed (stdout and stderr, drained so it never blocks), last 500 lines. */
  output: string[];
  /** Kill its process tree and wait until it is gone. */
  stop(): Promise<void>;
}

/**
 * Start server-everything in Streamable HTTP or SSE mode on a free port and wait until it accepts
 * connections (deadline `timeoutMs`, default 60 000: loaded machines start node slowly). Retries with a new port (up to 5 tries) when
 * the process exits early (EADDRINUSE). Its stdout/stderr are drained into `output`.
 */
export async function startEverythingHttp(mode: 'streamableHttp' | 'sse', timeoutMs = 60_000): Promise<EverythingHttp> {
  let lastError = '';
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const child = spawn(process.execPath, [EVERYTHING_SCRIPT, mode], {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const drain = (chunk: Buffer): void => {
      output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      if (output.length > 500) output.splice(0, output.length - 500);
    };
    child.stdout!.on('data', drain);
    child.stderr!.on('data', drain);
    let exited = false;
    child.once('exit', () => {
      exited = true;
    });
    const deadline = Date.now() + timeoutMs;
    let ready = false;
    while (!exited && Date.now() < deadline) {
      if (await accepts(port)) {
        ready = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const stop = () => killTree(child);
    if (ready && !exited) {
      const url = `http://127.0.0.1:${port}/${mode === 'sse' ? 'sse' : 'mcp'}`;
      return { mode, port, url, process: child, output, stop };
    }
    await stop();
    lastError = output.slice(-5).join('\n') || (exited ? 'exited' : 'did not accept connections in time');
    if (!exited) break; // not a port race: a slow or broken start, do not retry
  }
  throw new Error(`server-everything (${mode}) did not start: ${lastError}`);
}

/** SIGTERM a process and its descendants, SIGKILL survivors after 3 s; resolves when all are gone. */
export async function killTree(child: ChildProcess): Promise<void> {
  if (child.pid === undefined) return;
  const pids = [child.pid, ...(await listDescendants(child.pid))];
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  try {
    await waitFor(() => pids.every((pid) => !isAlive(pid)), 'the server to exit', 3_000);
  } catch {
    await killPids(pids);
    await waitFor(() => pids.every((pid) => !isAlive(pid)), 'the server to be killed', 3_000);
  }
}
