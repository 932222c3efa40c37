/**
 * Ctrl-C on `switchboard call` (issue 14 item 1), the CLI as a real child process against a real
 * stdio server that records what it receives (fixtures/raw-stdio-server.mjs, FAULT_LOG_FILE; its
 * `hang` tool never answers): one-shot and attached to a live owner, the server gets
 * `notifications/cancelled` for that call's request id, the CLI prints "cancelled" and exits 130.
 * A plain `status` sends no cancellation at all (not even for `initialize`).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_BIN, makeWorld, processesWithMarker, runSwitchboard, stubRenderer, waitFor, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';

const RAW = fileURLToPath(new URL('../core/mcp/testing/fixtures/raw-stdio-server.mjs', import.meta.url));

type Message = { id?: number | string; method?: string; params?: { requestId?: number | string } };
const worlds: TempWorld[] = [];
afterEach(() => {
  for (const w of worlds.splice(0)) w.cleanup();
});

function rawWorld(): { w: TempWorld; log: string } {
  const w = makeWorld();
  worlds.push(w);
  const log = join(w.root, 'raw.log');
  writeOwnServers(w, { raw: { command: process.execPath, args: [RAW], env: { FAULT_LOG_FILE: log, SB_TEST_MARKER: w.marker } } });
  return { w, log };
}

function received(log: string): Message[] {
  try {
    return readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Message);
  } catch {
    return [];
  }
}

/** Start `call raw hang`, wait for the call to reach the server, Ctrl-C it; the exit code, stderr and the call's id. */
async function interruptCall(w: TempWorld, log: string): Promise<{ code: number | null; err: string; callId: Message['id'] }> {
  const child = spawn(process.execPath, [CLI_BIN, 'call', 'raw', 'hang'], { cwd: w.project, env: w.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const before = received(log).filter((m) => m.method === 'tools/call').length;
  expect(await waitFor(() => received(log).filter((m) => m.method === 'tools/call').length > before, 60_000)).toBe(true);
  const callId = received(log).filter((m) => m.method === 'tools/call').at(-1)!.id;
  child.kill('SIGINT');
  expect(await waitFor(() => child.exitCode !== null, 60_000)).toBe(true);
  return { code: child.exitCode, err, callId };
}

describe('Ctrl-C on switchboard call', () => {
  it('one-shot: the server gets notifications/cancelled for that call; "cancelled", exit 130; a plain status cancels nothing', async () => {
    const { w, log } = rawWorld();
    const status = await runSwitchboard(w, ['status']);
    expect(status.code).toBe(0);
    expect(received(log).map((m) => m.method)).toContain('initialize');
    expect(received(log).map((m) => m.method)).not.toContain('notifications/cancelled');

    const { code, err, callId } = await interruptCall(w, log);
    expect(err).toContain('Call to hang on raw cancelled.');
    expect(code).toBe(130);
    const cancels = received(log).filter((m) => m.method === 'notifications/cancelled');
    expect(cancels.map((m) => m.params?.requestId)).toEqual([callId]);
    expect(await waitFor(() => processesWithMarker(w.marker).length === 0, 30_000)).toBe(true);
  }, 180_000);

  it('attached to a live owner: the call ends on the owner at once, the owner keeps serving', async () => {
    const { w, log } = rawWorld();
    stubRenderer(w);
    const serve = spawn(process.execPath, [CLI_BIN, 'serve', '--port', '0'], { cwd: w.project, env: w.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let serveOut = '';
    serve.stdout.on('data', (d: Buffer) => (serveOut += d.toString()));
    try {
      expect(await waitFor(() => serveOut.includes('Switchboard is running at'), 60_000)).toBe(true);
      const { code, err, callId } = await interruptCall(w, log);
      expect(err).toContain('Call to hang on raw cancelled.');
      expect(code).toBe(130);
      const cancels = received(log).filter((m) => m.method === 'notifications/cancelled');
      expect(cancels.map((m) => m.params?.requestId)).toEqual([callId]);
      // The owner's connection survives: the next call is answered.
      const echo = await runSwitchboard(w, ['call', 'raw', 'echo', '--args', '{"message":"still here"}']);
      expect(echo.stdout).toContain('echo: still here');
    } finally {
      serve.kill('SIGTERM');
      await waitFor(() => serve.exitCode !== null, 60_000);
    }
  }, 180_000);
});
