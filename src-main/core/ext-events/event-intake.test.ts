/** Occurrences to channel entries (issue 34): dedup by eventId in a bounded window, payload checks, gaps. */
import { describe, expect, it } from 'vitest';
import { DedupWindow, gapEntry, occurrenceEntries, type IntakeTarget } from './event-intake.js';

const target: IntakeTarget = {
  subscriptionId: 'evs_1',
  server: 'ev',
  name: 'tick',
  payloadSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
};
const occ = (eventId: string, data: unknown) => ({ eventId, name: 'tick', timestamp: '2027-01-01T00:00:00Z', data });

describe('occurrenceEntries', () => {
  it('stores each eventId once, marks a payload that misses the schema, keeps it', () => {
    const seen = new DedupWindow();
    const first = occurrenceEntries(target, [occ('a', { n: 1 }), occ('a', { n: 1 }), occ('b', { n: 'x' })], seen, 'events/poll');
    expect(first.invalid).toBe(1);
    expect(first.entries).toEqual([
      { server: 'ev', channel: 'tick', method: 'events/poll', payload: { n: 1 }, event: { subscriptionId: 'evs_1', eventId: 'a', timestamp: '2027-01-01T00:00:00Z' } },
      {
        server: 'ev',
        channel: 'tick',
        method: 'events/poll',
        payload: { n: 'x' },
        event: { subscriptionId: 'evs_1', eventId: 'b', timestamp: '2027-01-01T00:00:00Z', invalid: 'data does not match the payload schema: /n must be integer' },
      },
    ]);
    expect(occurrenceEntries(target, [occ('b', { n: 2 }), occ('c', { n: 3 })], seen, 'events/poll').entries.map((e) => e.event?.eventId)).toEqual(['c']);
  });

  it('forgets the oldest id past the window size', () => {
    const seen = new DedupWindow(2);
    for (const id of ['a', 'b', 'c']) seen.add(id);
    expect([seen.has('a'), seen.has('b'), seen.has('c')]).toEqual([false, true, true]);
  });

  it('a gap is an entry of the channel that says events were skipped', () => {
    expect(gapEntry(target, 'notifications/events/active')).toEqual({
      server: 'ev',
      channel: 'tick',
      method: 'notifications/events/active',
      payload: { gap: 'The server skipped events here (truncated): some occurrences were not delivered' },
      event: { subscriptionId: 'evs_1', gap: true },
    });
  });
});
