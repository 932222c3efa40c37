/** `event-subscriptions.json` (issue 34): written under the data-file rules, read back, bad rows skipped with a warning. */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EVENT_SUBSCRIPTIONS_FILE, readSubscriptions, SubscriptionsWriter, type StoredSubscription } from './subscriptions-file.js';

const dir = mkdtempSync(join(tmpdir(), 'sb-evsubs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sub: StoredSubscription = { id: 'evs_1', serverId: 'ev', name: 'tick', arguments: { label: 'x' }, delivery: 'poll', intervalMs: 5000, lastCursor: '7', lastCursorAt: 1, received: 7, invalid: 0, gaps: 0, createdAt: 1 };

describe('event-subscriptions.json', () => {
  it('round-trips, private and versioned; a row of the wrong shape is skipped with a warning', async () => {
    let list = [sub];
    const writer = new SubscriptionsWriter(dir, () => list, (t) => {
      throw new Error(t);
    });
    await writer.schedule();
    list = [{ ...sub, lastCursor: '9' }];
    await writer.schedule();
    const file = join(dir, EVENT_SUBSCRIPTIONS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, subscriptions: [{ ...sub, lastCursor: '9' }] });
    expect(readSubscriptions(dir)).toEqual({ subscriptions: [{ ...sub, lastCursor: '9' }], warnings: [] });
    writeFileSync(file, JSON.stringify({ version: 1, subscriptions: [sub, { id: 'evs_2', delivery: 'fax' }] }));
    const read = readSubscriptions(dir);
    expect(read.subscriptions).toEqual([sub]);
    expect(read.warnings).toEqual([`${file}: subscription 2 skipped (Invalid input: expected string, received undefined)`]);
  });
});
