import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StateStore } from '../data/state-store.js';
import { toChannelEntry, MAX_PAYLOAD_CHARS } from './channel-capture.js';
import { ChannelFile } from './channel-file.js';
import { ChannelMarks } from './channel-marks.js';
import { ChannelStore } from './channel-store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sb-chanstore-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const open = (windowSize = 5, marks = new ChannelMarks(new StateStore(dir))) =>
  new ChannelStore({ marks, file: new ChannelFile(join(dir, 'channels.jsonl')), windowSize, now: () => 42 });
const add = (store: ChannelStore, server: string, channel: string, payload: unknown = {}) =>
  store.append({ server, channel, method: `notifications/${channel}`, payload });

describe('ChannelStore', () => {
  it('assigns increasing seqs, continued after a reload', () => {
    const a = open();
    expect([add(a, 's', 'x').seq, add(a, 's', 'x').seq]).toEqual([1, 2]);
    a.close();
    const b = open();
    expect(b.last).toBe(2);
    expect(add(b, 's', 'x')).toMatchObject({ seq: 3, time: 42 });
    b.close();
  });

  it('does not count list changes the app follows; seen entries stop being unread, across a restart (issue 32)', async () => {
    const marks = new ChannelMarks(new StateStore(dir));
    const a = open(50, marks);
    add(a, 's', 'tools/list_changed');
    add(a, 's', 'resources/list_changed', { _meta: { x: 1 } });
    add(a, 's', 'tools/list_changed', { reason: 'new tools' });
    add(a, 's', 'message/log', { data: 'hello' });
    // Routine log lines (below warning) are kept and listed, never unread: server-everything's start.
    add(a, 's', 'message/everything-server', { level: 'info', data: 'Roots updated: 1 root(s) received from client' });
    add(a, 's', 'message', { level: 'debug', data: 'x' });
    expect(a.summary().unread).toBe(2);
    expect(a.query({ unread: true }).entries.map((e) => e.seq)).toEqual([3, 4]);
    expect(a.query({}).entries.map((e) => e.unread)).toEqual([false, false, true, true, false, false]);
    await marks.markSeen(3);
    a.recount();
    expect(a.summary().unread).toBe(1);
    a.close();
    // Kept in state.json: a restart does not bring them back.
    const c = open(50);
    expect(c.summary().unread).toBe(1);
    expect(c.query({}).entries.map((e) => e.acked)).toEqual([false, false, false, false, false, false]);
    c.close();
  });

  it('keeps a bounded window in memory and reads older entries from the file on demand', () => {
    const store = open(5);
    for (let i = 1; i <= 12; i++) add(store, i % 2 ? 'odd' : 'even', 'c', { i });
    expect(store.size).toBe(5);
    const newest = store.query({ limit: 3 });
    expect(newest.entries.map((e) => e.seq)).toEqual([10, 11, 12]);
    expect(newest.hasMore).toBe(true);
    // Paging back past the window reads the file.
    const older = store.query({ beforeSeq: 8, limit: 4 });
    expect(older.entries.map((e) => e.seq)).toEqual([4, 5, 6, 7]);
    expect(older.hasMore).toBe(true);
    const odd = store.query({ server: 'odd', limit: 100 });
    expect(odd.entries.map((e) => e.seq)).toEqual([1, 3, 5, 7, 9, 11]);
    expect(odd.hasMore).toBe(false);
    expect(store.get(2)?.payload).toEqual({ i: 2 });
    expect(store.get(99)).toBeUndefined();
    store.close();
  });

  it('the window is bounded by bytes too', () => {
    const store = new ChannelStore({ marks: new ChannelMarks(), windowSize: 1000, windowBytes: 10_000 });
    for (let i = 0; i < 50; i++) add(store, 's', 'c', { text: 'x'.repeat(1_000) });
    expect(store.size).toBeLessThanOrEqual(9);
    expect(store.size).toBeGreaterThan(5);
  });

  it('filters by server, channel pattern, text (case-insensitive) and unread', async () => {
    const marks = new ChannelMarks(new StateStore(dir));
    const store = open(100, marks);
    add(store, 'mon', 'alerts/critical', { message: 'Disk FULL' });
    add(store, 'mon', 'message/db', { level: 'warning', data: 'ok' });
    add(store, 'web', 'alerts/info', { message: 'deploy' });
    expect(store.query({ channel: 'alerts' }).entries.map((e) => e.seq)).toEqual([1, 3]);
    expect(store.query({ text: 'disk full' }).entries.map((e) => e.seq)).toEqual([1]);
    expect(store.query({ text: 'WEB' }).entries.map((e) => e.seq)).toEqual([3]);
    await marks.ackOne(1);
    store.recount();
    expect(store.query({ unread: true }).entries.map((e) => e.seq)).toEqual([2, 3]);
    expect(store.query({}).entries.map((e) => e.acked)).toEqual([true, false, false]);
    store.close();
  });

  it('unread counts: acks one / all / per server and channel, pauses (kept, not counted), and they survive a restart', async () => {
    let marks = new ChannelMarks(new StateStore(dir));
    let store = open(100, marks);
    add(store, 'mon', 'alerts/critical');
    add(store, 'mon', 'message/db');
    add(store, 'web', 'alerts/info');
    expect(store.summary()).toMatchObject({ unread: 3, unreadByServer: { mon: 2, web: 1 } });
    await marks.ackOne(2);
    store.recount();
    expect(store.summary().unreadByChannel).toEqual([
      { server: 'mon', channel: 'alerts/critical', unread: 1 },
      { server: 'web', channel: 'alerts/info', unread: 1 },
    ]);
    await marks.pause('web');
    await marks.pause('mon', 'alerts');
    const paused = add(store, 'web', 'alerts/info');
    expect(paused.paused).toBe(true);
    expect(add(store, 'mon', 'alerts/warning').paused).toBe(true);
    expect(add(store, 'mon', 'message/db').paused).toBeUndefined();
    expect(store.summary().unread).toBe(3);
    store.close();

    marks = new ChannelMarks(new StateStore(dir));
    store = open(100, marks);
    expect(store.summary()).toMatchObject({ unread: 3, paused: [{ server: 'web' }, { server: 'mon', channel: 'alerts' }] });
    expect(store.get(4)?.paused).toBe(true);
    await marks.resume('web');
    await marks.ackThrough(store.last, 'mon', 'message');
    store.recount();
    expect(store.summary()).toMatchObject({ unread: 2, unreadByServer: { mon: 1, web: 1 }, paused: [{ server: 'mon', channel: 'alerts' }] });
    await marks.ackThrough(store.last);
    store.recount();
    expect(store.summary().unread).toBe(0);
    expect(add(store, 'web', 'alerts/info').paused).toBeUndefined();
    expect(store.summary().unread).toBe(1);
    store.close();
  });
});

describe('toChannelEntry', () => {
  it('bounds a huge payload and marks it truncated', () => {
    const e = toChannelEntry('s', { method: 'notifications/big', params: { data: 'y'.repeat(MAX_PAYLOAD_CHARS * 2) } }, undefined)!;
    expect(e.truncated).toBe(true);
    expect((e.payload as { text: string }).text.length).toBeLessThan(MAX_PAYLOAD_CHARS + 100);
    expect(toChannelEntry('s', { method: 'notifications/progress', params: {} }, undefined)).toBeUndefined();
    expect(toChannelEntry('s', { method: 'notifications/x' }, ['y'])).toBeUndefined();
  });
});
