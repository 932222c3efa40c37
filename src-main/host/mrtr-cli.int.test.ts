/**
 * A person answers a 2026-07-28 server's question from the CLI (issue 12 item 1): `switchboard call`
 * attached to a running owner (`switchboard serve`) asks the elicitation of a modern-only stdio
 * server in the terminal and sends the answer through `requests:answer`; the retried call returns.
 * Without an owner and without a terminal, the one-shot call declines at once (never hangs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_BIN, makeWorld, runSwitchboard, stubRenderer, waitFor, writeOwnServers, type TempWorld } from '../core/test-world.js';
import { readLiveEndpoint } from '../owner/ownership.js';
import { connectToOwner } from '../wires/remote-api.js';

const MODERN = fileURLToPath(new URL('../core/mcp/fixtures/modern-stdio-server.mjs', import.meta.url));

let world: TempWorld;
let serve: ChildProcess | undefined;

beforeAll(() => {
  world = makeWorld();
  stubRenderer(world);
  writeOwnServers(world, { modern: { command: process.execPath, args: [MODERN], env: { SB_TEST_MARKER: world.marker } } });
});

afterAll(async () => {
  if (serve && serve.exitCode === null) {
    serve.kill('SIGTERM');
    await waitFor(() => serve!.exitCode !== null, 60_000);
  }
  world?.cleanup();
});

describe('answering a modern server from the CLI', () => {
  it('one-shot without a terminal: the elicitation is declined at once', async () => {
    const run = await runSwitchboard(world, ['call', 'modern', 'confirm', '--args', '{"action":"deploy"}']);
    expect(run.stdout.trim()).toBe('Not confirmed (decline)');
  }, 120_000);

  it('attached to the owner: asked in the terminal, answered, the retried call returns', async () => {
    serve = spawn(process.execPath, [CLI_BIN, 'serve', '--port', '0'], { cwd: world.project, env: world.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let serveOut = '';
    serve.stdout!.on('data', (d: Buffer) => (serveOut += d.toString()));
    expect(await waitFor(() => serveOut.includes('Switchboard is running at'), 60_000)).toBe(true);
    const api = await connectToOwner(readLiveEndpoint(world.dataDir)!);
    expect(
      await waitFor(async () => {
        const r = await api.call('servers:list', {});
        return r.ok && r.data.servers.some((s) => s.server.name === 'modern' && s.status === 'connected');
      }, 60_000),
    ).toBe(true);
    api.close();

    const child = spawn(process.execPath, [CLI_BIN, 'call', 'modern', 'confirm', '--args', '{"action":"deploy"}'], {
      cwd: world.project,
      env: world.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const code = new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(await waitFor(() => err.includes('Answer it?'), 60_000)).toBe(true);
    expect(err).toContain('Server "modern" asks: Confirm "deploy"?');
    child.stdin!.write('a\n');
    expect(await waitFor(() => err.includes('Confirm*'), 30_000)).toBe(true);
    child.stdin!.write('maybe\ny\n'); // a wrong boolean is asked again
    expect(await waitFor(() => err.includes('Note'), 30_000)).toBe(true);
    expect(err).toContain('answer y or n');
    child.stdin!.write('ship it\n');
    expect(await code).toBe(0);
    expect(out.trim()).toBe('Confirmed deploy: ship it');
  }, 180_000);
});
