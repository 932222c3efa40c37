/**
 * Channels with a real owner (issue 13 items 2 and 4): a `switchboard serve` child stores what the
 * notifying server pushes; the CLI verbs attach to it (`channels`, `-f`, `ack`, `pause`, `resume`,
 * `triggers`, `triggers confirm`, `triggers run`); `kill -9` of the owner in the middle of a burst
 * of appends loses nothing it announced, and a restart reloads the history, acks and pauses;
 * without an owner `channels --json` reads the file and the other verbs say a live one is needed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelEntry, ChannelEntryView } from '../../src-shared/api/channels.js';
import { ChannelFile } from '../core/channels/channel-file.js';
import { notifyingEntry } from '../core/channels/test-fixtures.js';
import { CLI_BIN, makeWorld, runSwitchboard, stubRenderer, waitFor, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';
import type { RemoteApi } from '../wires/remote-api.js';
import { endServedOwner, startServedOwner } from './fixtures/served-owner.js';

let world: TempWorld;
let serve: ChildProcess | undefined;
let api: RemoteApi | undefined;
const announced: ChannelEntryView[] = [];

async function startServe(): Promise<void> {
  const owner = await startServedOwner(world, (a) => a.on('channels:appended', (entries) => announced.push(...entries)));
  serve = owner.child;
  api = owner.api;
}

async function call(tool: string, args: Record<string, unknown>): Promise<void> {
  const r = await api!.call('tools:call', { server: 'mon', tool, args });
  expect(r.ok && !r.data.isError).toBe(true);
}

const lastAnnounced = (): number => announced.at(-1)?.seq ?? 0;

beforeAll(async () => {
  world = makeWorld();
  stubRenderer(world);
  writeOwnServers(world, { mon: notifyingEntry(world) });
  writeFileSync(
    join(world.dataDir, 'triggers.json'),
    JSON.stringify({
      rules: [{ name: 'deploy', server: 'mon', channel: 'deploy', mode: 'confirm', prompt: 'Echo {{content}}?', action: { server: 'mon', tool: 'echo', arguments: { text: '{{content}}' } }, allowedTools: ['echo'] }],
    }),
  );
  await startServe();
}, 180_000);

afterAll(() => endServedOwner(serve && api ? { child: serve, api } : undefined, world));

describe('the CLI attached to a live owner', () => {
  it('channels lists what arrived (text and --json), filtered by server, channel and unread', async () => {
    await call('notify', { params: { message: 'disk full' } });
    await call('log', { level: 'warning', logger: 'db', data: 'slow query' });
    expect(await waitFor(() => announced.some((e) => e.channel === 'message/db'), 10_000)).toBe(true);
    const [text, json, filtered] = await Promise.all([
      runSwitchboard(world, ['channels']),
      runSwitchboard(world, ['channels', '--json']),
      runSwitchboard(world, ['channels', '--channel', 'message', '--json']),
    ]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^● #1 {2}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}mon {2}alerts\/critical {2}\{"message":"disk full"\}$/m);
    expect(text.stdout).toMatch(/^2 unread \(mon 2\)$/m);
    const entries = JSON.parse(json.stdout) as ChannelEntryView[];
    expect(entries.map((e) => [e.seq, e.channel, e.acked])).toEqual([
      [1, 'alerts/critical', false],
      [2, 'message/db', false],
    ]);
    expect((JSON.parse(filtered.stdout) as ChannelEntryView[]).map((e) => e.seq)).toEqual([2]);
  }, 180_000);

  it('channels -f prints a new notification as it arrives', async () => {
    const child = spawn(process.execPath, [CLI_BIN, 'channels', '-f', '--channel', 'alerts/live'], { cwd: world.project, env: world.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    try {
      // Until the follower is attached a notification can go by unseen: send one a second until it shows.
      expect(await waitFor(async () => {
        await call('notify', { method: 'notifications/alerts/live', params: { message: 'hello follower' } });
        return out.includes('hello follower');
      }, 30_000, 1_000)).toBe(true);
      expect(out).toMatch(/^● #\d+ {2}.* {2}mon {2}alerts\/live {2}\{"message":"hello follower"\}$/m);
    } finally {
      child.kill('SIGINT');
      await waitFor(() => child.exitCode !== null || child.signalCode !== null, 10_000);
    }
    expect(child.exitCode).toBe(0);
  }, 180_000);

  it('ack, pause and resume act on the owner', async () => {
    const ack = await runSwitchboard(world, ['channels', 'ack', '1']);
    expect(ack.code).toBe(0);
    expect(ack.stdout).toMatch(/^Acknowledged #1\. \d+ unread/);
    const pause = await runSwitchboard(world, ['channels', 'pause', 'mon/alerts']);
    expect(pause.stdout).toMatch(/^Paused mon\/alerts\. .*paused: mon\/alerts/);
    await call('notify', { params: { message: 'while paused' } });
    expect(await waitFor(() => announced.some((e) => (e.payload as { message?: string }).message === 'while paused'), 10_000)).toBe(true);
    expect(announced.find((e) => (e.payload as { message?: string }).message === 'while paused')?.paused).toBe(true);
    const unread = await runSwitchboard(world, ['channels', '--unread', '--json']);
    expect((JSON.parse(unread.stdout) as ChannelEntryView[]).every((e) => !e.acked && !e.paused)).toBe(true);
    const [bad, unknown] = await Promise.all([runSwitchboard(world, ['channels', 'ack', 'x1']), runSwitchboard(world, ['channels', 'ack', '99999'])]);
    expect(bad.code).toBe(64);
    expect(bad.stderr).toContain('"channels ack" takes a notification number (#seq) or "all", got "x1"');
    expect(unknown).toMatchObject({ code: 2, stderr: 'No notification #99999\n' });
  }, 180_000);

  it('triggers lists the rule, confirm runs its action, run evaluates a stored notification', async () => {
    await call('notify', { method: 'notifications/deploy/done', params: { v: 3 } });
    let pendingId = '';
    await waitFor(async () => {
      const t = await api!.call('triggers:list', {});
      pendingId = (t.ok && t.data.pending[0]?.id) || '';
      return pendingId !== '';
    }, 180_000);
    const list = await runSwitchboard(world, ['triggers']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('deploy  confirm  server mon · channel deploy · runs mon/echo  — fired 1');
    expect(list.stdout).toContain('Automatic rules together run at most 60 actions a minute ("autoPerMinute"); past a ceiling a firing waits for confirmation.');
    expect(list.stdout).toContain(`${pendingId}  deploy  #`);
    const confirm = await runSwitchboard(world, ['triggers', 'confirm', pendingId]);
    expect(confirm.code).toBe(0);
    expect(confirm.stdout).toMatch(/deploy {2}#\d+ mon deploy\/done {2}ran {2}→ echo: \{"v":3\}/);
    const seq = announced.find((e) => e.channel === 'deploy/done')!.seq;
    const run = await runSwitchboard(world, ['triggers', 'run', String(seq), '--json']);
    expect(run.code).toBe(0);
    const firings = JSON.parse(run.stdout) as { id: string; outcome: string; manual: boolean }[];
    expect(firings.map((f) => [f.outcome, f.manual])).toEqual([['pending', true]]);
    const decline = await runSwitchboard(world, ['triggers', 'confirm', firings[0]!.id, '--decline']);
    expect(decline.stdout).toContain('declined');
  }, 180_000);
});

describe('kill -9 of the owner mid-append, then a restart', () => {
  it('keeps every notification it announced; a restart reloads history, acks and pauses', async () => {
    const before = lastAnnounced();
    await call('burst', { rate: 2000, seconds: 10, method: 'notifications/alerts/burst' });
    expect(await waitFor(() => lastAnnounced() > before + 2_000, 30_000)).toBe(true);
    // A follower attached to the owner: when the owner goes, it says so and exits 2 (a trial saw
    // `channels -f` end silently with 0).
    const follower = spawn(process.execPath, [CLI_BIN, 'channels', '-f', '--channel', 'alerts/critical'], { cwd: world.project, env: world.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let followed = '';
    let followErr = '';
    follower.stdout!.on('data', (d: Buffer) => (followed += d.toString()));
    follower.stderr!.on('data', (d: Buffer) => (followErr += d.toString()));
    expect(await waitFor(() => followed.includes('disk full'), 60_000)).toBe(true); // attached: the backlog printed
    serve!.kill('SIGKILL');
    await waitFor(() => serve!.signalCode !== null, 10_000);
    api!.close();
    expect(await waitFor(() => follower.exitCode !== null || follower.signalCode !== null, 30_000)).toBe(true);
    expect(follower.exitCode).toBe(2);
    expect(followErr).toContain('the running Switchboard stopped, so "channels -f" ends here');
    const seen = lastAnnounced();

    // Without an owner, `channels --json` reads the file: everything announced is there, in order.
    const offline = await runSwitchboard(world, ['channels', '--json', '--limit', '10000']);
    expect(offline.code).toBe(0);
    const fromFile = JSON.parse(offline.stdout) as ChannelEntryView[];
    const seqs = fromFile.map((e) => e.seq);
    expect(seqs.at(-1)!).toBeGreaterThanOrEqual(seen);
    expect(seqs.every((s, i) => i === 0 || s === seqs[i - 1]! + 1)).toBe(true);
    // The ack of #1 read from state.json; asked by channel, since a burst that ran long (a loaded
    // machine, a follower slow to attach) puts #1 beyond the newest 10,000.
    const first = await runSwitchboard(world, ['channels', '--json', '--channel', 'alerts/critical']);
    expect((JSON.parse(first.stdout) as ChannelEntryView[]).find((e) => e.seq === 1)?.acked).toBe(true);
    // The file itself: at most the last line torn (it would be skipped with a warning).
    const load = new ChannelFile(join(world.dataDir, 'channels.jsonl'), { readOnly: true }).load(1_000_000);
    expect(load.warnings.every((w) => w.includes('the last line was cut off'))).toBe(true);
    const onDisk = load.entries.map((e: ChannelEntry) => e.seq);
    expect(onDisk[0]).toBe(1);
    expect(onDisk.length).toBe(onDisk.at(-1));

    const verbs = [['channels', 'ack', 'all'], ['channels', 'pause', 'mon'], ['triggers', 'run', '1'], ['channels', '-f']];
    for (const r of await Promise.all(verbs.map((v) => runSwitchboard(world, v)))) {
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('No Switchboard is running for this data folder');
    }
    const rules = await runSwitchboard(world, ['triggers']);
    expect(rules.stdout).toContain('No Switchboard is running: rules fire only while one runs');

    await startServe();
    const lastOnDisk = onDisk.at(-1)!;
    const summary = await api!.call('channels:summary', {});
    expect(summary.ok && summary.data).toMatchObject({ lastSeq: lastOnDisk, paused: [{ server: 'mon', channel: 'alerts' }] });
    const old = await api!.call('channels:list', { beforeSeq: 3 });
    expect(old.ok && old.data.entries.map((e) => [e.seq, e.acked])).toEqual([
      [1, true],
      [2, false],
    ]);
    await call('notify', { method: 'notifications/after/restart' });
    expect(await waitFor(() => announced.some((e) => e.channel === 'after/restart'), 10_000)).toBe(true);
    expect(announced.find((e) => e.channel === 'after/restart')!.seq).toBe(lastOnDisk + 1);
  }, 120_000);
});
