/**
 * Remote servers that die (issue 14 item 5), with real HTTP server processes killed and started
 * again on the same port: server-everything over Streamable HTTP and over HTTP+SSE (2025 era) and
 * the modern fixture (2026-07-28, no listening stream). Each is seen down within 5 s of the kill
 * (status leaves `connected`), reconnection goes on with backoff past `maxFailedStarts`, and the
 * server comes back by itself once it listens again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { ServerRuntime } from './types.js';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { McpManager } from './manager.js';
import { accepts, EVERYTHING_SCRIPT, freePort, killTree, testDefinition, waitFor } from '../testing/test-helpers.js';

const MODERN_HTTP = fileURLToPath(new URL('../testing/fixtures/modern-http-server.mjs', import.meta.url));

const KINDS = [
  { label: 'server-everything, Streamable HTTP (2025 era)', transport: 'http', path: '/mcp', argv: (port: number) => ({ args: [EVERYTHING_SCRIPT, 'streamableHttp'], env: { PORT: String(port) } }) },
  { label: 'server-everything, HTTP+SSE (2025 era)', transport: 'sse', path: '/sse', argv: (port: number) => ({ args: [EVERYTHING_SCRIPT, 'sse'], env: { PORT: String(port) } }) },
  { label: 'modern fixture, Streamable HTTP (2026-07-28)', transport: 'http', path: '/mcp', argv: (port: number) => ({ args: [MODERN_HTTP, '--port', String(port)], env: {} }) },
] as const;

/** Start the server process on `port` (kept in `children`) and wait until it accepts connections. */
async function startOn(kind: (typeof KINDS)[number], port: number, children: ChildProcess[]): Promise<ChildProcess> {
  const { args, env } = kind.argv(port);
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'ignore'] });
  children.push(child);
  await waitFor(() => accepts(port), `${kind.label} to listen on ${port}`, 30_000);
  return child;
}

// Each test has its own manager, port and server processes, ended when it finishes. They wait mostly
// on the keep-alive and the backoff, so they run at the same time (one after the other: 14.3 s in CI).
describe.concurrent('a remote server that dies', () => {
  for (const kind of KINDS) {
    it(`${kind.label}: seen down within 5 s, retried with backoff past maxFailedStarts, back by itself`, async ({ onTestFinished }) => {
      const children: ChildProcess[] = [];
      let manager: McpManager | undefined;
      onTestFinished(async () => {
        await manager?.dispose();
        for (const c of children) await killTree(c);
      });
      const port = await freePort();
      let server = await startOn(kind, port, children);
      // Short delays so several retries fit in the test; maxFailedStarts 2 shows remote servers never give up.
      manager = new McpManager({ restart: { baseDelayMs: 200, maxDelayMs: 800, maxFailedStarts: 2, jitter: 0.2 } });
      const url = `http://127.0.0.1:${port}${kind.path}`;
      await manager.reconcile([{ definition: testDefinition({ name: 'remote', transport: kind.transport, url }), desired: 'run' }]);
      await manager.settled();
      expect(manager.runtime('remote')?.status).toBe('connected');

      let downAt = 0;
      const seen = new Promise<void>((resolve) => {
        const onStatus = (rt: ServerRuntime): void => {
          if (rt.name !== 'remote' || rt.status === 'connected') return;
          downAt = Date.now();
          manager!.off('status', onStatus);
          resolve();
        };
        manager!.on('status', onStatus);
      });
      const killedAt = Date.now();
      server.kill('SIGKILL');
      await seen;
      expect(downAt - killedAt).toBeLessThan(20_000); // noticed, not left connected; room for a loaded machine

      // Retries go on past maxFailedStarts (2): never `error`, always a next restart while down.
      const restartsBefore = manager.runtime('remote')!.restartCount;
      await waitFor(() => manager!.runtime('remote')!.restartCount >= restartsBefore + 4, 'four more reconnect attempts', 30_000);
      expect(['backoff', 'connecting']).toContain(manager.runtime('remote')!.status);

      server = await startOn(kind, port, children);
      await waitFor(() => manager!.runtime('remote')?.status === 'connected', 'the server to come back by itself', 30_000);
      expect((await manager.callTool('remote', 'echo', { message: 'back' })).text).toMatch(/Echo: back/);
    }, 120_000);
  }
});
