import { describe, expect, it } from 'vitest';
import type { ChannelEntryView, ChannelSummary } from '../../../src-shared/api/channels.js';
import { marksChanged } from '../store/channels-store.js';
import { mergeEntries } from './use-notification-list.js';

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

describe('marksChanged', () => {
  it('is true when the unread count went down or the pauses changed, not when notifications arrive', () => {
    expect(marksChanged(undefined, summary(1))).toBe(false);
    expect(marksChanged(summary(1), summary(3))).toBe(false);
    expect(marksChanged(summary(3), summary(1))).toBe(true);
    expect(marksChanged(summary(3), summary(3, [{ server: 's' }]))).toBe(true);
  });
});
