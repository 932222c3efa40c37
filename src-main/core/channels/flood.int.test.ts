/**
 * A flood loses nothing (issue 27 item 7, "Channels under a flood"): the notifying fixture server
 * sends 5,000 notifications as fast as it can through the real core of the data folder's owner;
 * every one is a line of `channels.jsonl`, in the order sent, once, and reached the subscribers
 * once in `channels:appended`. No time is asserted: speed lives in `npm run bench -- --only=channels-window`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { ChannelEntryView } from '../../../src-shared/api/channels.js';
import { makeWorld, waitFor, writeOwnServers, type TempWorld } from '../composition/test-world.js';
import { notifyingEntry, startCore, type CoreHarness } from './test-fixtures.js';

const TOTAL = 5_000;
let world: TempWorld | undefined;
let h: CoreHarness | undefined;

afterAll(async () => {
  await h?.dispose();
  world?.cleanup();
});

const numbers = (entries: { payload: unknown }[]): number[] => entries.map((e) => (e.payload as { n?: number }).n).filter((n): n is number => typeof n === 'number');

it(`keeps all ${TOTAL} notifications of a flood in channels.jsonl, in order, once each`, async () => {
  world = makeWorld();
  writeOwnServers(world, { pusher: notifyingEntry(world) });
  h = await startCore(world);
  const harness = h;
  // 5,000 within a tenth of a second: as fast as the server can write them.
  const started = await harness.core.handlers['tools:call']({ server: 'pusher', tool: 'burst', args: { rate: TOTAL * 10, seconds: 0.1 } });
  if (!started.ok) throw new Error(started.error.message);
  const appended = (): ChannelEntryView[] => harness.events.filter((e) => e.event === 'channels:appended').flatMap((e) => e.payload as ChannelEntryView[]);
  expect(await waitFor(() => numbers(appended()).length >= TOTAL, 100_000, 100)).toBe(true);
  // Disposing the core flushes what it still holds to the file.
  await harness.dispose();
  h = undefined;

  const expected = Array.from({ length: TOTAL }, (_, i) => i + 1);
  expect(numbers(appended())).toEqual(expected);
  const lines = readFileSync(join(world.dataDir, 'channels.jsonl'), 'utf8').split('\n').filter(Boolean);
  const stored = lines.map((line) => JSON.parse(line) as { seq: number; server: string; channel: string; payload: unknown });
  expect(stored).toHaveLength(TOTAL);
  expect(numbers(stored)).toEqual(expected);
  expect(stored.every((e) => e.server === 'pusher' && e.channel === 'alerts/burst')).toBe(true);
  const firstSeq = stored[0]?.seq ?? 0;
  expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => firstSeq + i));
}, 120_000);
