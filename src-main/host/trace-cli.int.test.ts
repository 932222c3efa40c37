/**
 * `switchboard trace` (docs/inspecting.md "Trace across servers") through real CLI processes and two
 * real server-everything: one-shot (a server's trace, every server's merged in time order, --method),
 * and attached to a running `switchboard serve`, `trace <server> -f` printing a call made meanwhile.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TraceEntry } from '../../src-shared/api/lifecycle.js';
import { formatTraceEntry } from './cli/commands/trace.js';
import { CLI_BIN, everythingEntry, makeWorld, processesWithMarker, runSwitchboard, stubRenderer, waitFor, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';

let world: TempWorld;
let serve: ChildProcess | undefined;

beforeAll(() => {
  world = makeWorld();
  stubRenderer(world);
  writeOwnServers(world, { alpha: everythingEntry(world), beta: everythingEntry(world) });
});

afterAll(async () => {
  if (serve && serve.exitCode === null) {
    serve.kill('SIGTERM');
    await waitFor(() => serve!.exitCode !== null, 60_000);
  }
  world?.cleanup();
});

const jsonLines = (text: string): TraceEntry[] => text.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as TraceEntry);

describe('switchboard trace', () => {
  it('one-shot: a server\'s trace, every server\'s in time order, and --method', async () => {
    const one = await runSwitchboard(world, ['trace', 'beta', '--json']);
    expect(one.code).toBe(0);
    const beta = jsonLines(one.stdout);
    expect(beta.length).toBeGreaterThan(0);
    expect(new Set(beta.map((e) => e.server))).toEqual(new Set(['beta']));

    const all = await runSwitchboard(world, ['trace', '--json']);
    expect(all.code).toBe(0);
    const merged = jsonLines(all.stdout);
    expect(new Set(merged.map((e) => e.server))).toEqual(new Set(['alpha', 'beta']));
    expect(merged.map((e) => e.seq)).toEqual(merged.map((e) => e.seq).sort((a, b) => a - b));

    const init = await runSwitchboard(world, ['trace', 'alpha', '--method', 'initialize']);
    expect(init.code).toBe(0);
    const lines = init.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} alpha → req {3}initialize #0 \{/);
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} alpha ← res {3}initialize #0 [\d.]+ ms \{/);

    // Nothing of that host's gateway traffic: stdout stays empty, stderr says why (it printed nothing at all before).
    const none = await runSwitchboard(world, ['trace', '--host', 'cursor']);
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe(
      'No trace entries match --host cursor: the trace holds what the running Switchboard (or this one-shot run) saw since it started; a call from cursor through its gateway door shows here as "via cursor"\n',
    );

    const unknown = await runSwitchboard(world, ['trace', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown server "nope"');
    const follow = await runSwitchboard(world, ['trace', '-f']);
    expect(follow.code).toBe(2);
    expect(follow.stderr).toContain('"trace -f" acts on a running one');
    expect(processesWithMarker(world.marker)).toEqual([]);
  }, 180_000);

  it('attached: trace <server> -f prints what the owner traces, only that server\'s, until Ctrl-C', async () => {
    serve = spawn(process.execPath, [CLI_BIN, 'serve', '--port', '0'], { cwd: world.project, env: world.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let served = '';
    serve.stdout!.on('data', (d: Buffer) => (served += d.toString()));
    expect(await waitFor(() => served.includes('Switchboard is running at'), 60_000)).toBe(true);
    const follow = spawn(process.execPath, [CLI_BIN, 'trace', 'beta', '-f', '--json'], { cwd: world.project, env: world.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    follow.stdout.on('data', (d: Buffer) => (out += d.toString()));
    try {
      expect(await waitFor(() => out.includes('"method":"initialize"'), 60_000)).toBe(true);
      for (const server of ['alpha', 'beta']) {
        const call = await runSwitchboard(world, ['call', server, 'echo', '--args', JSON.stringify({ message: `followed ${server}` })]);
        expect(call.code).toBe(0);
      }
      expect(await waitFor(() => out.includes('Echo: followed beta'), 60_000)).toBe(true);
    } finally {
      follow.kill('SIGINT');
      await waitFor(() => follow.exitCode !== null, 60_000);
    }
    expect(follow.exitCode).toBe(0);
    const entries = jsonLines(out);
    expect(new Set(entries.map((e) => e.server))).toEqual(new Set(['beta']));
    expect(entries.map((e) => e.seq)).toEqual([...new Set(entries.map((e) => e.seq))].sort((a, b) => a - b));
    expect(out).not.toContain('followed alpha');
    expect(formatTraceEntry(entries.find((e) => e.kind === 'response' && e.method === 'tools/call')!)).toMatch(/ beta ← res {3}tools\/call #\d+ [\d.]+ ms \{"jsonrpc"/);
  }, 240_000);
});
