/**
 * One owner per data folder (docs/faces-and-ownership.md) and the lifecycle verbs through the CLI (docs/operator-verbs.md): a real
 * `switchboard serve` child holds the lock and publishes the endpoint; real `switchboard` child
 * processes attach to it (stop, reload, start, test, logs, logs -f, restart); without an owner the
 * verbs run one-shot or say they need one. Real servers, temp folders, no fixed sleeps.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServersSnapshotSchema, type ServersSnapshot } from '../../src-shared/api/status.js';
import { CLI_BIN, everythingEntry, makeWorld, processesWithMarker, runSwitchboard, stubRenderer, waitFor, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';
import { isAlive } from '../core/mcp/transport/process-tree.js';
import { formatLogEntry } from './cli/commands/lifecycle-format.js';
import { readLiveEndpoint } from '../owner/ownership.js';
import { connectToOwner, type RemoteApi } from '../wires/remote-api.js';

const RAW = fileURLToPath(new URL('../core/mcp/testing/fixtures/raw-stdio-server.mjs', import.meta.url));

let world: TempWorld;
let serve: ChildProcess;
let api: RemoteApi;
let latest: ServersSnapshot | undefined;

function startServe(): { child: ChildProcess; out: () => string; err: () => string } {
  const child = spawn(process.execPath, [CLI_BIN, 'serve', '--port', '0'], { cwd: world.project, env: world.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return { child, out: () => out, err: () => err };
}

const status = (name: string): string | undefined => latest?.servers.find((s) => s.server.name === name)?.status;

beforeAll(async () => {
  world = makeWorld();
  stubRenderer(world);
  writeOwnServers(world, {
    everything: everythingEntry(world),
    // SB_RUNS counts runs of a docs/auth.md `!command` value: an attached CLI must not run it again.
    raw: { command: process.execPath, args: [RAW], env: { SB_TEST_MARKER: world.marker, SB_RUNS: `!echo run >> ${join(world.root, 'runs.txt')}; echo v` } },
  });
  const s = startServe();
  serve = s.child;
  expect(await waitFor(() => s.out().includes('Switchboard is running at'), 60_000)).toBe(true);
  const endpoint = readLiveEndpoint(world.dataDir)!;
  expect(endpoint).toMatchObject({ pid: serve.pid, mode: 'web', projectDir: world.project });
  api = await connectToOwner(endpoint);
  api.on('servers:changed', (snap) => (latest = ServersSnapshotSchema.parse(snap)));
  const listed = await api.call('servers:list', {});
  if (listed.ok) latest = listed.data;
  expect(await waitFor(() => status('everything') === 'connected' && status('raw') === 'connected', 60_000)).toBe(true);
}, 180_000);

afterAll(async () => {
  api?.close();
  if (serve && serve.exitCode === null) {
    serve.kill('SIGTERM');
    await waitFor(() => serve.exitCode !== null, 60_000);
  }
  world?.cleanup();
});

describe('a live owner controlled by the CLI', () => {
  it('status --project of another folder says the answer is about the running owner\'s folder (trial 8 F14)', async () => {
    const other = mkdtempSync(join(world.root, 'other-project-'));
    const run = await runSwitchboard(world, ['status', '--project', other]);
    expect(run.stderr).toContain(`The running Switchboard serves ${world.project}, not ${other}: this answer is about its project folder.`);
    const same = await runSwitchboard(world, ['status', '--project', world.project]);
    expect(same.stderr).not.toContain('The running Switchboard serves');
  }, 120_000);

  it('holds the lock and a mode-600 endpoint file; a second owner is refused', async () => {
    const endpointFile = join(world.dataDir, 'endpoint.json');
    expect(statSync(endpointFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(world.dataDir, 'owner.lock'), 'utf8').trim()).toBe(String(serve.pid));
    const second = await runSwitchboard(world, ['serve', '--port', '0']);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain(`Another Switchboard (pid ${serve.pid}) already owns this data folder.`);
  });

  it('status, tools, call, describe, resources, prompts attach to the owner: same facts, no server spawned, no !command re-run', async () => {
    const before = processesWithMarker(world.marker).sort();
    expect(before).toHaveLength(2);
    const runs = (): number => readFileSync(join(world.root, 'runs.txt'), 'utf8').split('\n').filter(Boolean).length;
    expect(runs()).toBe(1);

    const status = await runSwitchboard(world, ['status', '--json']);
    expect(status.code).toBe(0);
    const cli = ServersSnapshotSchema.parse(JSON.parse(status.stdout));
    const owner = await api.call('servers:list', {});
    expect(owner.ok).toBe(true);
    const facts = (snap: ServersSnapshot) => snap.servers.map((s) => [s.server.name, s.status, s.connectedAt, s.restartCount, s.toolCount]);
    expect(facts(cli)).toEqual(owner.ok ? facts(owner.data) : []);
    expect(cli.servers.every((s) => typeof s.connectedAt === 'number')).toBe(true);

    const runs1 = await Promise.all([
      runSwitchboard(world, ['tools', 'raw']),
      runSwitchboard(world, ['call', 'raw', 'echo', '--args', '{"message":"hi"}']),
      runSwitchboard(world, ['describe', 'raw', 'echo']),
    ]);
    expect(runs1.map((r) => r.code)).toEqual([0, 0, 0]);
    expect(runs1[0]!.stdout).toMatch(/^mcp_raw_echo\s+raw\/echo\s+echoes$/m);
    expect(runs1[1]!.stdout.trim()).toBe('echo: hi · héllo 🌍');
    expect(runs1[2]!.stdout).toContain('raw');
    const runs2 = await Promise.all([
      runSwitchboard(world, ['resources', 'everything']),
      runSwitchboard(world, ['prompts', 'everything']),
      runSwitchboard(world, ['status', 'raw']),
    ]);
    expect(runs2.map((r) => r.code)).toEqual([0, 0, 0]);
    expect(runs2[2]!.stdout).toMatch(/^● raw\s+connected\s+6 tools {2}\(\d+/m);
    // The owner's processes are the only ones: the same pids, none added, and the command ran once.
    expect(processesWithMarker(world.marker).sort()).toEqual(before);
    expect(runs()).toBe(1);
    const again = await api.call('servers:list', {});
    expect(again.ok && again.data.servers.map((s) => s.restartCount)).toEqual(owner.ok ? owner.data.servers.map((s) => s.restartCount) : []);
  }, 180_000);

  it('call --args @file.json and --args - carry 5 MB arguments; arguments nested too deep are a clear BAD_REQUEST', async () => {
    const message = 'm'.repeat(5 * 1024 * 1024);
    const file = join(world.root, 'big-args.json');
    writeFileSync(file, JSON.stringify({ message }));
    const viaFile = await runSwitchboard(world, ['call', 'raw', 'echo', '--args', `@${file}`]);
    expect(viaFile.stderr).toBe('');
    expect(viaFile.code).toBe(0);
    expect(viaFile.stdout).toBe(`echo: ${message} · héllo 🌍\n`);

    const child = spawn(process.execPath, [CLI_BIN, 'call', 'raw', 'echo', '--args', '-'], { cwd: world.project, env: world.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.stdin.end(JSON.stringify({ message: 'from stdin' }));
    expect(await code).toBe(0);
    expect(out).toBe('echo: from stdin · héllo 🌍\n');

    const nest = (n: number): string => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    writeFileSync(file, nest(10_000));
    const deep = await runSwitchboard(world, ['call', 'raw', 'echo', '--args', `@${file}`]);
    expect(deep.code).toBe(64);
    expect(deep.stderr.split('\n')[0]).toBe('switchboard: --args: arguments nested deeper than 100 levels');
    // The owner refuses too (another client than the CLI), before anything walks the arguments.
    const direct = await api.call('tools:call', { server: 'raw', tool: 'echo', args: JSON.parse(nest(150)) as Record<string, unknown> });
    expect(direct).toEqual({ ok: false, error: { code: 'BAD_REQUEST', message: 'Tool "echo": arguments nested deeper than 100 levels' } });
  }, 180_000);

  it('stop → kept stopped across reload → start → test', async () => {
    const stop = await runSwitchboard(world, ['stop', 'everything']);
    expect(stop.code).toBe(0);
    expect(stop.stdout.trim()).toBe('○ everything  stopped (stopped by you)');
    expect(await waitFor(() => status('everything') === 'stopped')).toBe(true);
    expect(processesWithMarker(world.marker)).toHaveLength(1); // only raw's process is left
    expect(Object.keys(JSON.parse(readFileSync(join(world.dataDir, 'state.json'), 'utf8')).manualStops)).toEqual(['everything']);

    const reload = await runSwitchboard(world, ['reload']);
    expect(reload.code).toBe(0);
    expect(reload.stdout).toMatch(/○ everything\s+stopped/);
    const snap = await api.call('servers:list', {});
    expect(snap.ok && snap.data.servers.find((s) => s.server.name === 'everything')).toMatchObject({ status: 'stopped', manualStop: true });

    const start = await runSwitchboard(world, ['start', 'everything']);
    expect(start.code).toBe(0);
    expect(start.stdout).toMatch(/^● everything {2}connected {2}\d+ tools$/m);
    expect(JSON.parse(readFileSync(join(world.dataDir, 'state.json'), 'utf8')).manualStops).toBeUndefined();

    const test = await runSwitchboard(world, ['test', 'everything']);
    expect(test.code).toBe(0);
    expect(test.stdout.trim()).toMatch(/^✓ everything {2}reused connection · tools\/list [\d.]+ ms \(\d+ tools\) · ping [\d.]+ ms$/);
  }, 180_000);

  it('logs prints the same entries the UI gets; logs -f follows the live owner', async () => {
    const ui = await api.call('logs:get', { server: 'raw' });
    expect(ui.ok).toBe(true);
    const cli = await runSwitchboard(world, ['logs', 'raw']);
    expect(cli.code).toBe(0);
    const expected = ui.ok ? ui.data.map(formatLogEntry) : [];
    expect(expected.length).toBeGreaterThan(0);
    expect(cli.stdout.trimEnd().split('\n').slice(0, expected.length)).toEqual(expected);

    const follow = spawn(process.execPath, [CLI_BIN, 'logs', 'raw', '-f'], { cwd: world.project, env: world.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    follow.stdout.on('data', (d: Buffer) => (out += d.toString()));
    try {
      expect(await waitFor(() => out.includes('pid '), 60_000)).toBe(true);
      const restart = await runSwitchboard(world, ['restart', 'raw']);
      expect(restart.code).toBe(0);
      expect(restart.stdout.trim()).toMatch(/^● raw {2}connected {2}6 tools$/);
      expect(await waitFor(() => out.includes('stopping (stopped)') && /connected to raw 1\.0\.0 over [^:]*: 6 tools[\s\S]*connected to raw 1\.0\.0 over [^:]*: 6 tools/.test(out), 60_000)).toBe(true);
    } finally {
      follow.kill('SIGINT');
      await waitFor(() => follow.exitCode !== null, 60_000);
    }
    expect(follow.exitCode).toBe(0);
  }, 180_000);

  it('restart with no name restarts everything; quitting the owner leaves no process, lock or endpoint', async () => {
    const before = latest!.servers.map((s) => s.restartCount);
    const all = await runSwitchboard(world, ['restart']);
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/● everything {2}connected/);
    const after = await api.call('servers:list', {});
    expect(after.ok && after.data.servers.map((s) => s.restartCount)).toEqual(before.map((n) => n + 1));

    serve.kill('SIGTERM');
    expect(await waitFor(() => serve.exitCode !== null, 60_000)).toBe(true);
    expect(existsSync(join(world.dataDir, 'owner.lock'))).toBe(false);
    expect(existsSync(join(world.dataDir, 'endpoint.json'))).toBe(false);
    expect(await waitFor(() => processesWithMarker(world.marker).length === 0, 60_000)).toBe(true);
    expect(isAlive(serve.pid!)).toBe(false);
  }, 180_000);

  it('without an owner: restart/reload/logs -f say they need one; stop records a manual stop; test runs one-shot', async () => {
    const restart = await runSwitchboard(world, ['restart']);
    expect(restart.code).toBe(2);
    expect(restart.stderr.trim()).toBe('No Switchboard is running for this data folder: "restart" acts on a running one. Start it with "switchboard serve" or the desktop app.');
    expect((await runSwitchboard(world, ['logs', 'raw', '-f'])).code).toBe(2);
    const stop = await runSwitchboard(world, ['stop', 'raw']);
    expect(stop.code).toBe(0);
    expect(stop.stdout).toContain('No Switchboard is running; "raw" stays stopped when one starts');
    expect(Object.keys(JSON.parse(readFileSync(join(world.dataDir, 'state.json'), 'utf8')).manualStops)).toEqual(['raw']);
    const test = await runSwitchboard(world, ['test', 'everything']);
    expect(test.code).toBe(0);
    expect(test.stdout.trim()).toMatch(/^✓ everything {2}connect [\d.]+ ms · tools\/list/);
    expect(processesWithMarker(world.marker)).toEqual([]);
    const start = await runSwitchboard(world, ['start', 'raw']);
    expect(start.stdout.trim()).toBe('No Switchboard is running; "raw" will start with it (its manual stop is cleared).');
    expect(JSON.parse(readFileSync(join(world.dataDir, 'state.json'), 'utf8')).manualStops).toBeUndefined();
    const unknown = await runSwitchboard(world, ['start', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown server "nope"');
    const disabled = await runSwitchboard(world, ['stop', 'nope']);
    expect(disabled.code).toBe(2);
  }, 180_000);
});
