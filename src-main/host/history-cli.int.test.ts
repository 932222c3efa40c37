/**
 * Issue 14 item 12 through the CLI (real `switchboard` child processes, the real server-everything):
 * a one-shot call is kept in the data folder, `history` lists it after the process is gone,
 * `history show` opens its result, `history replay` refuses (64) until the redacted argument is
 * given, then calls again; attached to a running `switchboard serve`, the owner lists the calls
 * the one-shot runs made and replays one itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRecord } from '../../src-shared/api/inspector.js';
import { CLI_BIN, everythingEntry, makeWorld, processesWithMarker, runSwitchboard, stubRenderer, waitFor, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';

let world: TempWorld;
let serve: ChildProcess | undefined;

beforeAll(() => {
  world = makeWorld();
  stubRenderer(world);
  writeOwnServers(world, { everything: everythingEntry(world) });
});

afterAll(async () => {
  if (serve && serve.exitCode === null) {
    serve.kill('SIGTERM');
    await waitFor(() => serve!.exitCode !== null, 60_000);
  }
  world?.cleanup();
});

const listed = async (): Promise<CallRecord[]> => {
  const run = await runSwitchboard(world, ['history', 'everything', '--json']);
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as CallRecord[];
};

describe('switchboard history (issue 14 item 12)', () => {
  it('lists, shows and replays one-shot calls across processes; a redacted argument is asked for again', async () => {
    expect((await runSwitchboard(world, ['history'])).stdout.trim()).toBe('No calls recorded yet.');
    const call = await runSwitchboard(world, ['call', 'everything', 'echo', '--args', JSON.stringify({ message: 'kept across runs', api_key: 'sk-history-cli-0001' })]);
    expect(call.code).toBe(0);
    const records = await listed();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ tool: 'echo', outcome: 'ok', args: { message: 'kept across runs', api_key: '[redacted]' }, redacted: ['api_key'] });
    expect(readFileSync(join(world.dataDir, 'history.json'), 'utf8')).not.toContain('sk-history-cli-0001');
    const id = records[0]!.id;

    const text = await runSwitchboard(world, ['history']);
    expect(text.stdout).toMatch(new RegExp(`everything  echo  ok  \\d+ ms  .*\\(redacted: api_key\\)  ${id}`));

    const show = await runSwitchboard(world, ['history', 'show', id]);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('Echo: kept across runs');

    const refused = await runSwitchboard(world, ['history', 'replay', id]);
    expect(refused.code).toBe(64);
    expect(refused.stderr.trim()).toBe('Replaying echo on everything needs these arguments again: api_key (redacted when recorded)');

    const replayed = await runSwitchboard(world, ['history', 'replay', id, '--args', '{"api_key":"sk-history-cli-0002"}']);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toContain('Echo: kept across runs');
    expect(await listed()).toHaveLength(2);

    const unknown = await runSwitchboard(world, ['history', 'show', 'call-none']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No call "call-none" in the history');
    const usage = await runSwitchboard(world, ['history', 'replay']);
    expect(usage.code).toBe(64);
    expect(processesWithMarker(world.marker)).toEqual([]);
  }, 180_000);

  it('attached to a running owner: lists what one-shot runs recorded and replays on the owner', async () => {
    serve = spawn(process.execPath, [CLI_BIN, 'serve', '--port', '0'], { cwd: world.project, env: world.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    serve.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    expect(await waitFor(() => out.includes('Switchboard is running at'), 60_000)).toBe(true);
    const before = await listed();
    expect(before).toHaveLength(2);
    const replayed = await runSwitchboard(world, ['history', 'replay', before[0]!.id, '--args', '{"api_key":"sk-history-cli-0003"}']);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toContain('Echo: kept across runs');
    const after = await listed();
    expect(after).toHaveLength(3);
    expect(after.map((r) => r.id).slice(0, 2)).toEqual(before.map((r) => r.id));
  }, 180_000);
});
