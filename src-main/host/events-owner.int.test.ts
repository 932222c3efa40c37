/**
 * MCP Events with a real owner (issue 34): a `switchboard serve` child, the events fixture over
 * Streamable HTTP (in this process, so it outlives the owner) and the same fixture over stdio (2026-07-28,
 * and held to the 2025 protocol). Subscriptions made with the CLI deliver occurrences as channel entries; `kill -9`
 * of the owner in the middle of 1,000 events per delivery mode loses none and stores none twice
 * after the restart (counted by eventId in the channel store); a gap, a payload that misses its
 * schema, a terminated stream (resubscribed, then stopped) and a 2025-era server (no events/* in the
 * trace) are checked on the same owner.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelEntryView } from '../../src-shared/api/channels.js';
import type { EventSubscription, EventTypeList } from '../../src-shared/api/events.js';
import { makeWorld, runSwitchboard, stubRenderer, waitFor, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';
import type { RemoteApi } from '../wires/remote-api.js';
import { endServedOwner, ended, startServedOwner } from './fixtures/served-owner.js';

const FIXTURE = new URL('../core/ext-events/fixtures/events-server.mjs', import.meta.url);

interface FixtureState {
  emit(name: string, count?: number, o?: { label?: string; bad?: boolean }): void;
  gap(name: string, keep: number): void;
  change(name: string, o?: { breakInput?: boolean }): void;
}

let world: TempWorld;
let fx: { url: string; state: FixtureState; close(): Promise<void> };
let serve: ChildProcess | undefined;
let api: RemoteApi | undefined;

/** Set to kill the owner (-9) once it has announced `count` entries of `channel`. */
let killAt: { channel: string; count: number } | undefined;

async function startOwner(): Promise<void> {
  const owner = await startServedOwner(world, (a) =>
    a.on('channels:appended', (batch) => {
      if (!killAt) return;
      killAt.count -= batch.filter((e) => e.channel === killAt?.channel).length;
      if (killAt.count > 0) return;
      killAt = undefined;
      serve?.kill('SIGKILL');
    }),
  );
  serve = owner.child;
  api = owner.api;
}

const owner = (): RemoteApi => {
  if (!api) throw new Error('no owner');
  return api;
};

async function entries(channel: string): Promise<ChannelEntryView[]> {
  const r = await owner().call('channels:list', { server: 'ev', channel, limit: 10_000 });
  if (!r.ok) throw new Error(r.error.message);
  return r.data.entries.filter((e) => e.channel === channel);
}

async function subscriptions(): Promise<EventSubscription[]> {
  const r = await owner().call('events:subscriptions', {});
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

const byId = async (id: string): Promise<EventSubscription | undefined> => (await subscriptions()).find((s) => s.id === id);

async function subscribeCli(args: string[]): Promise<EventSubscription> {
  const run = await runSwitchboard(world, ['events', 'subscribe', ...args, '--json']);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as EventSubscription;
}

/** Until the subscription has its first cursor (events emitted before that are "before now"). */
const started = (id: string): Promise<boolean> => waitFor(async () => (await byId(id))?.lastCursor !== null && (await byId(id))?.state === 'active', 30_000);

beforeAll(async () => {
  world = makeWorld();
  stubRenderer(world);
  const mod = (await import(FIXTURE.href)) as { startEventsHttp: () => Promise<typeof fx> };
  fx = await mod.startEventsHttp();
  writeOwnServers(world, {
    ev: { type: 'http', url: fx.url },
    evs: { command: process.execPath, args: [fileURLToPath(FIXTURE), 'stdio'], env: { SB_TEST_MARKER: world.marker } },
    old: { command: process.execPath, args: [fileURLToPath(FIXTURE), 'stdio', '--legacy'], env: { SB_TEST_MARKER: world.marker }, protocol: 'legacy' },
  });
  await startOwner();
}, 180_000);

afterAll(async () => {
  await endServedOwner(serve && api ? { child: serve, api } : undefined, world);
  await fx?.close();
});

describe('MCP Events through a live owner', () => {
  it('events <server> lists the types (paged); webhook is refused with poll and push offered', async () => {
    const [text, json] = await Promise.all([runSwitchboard(world, ['events', 'ev']), runSwitchboard(world, ['events', 'ev', '--json'])]);
    expect(text.code).toBe(0);
    expect(text.stdout).toBe('poll.tick  poll  Ticks of poll.tick\npush.tick  push  Ticks of push.tick\nboth.tick  poll, push  Ticks of both.tick\n');
    const list = JSON.parse(json.stdout) as EventTypeList;
    expect(list.types.map((t) => [t.name, t.delivery])).toEqual([
      ['poll.tick', ['poll']],
      ['push.tick', ['push']],
      ['both.tick', ['poll', 'push']],
    ]);
    const webhook = await owner().call('events:subscribe', { serverId: 'ev', name: 'push.tick', arguments: {}, delivery: 'webhook' });
    expect(webhook.ok ? '' : webhook.error.message).toMatch(/^Webhook delivery needs a public https receiver .* subscribe with poll .* or push .* instead$/);
    const bad = await runSwitchboard(world, ['events', 'subscribe', 'ev', 'poll.tick', '--args', '{"colour":1}']);
    expect(bad.code).toBe(64);
    expect(bad.stderr).toBe('The arguments do not fit the input schema of "poll.tick": (root) must NOT have additional properties\n');
  }, 120_000);

  it('1,000 events by poll and by push with the owner killed (-9) in the middle: none lost, none twice', async () => {
    const poll = await subscribeCli(['ev', 'poll.tick', '--interval', '5']);
    const push = await subscribeCli(['ev', 'push.tick', '--push']);
    expect(poll).toMatchObject({ serverId: 'ev', name: 'poll.tick', delivery: 'poll', intervalMs: 5000, lastCursor: null, arguments: {} });
    expect(push).toMatchObject({ delivery: 'push' });
    expect(await started(poll.id)).toBe(true);
    expect(await started(push.id)).toBe(true);
    // Killed while both are delivering: the first entries of each are in, most are not.
    fx.state.emit('poll.tick', 500);
    expect(await waitFor(async () => (await entries('poll.tick')).length > 0, 60_000)).toBe(true);
    // Push: emitted 10 at a time while the owner lives; it is killed after 200 of them arrived.
    killAt = { channel: 'push.tick', count: 200 };
    let pushed = 0;
    while (pushed < 1000 && serve && !ended(serve)) {
      fx.state.emit('push.tick', 10);
      pushed += 10;
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(await waitFor(() => (serve ? ended(serve) : true), 10_000)).toBe(true);
    api?.close();
    const stored = readFileSync(join(world.dataDir, 'channels.jsonl'), 'utf8').split('\n').filter((l) => l.includes('"push.tick"')).length;
    expect(stored).toBeGreaterThanOrEqual(200);
    fx.state.emit('poll.tick', 500);
    fx.state.emit('push.tick', 1000 - pushed);
    await startOwner();
    for (const channel of ['poll.tick', 'push.tick']) {
      expect(await waitFor(async () => (await entries(channel)).length >= 1000, 90_000), channel).toBe(true);
    }
    for (const [channel, sub] of [['poll.tick', poll], ['push.tick', push]] as const) {
      const got = await entries(channel);
      const ids = got.map((e) => e.event?.eventId);
      expect(new Set(ids).size, channel).toBe(1000);
      expect(got.length, channel).toBe(1000);
      expect(ids.sort()).toEqual(Array.from({ length: 1000 }, (_, n) => `${channel}#${n}`).sort());
      expect(got.every((e) => e.event?.subscriptionId === sub.id && e.method !== undefined)).toBe(true);
    }
    // The restarted owner checks payloads against the types it listed again by itself.
    fx.state.emit('push.tick', 1, { bad: true });
    expect(await waitFor(async () => (await entries('push.tick')).length === 1001, 30_000)).toBe(true);
    expect((await entries('push.tick')).at(-1)?.event?.invalid).toBe('data does not match the payload schema: /n must be integer');
    const listed = await runSwitchboard(world, ['events', 'subscriptions']);
    expect(listed.stdout).toContain(`${poll.id}  ev  poll.tick  poll every 5 s  active`);
    expect(listed.stdout).toContain(`${push.id}  ev  push.tick  push  active`);
  }, 240_000);

  it('a gap is kept as an entry; a payload that misses its schema is kept and marked', async () => {
    const sub = await subscribeCli(['ev', 'both.tick', '--interval', '5']);
    expect(await started(sub.id)).toBe(true);
    fx.state.emit('both.tick', 10);
    fx.state.gap('both.tick', 5);
    fx.state.emit('both.tick', 1, { bad: true });
    expect(await waitFor(async () => (await entries('both.tick')).length >= 7, 30_000)).toBe(true);
    const got = await entries('both.tick');
    expect(got.map((e) => (e.event?.gap ? 'gap' : e.event?.eventId))).toEqual(['gap', 'both.tick#5', 'both.tick#6', 'both.tick#7', 'both.tick#8', 'both.tick#9', 'both.tick#10']);
    expect(got.at(-1)?.event?.invalid).toBe('data does not match the payload schema: /n must be integer');
    expect(got.at(-1)?.payload).toEqual({ n: 'not a number 10' });
    expect(await byId(sub.id)).toMatchObject({ received: 6, gaps: 1, invalid: 1 });
  }, 120_000);

  it('terminated: a compatible change resubscribes from the cursor; arguments that no longer fit stop it with the reason', async () => {
    const push = (await subscriptions()).find((s) => s.name === 'push.tick');
    expect(push).toBeDefined();
    fx.state.change('push.tick');
    fx.state.emit('push.tick', 1);
    expect(await waitFor(async () => (await entries('push.tick')).length === 1002, 60_000)).toBe(true);
    expect((await entries('push.tick')).at(-1)?.payload).toEqual({ n: 1001, version: 2 });
    fx.state.change('push.tick', { breakInput: true });
    expect(await waitFor(async () => (await byId(push?.id ?? ''))?.state === 'stopped', 60_000)).toBe(true);
    expect((await byId(push?.id ?? ''))?.stopReason).toMatch(/: the subscription's arguments no longer fit the input schema of "push.tick" \(\(root\) must have required property 'region'\)$/);
  }, 120_000);

  it('a server that goes away: its subscription waits, then resumes from its cursor', async () => {
    const poll = (await subscriptions()).find((s) => s.name === 'poll.tick');
    const id = poll?.id ?? '';
    expect((await runSwitchboard(world, ['stop', 'ev'])).code).toBe(0);
    expect(await waitFor(async () => (await byId(id))?.state === 'waiting', 60_000)).toBe(true);
    fx.state.emit('poll.tick', 5);
    expect((await runSwitchboard(world, ['start', 'ev'])).code).toBe(0);
    expect(await waitFor(async () => (await entries('poll.tick')).length === 1005, 60_000)).toBe(true);
    expect((await entries('poll.tick')).slice(-5).map((e) => e.event?.eventId)).toEqual([1000, 1001, 1002, 1003, 1004].map((n) => `poll.tick#${n}`));
  }, 120_000);

  it('over stdio, the notifications of a push stream reach its subscription', async () => {
    const sub = await owner().call('events:subscribe', { serverId: 'evs', name: 'both.tick', arguments: { label: 'x' }, delivery: 'push' });
    const id = sub.ok ? sub.data.id : '';
    expect(await started(id)).toBe(true);
    const emit = await owner().call('tools:call', { server: 'evs', tool: 'emit', args: { name: 'both.tick', count: 3, label: 'x' } });
    expect(emit.ok && !emit.data.isError).toBe(true);
    expect(await waitFor(async () => (await byId(id))?.received === 3, 30_000)).toBe(true);
    const r = await owner().call('channels:list', { server: 'evs', channel: 'both.tick' });
    expect(r.ok && r.data.entries.map((e) => [e.payload, e.event?.eventId, e.event?.subscriptionId])).toEqual([0, 1, 2].map((n) => [{ n, label: 'x' }, `both.tick#${n}`, id]));
  }, 120_000);

  it('a 2025-era server: events need the 2026-07-28 protocol, and no events/* request reaches it', async () => {
    const run = await runSwitchboard(world, ['events', 'old', '--json']);
    expect(JSON.parse(run.stdout)).toEqual({
      serverId: 'old',
      supported: false,
      unavailable: 'legacy-era',
      message: 'Events need the 2026-07-28 protocol: "old" is connected over the 2025 protocol, so Switchboard sends it no events/* requests',
      types: [],
    });
    const refused = await owner().call('events:subscribe', { serverId: 'old', name: 'poll.tick', arguments: {}, delivery: 'poll', intervalMs: 5000 });
    expect(refused.ok ? '' : refused.error.message).toContain('Events need the 2026-07-28 protocol');
    const trace = await owner().call('trace:get', { server: 'old' });
    expect(trace.ok && trace.data.length > 0).toBe(true);
    expect(trace.ok && trace.data.filter((e) => (e.method ?? '').startsWith('events/'))).toEqual([]);
  }, 120_000);
});
