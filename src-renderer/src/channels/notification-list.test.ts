import { describe, expect, it } from 'vitest';
import type { ChannelEntryView, ChannelSummary } from '../../../src-shared/api/channels.js';
import { marksChanged } from '../store/channels-store.js';
import { appendHeld, mergeEntries } from './use-notification-list.js';

const e = (seq: number, acked = false): ChannelEntryView => ({ seq, server: 's', channel: 'c', method: 'notifications/c', time: seq, payload: {}, acked });
const summary = (unread: number, paused: ChannelSummary['paused'] = []): ChannelSummary => ({ lastSeq: 9, unread, unreadByServer: {}, unreadByChannel: [], paused, pendingConfirmations: 0 });

describe('mergeEntries', () => {
  it('appends newer entries, merges overlaps by seq (the newer copy wins), and keeps the newest `max`', () => {
    expect(mergeEntries([e(1), e(2)], [e(3), e(4)]).map((x) => x.seq)).toEqual([1, 2, 3, 4]);
    const merged = mergeEntries([e(1), e(2), e(3)], [e(2, true), e(5)]);
    expect(merged.map((x) => [x.seq, x.acked])).toEqual([
      [1, false],
      [2, true],
      [3, false],
      [5, false],
    ]);
    expect(mergeEntries([e(1), e(2)], [e(3)], 2).map((x) => x.seq)).toEqual([2, 3]);
  });
});

describe('appendHeld', () => {
  it('says older entries exist once the cap dropped some (they stay in channels.jsonl), and keeps the flag otherwise', () => {
    const seqs = (h: { entries: { seq: number }[] }): number[] => h.entries.map((x) => x.seq);
    const capped = appendHeld({ entries: [e(1), e(2)], hasOlder: false }, [e(3), e(4)], 3);
    expect([seqs(capped), capped.hasOlder]).toEqual([[2, 3, 4], true]);
    const fits = appendHeld({ entries: [e(1)], hasOlder: false }, [e(2)], 3);
    expect([seqs(fits), fits.hasOlder]).toEqual([[1, 2], false]);
    // An overlap (the same seq again) is no drop.
    const overlap = appendHeld({ entries: [e(1), e(2), e(3)], hasOlder: false }, [e(3, true)], 3);
    expect([seqs(overlap), overlap.hasOlder]).toEqual([[1, 2, 3], false]);
    const held = { entries: [e(5)], hasOlder: true };
    expect(appendHeld(held, [])).toBe(held);
    expect(appendHeld(held, [e(6)], 3).hasOlder).toBe(true);
  });
});

describe('marksChanged', () => {
  it('is true when the unread count went down or the pauses changed, not when notifications arrive', () => {
    expect(marksChanged(undefined, summary(1))).toBe(false);
    expect(marksChanged(summary(1), summary(3))).toBe(false);
    expect(marksChanged(summary(3), summary(1))).toBe(true);
    expect(marksChanged(summary(3), summary(3, [{ server: 's' }]))).toBe(true);
  });
});
