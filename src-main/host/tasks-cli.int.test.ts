/**
 * 2026-07-28 tasks from the CLI (issue 12 item 5) against the modern-only stdio fixture: a plain
 * `switchboard call` answered with a task handle prints the task's statuses on stderr and its
 * result; attached to a running owner, a task's question is asked in the terminal and answered
 * (`tasks/update`), `switchboard tasks` lists the tasks, and Ctrl-C cancels a running one
 * (`tasks/cancel`, exit 130). `tasks` without a running Switchboard says one is needed.
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

/** Start `switchboard <args>` as a child, collecting its output. */
function start(args: string[]) {
  const child = spawn(process.execPath, [CLI_BIN, ...args], { cwd: world.project, env: world.env, stdio: ['pipe', 'pipe', 'pipe'] });
  const io = { out: '', err: '' };
  child.stdout!.on('data', (d: Buffer) => (io.out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (io.err += d.toString()));
  const code = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, io, code };
}

describe('2026-07-28 tasks from the CLI', () => {
  it('one-shot: a plain call answered with a task prints its statuses and its result; tasks needs a running Switchboard', async () => {
    const run = await runSwitchboard(world, ['call', 'modern', 'job', '--args', '{"steps":2,"delayMs":50}']);
    expect(run.stdout.trim()).toBe('job finished after 2 steps');
    // Statuses are read every 200 ms: the steps between may or may not be seen, the end always is.
    expect(run.stderr).toMatch(/^task \S+: completed \(done\)$/m);
    expect(run.code).toBe(0);

    const tasks = await runSwitchboard(world, ['tasks']);
    expect(tasks.code).toBe(2);
    expect(tasks.stderr).toContain('No Switchboard is running for this data folder: "tasks" acts on a running one.');
  }, 120_000);

  it('attached: a task asks in the terminal, tasks lists it, Ctrl-C cancels a running one', async () => {
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

    const approve = start(['call', 'modern', 'approve', '--args', '{"item":"v2"}']);
    expect(await waitFor(() => approve.io.err.includes('Answer it?'), 60_000)).toBe(true);
    expect(approve.io.err).toContain('Server "modern" asks: Approve "v2"?');
    expect(await waitFor(() => /task \S+: input_required \(waiting for approval\)/.test(approve.io.err), 30_000)).toBe(true);
    approve.child.stdin!.write('a\n');
    expect(await waitFor(() => approve.io.err.includes('Approve*'), 30_000)).toBe(true);
    approve.child.stdin!.write('y\n');
    expect(await approve.code).toBe(0);
    expect(approve.io.out.trim()).toBe('Approved v2');

    const listed = await runSwitchboard(world, ['tasks', 'modern']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^modern {2}approve {2}completed {2}\S+/m);

    const job = start(['call', 'modern', 'job', '--args', '{"steps":500,"delayMs":100}']);
    expect(await waitFor(() => /task \S+: working \(step \d+\/500\)/.test(job.io.err), 60_000)).toBe(true);
    job.child.kill('SIGINT');
    expect(await job.code).toBe(130);
    const taskId = /task (\S+): working/.exec(job.io.err)![1]!;
    expect(
      await waitFor(async () => {
        const r = await runSwitchboard(world, ['tasks', 'modern', '--json']);
        return (JSON.parse(r.stdout) as { taskId: string; status: string }[]).some((t) => t.taskId === taskId && t.status === 'cancelled');
      }, 60_000),
    ).toBe(true);
  }, 240_000);
});
