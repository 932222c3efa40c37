/**
 * Capture of server notifications (issue 13 item 1) through the real core, from the notifying
 * fixture server on every transport: stdio, Streamable HTTP (the GET listener stream and a POST's
 * response stream) and HTTP+SSE; log messages as `message/<logger>`; progress left out; the
 * per-server `channels` allow-list (Switchboard's file: patterns; ChatCLI's field: literal names).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelEntryView } from '../../../src-shared/api/channels.js';
import { makeWorld, waitFor, writeOwnServers, type TempWorld } from '../composition/test-world.js';
import { notifyingEntry, startCore, startNotifyingHttp, type CoreHarness, type NotifyingHttp } from './test-fixtures.js';

let world: TempWorld;
let h: CoreHarness;
let http: NotifyingHttp;
let sse: NotifyingHttp;

beforeAll(async () => {
  world = makeWorld();
  [http, sse] = await Promise.all([startNotifyingHttp('http'), startNotifyingHttp('sse')]);
  writeOwnServers(world, {
    stdio: notifyingEntry(world),
    http: { transport: 'http', url: http.url },
    sse: { transport: 'sse', url: sse.url },
    filtered: notifyingEntry(world, { channels: ['alerts', 'message/db'] }),
    silent: notifyingEntry(world, { channels: [] }),
  });
  // ChatCLI's own file carries the same `channels` field, matched literally (issue 28 item 6).
  mkdirSync(join(world.home, '.chatcli'), { recursive: true });
  writeFileSync(
    join(world.home, '.chatcli', 'mcp_servers.json'),
    JSON.stringify({ mcpServers: [{ name: 'chat', enabled: true, ...notifyingEntry(world, { channels: ['alerts', 'alerts/critical'] }) }] }),
  );
  h = await startCore(world);
});

afterAll(async () => {
  await h?.dispose();
  await Promise.all([http?.stop(), sse?.stop()]);
  world?.cleanup();
});

async function call(server: string, tool: string, args: Record<string, unknown>): Promise<void> {
  const r = await h.core.handlers['tools:call']({ server, tool, args });
  if (!r.ok) throw new Error(r.error.message);
  expect(r.data.isError).toBe(false);
}

async function entries(server: string, channel?: string): Promise<ChannelEntryView[]> {
  const r = await h.core.handlers['channels:list']({ server, ...(channel ? { channel } : {}) });
  if (!r.ok) throw new Error(r.error.message);
  return r.data.entries;
}

async function waitForEntry(server: string, match: (e: ChannelEntryView) => boolean): Promise<ChannelEntryView> {
  let found: ChannelEntryView | undefined;
  expect(await waitFor(async () => Boolean((found = (await entries(server)).find(match))), 15_000)).toBe(true);
  return found!;
}

describe('capture on every transport', () => {
  it('every server connected', async () => {
    const r = await h.core.handlers['servers:list']({});
    if (!r.ok) throw new Error(r.error.message);
    const status = Object.fromEntries(r.data.servers.map((s) => [s.server.name, s.status]));
    expect(status).toMatchObject({ stdio: 'connected', http: 'connected', sse: 'connected', filtered: 'connected', silent: 'connected', chat: 'connected' });
  });

  it.each([
    ['stdio', false],
    ['http', false],
    ['http', true],
    ['sse', false],
  ] as const)('%s (related to the request: %s): alerts/critical with its payload', async (server, related) => {
    const message = `disk full ${server} ${related}`;
    await call(server, 'notify', { params: { message }, related });
    const e = await waitForEntry(server, (x) => (x.payload as { message?: string }).message === message);
    expect(e).toMatchObject({ server, channel: 'alerts/critical', method: 'notifications/alerts/critical', acked: false });
    expect(e.seq).toBeGreaterThan(0);
  });

  it('a log message is channel message/<logger> and matches the pattern "message"', async () => {
    await call('stdio', 'log', { logger: 'db', level: 'error', data: 'connection lost' });
    const e = await waitForEntry('stdio', (x) => x.channel === 'message/db');
    expect(e.payload).toEqual({ level: 'error', logger: 'db', data: 'connection lost' });
    expect((await entries('stdio', 'message')).map((x) => x.seq)).toContain(e.seq);
  });

  it('progress notifications are not channel entries', async () => {
    const before = (await entries('stdio')).length;
    const r = await h.core.handlers['tools:call']({ server: 'stdio', tool: 'progress', args: { steps: 3 } });
    expect(r.ok && r.data.text).toBe('done');
    await call('stdio', 'notify', { method: 'notifications/after/progress' });
    await waitForEntry('stdio', (x) => x.channel === 'after/progress');
    const after = await entries('stdio');
    expect(after.length).toBe(before + 1);
    expect(after.some((x) => x.method === 'notifications/progress')).toBe(false);
  });
});

describe('the channels allow-list', () => {
  it('keeps only the listed channels (hierarchical patterns)', async () => {
    await call('filtered', 'notify', { method: 'notifications/other/thing' });
    await call('filtered', 'log', { logger: 'web', data: 'not listed' });
    await call('filtered', 'log', { logger: 'db', data: 'listed' });
    await call('filtered', 'notify', { method: 'notifications/alerts/warning' });
    const e = await waitForEntry('filtered', (x) => x.channel === 'alerts/warning');
    const all = await entries('filtered');
    expect(all.map((x) => x.channel)).toEqual(['message/db', 'alerts/warning']);
    expect(e.method).toBe('notifications/alerts/warning');
  });

  it('an empty list keeps nothing', async () => {
    await call('silent', 'notify', {});
    await call('stdio', 'notify', { method: 'notifications/marker/silent' });
    await waitForEntry('stdio', (x) => x.channel === 'marker/silent');
    expect(await entries('silent')).toEqual([]);
  });

  it("ChatCLI's channels field is honoured literally: \"alerts\" does not cover alerts/info there", async () => {
    await call('chat', 'notify', { method: 'notifications/alerts/info' });
    await call('chat', 'notify', { method: 'notifications/alerts' });
    await call('chat', 'notify', { method: 'notifications/alerts/critical', params: { from: 'chat' } });
    await waitForEntry('chat', (x) => x.channel === 'alerts/critical');
    expect((await entries('chat')).map((x) => x.channel)).toEqual(['alerts', 'alerts/critical']);
  });

  it('announces new entries as batched channels:appended events', async () => {
    const seen = h.events.filter((e) => e.event === 'channels:appended').flatMap((e) => e.payload as ChannelEntryView[]);
    expect(seen.some((e) => e.server === 'sse' && e.channel === 'alerts/critical')).toBe(true);
    expect(h.events.some((e) => e.event === 'channels:changed')).toBe(true);
  });
});
