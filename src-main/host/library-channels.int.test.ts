/**
 * The library's notifications (issue 13 item 4): `loaded.notifications()` and
 * `loaded.onNotification(fn)` over a real notifying server; the library keeps them in memory and
 * never writes the data folder's `channels.jsonl` (the running Switchboard owns that file).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChannelEntry } from '../../src-shared/api/channels.js';
import { notifyingEntry } from '../core/channels/test-fixtures.js';
import { makeWorld, waitFor, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';
import { discoverAndLoadMCPTools, type LoadedMcpTools } from './library.js';

let world: TempWorld;
let loaded: LoadedMcpTools;

beforeAll(async () => {
  world = makeWorld();
  writeOwnServers(world, { mon: notifyingEntry(world, { channels: ['alerts'] }) });
  loaded = await discoverAndLoadMCPTools({ projectDir: world.project, dataDir: world.dataDir, platform: world.platform });
});

afterAll(async () => {
  await loaded?.close();
  world?.cleanup();
});

it('notifications() and onNotification(fn) see what the servers push, allow-list applied', async () => {
  expect(loaded.errors).toEqual([]);
  const seen: ChannelEntry[] = [];
  const stop = loaded.onNotification((e) => seen.push(e));
  await loaded.call('mcp_mon_notify', { params: { message: 'from the library' } });
  await loaded.call('mcp_mon_log', { data: 'filtered out by the allow-list' });
  expect(await waitFor(() => seen.length === 1, 10_000)).toBe(true);
  expect(seen[0]).toMatchObject({ server: 'mon', channel: 'alerts/critical', payload: { message: 'from the library' } });
  expect(loaded.notifications().map((e) => [e.seq, e.channel, e.acked])).toEqual([[1, 'alerts/critical', false]]);
  expect(loaded.notifications({ channel: 'message' })).toEqual([]);
  stop();
  await loaded.call('mcp_mon_notify', {});
  expect(await waitFor(() => loaded.notifications().length === 2, 10_000)).toBe(true);
  expect(seen).toHaveLength(1);
  expect(existsSync(join(world.dataDir, 'channels.jsonl'))).toBe(false);
});
