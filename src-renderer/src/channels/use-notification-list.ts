/**
 * The notification list for one filter (issue 13): the newest matching entries from
 * `channels:list`, then live `channels:appended` entries that match the same filter (the shared
 * `entryFilter`) applied once per frame, older pages on demand. Re-queries when acks or pauses changed,
 * and after the wire came back (use-followed-list.ts).
 */
import { useCallback, useMemo, useState } from 'react';
import type { ChannelEntryView, ChannelPage, ChannelQuery } from '../../../src-shared/api/channels.js';
import { entryFilter } from '../../../src-shared/channels/channel-filter.js';
import { createFrameBatch, throttledFrames } from '../lib/frame-batch.js';
import { useChannels } from '../store/channels-store.js';
import type { FollowedListSpec } from '../lib/followed-list.js';
import { useFollowedList } from '../lib/use-followed-list.js';
import { useApp } from '../store/use-store.js';

/** Entries one query fetches. */
export const PAGE = 500;
/** Least time between two renders of live entries (ms). */
export const LIVE_INTERVAL_MS = 100;
/** Most entries the list holds (older ones are dropped and can be paged back in). */
export const MAX_LIST = 20_000;

/** Merge entries by seq, ascending, capped to the newest `max`. */
export function mergeEntries(existing: ChannelEntryView[], incoming: ChannelEntryView[], max = MAX_LIST): ChannelEntryView[] {
  if (incoming.length === 0) return existing;
  const last = existing.at(-1)?.seq ?? 0;
  let merged: ChannelEntryView[];
  if (incoming.every((e) => e.seq > last)) merged = existing.concat(incoming);
  else {
    const bySeq = new Map(existing.map((e) => [e.seq, e]));
    for (const e of incoming) bySeq.set(e.seq, e);
    merged = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  }
  return merged.length > max ? merged.slice(merged.length - max) : merged;
}

/** The entries a list holds, and whether older ones exist that it does not hold. */
export interface HeldEntries {
  entries: ChannelEntryView[];
  hasOlder: boolean;
}

/**
 * `held` with `incoming` merged in (`mergeEntries`), capped to the newest `max`. Entries dropped by
 * the cap stay in `channels.jsonl` and the owner, so the result then says `hasOlder` (issue 27 item 7:
 * a flood of 50,000 shows the newest 20,000 and can page back to the rest).
 */
export function appendHeld(held: HeldEntries, incoming: ChannelEntryView[], max = MAX_LIST): HeldEntries {
  if (incoming.length === 0) return held;
  const all = mergeEntries(held.entries, incoming, Number.MAX_SAFE_INTEGER);
  return all.length > max ? { entries: all.slice(all.length - max), hasOlder: true } : { entries: all, hasOlder: held.hasOlder };
}

/** The list state and its actions. */
export interface NotificationList {
  entries: ChannelEntryView[];
  hasOlder: boolean;
  loading: boolean;
  error?: string;
  loadOlder(): Promise<void>;
  reload(): void;
}

const NO_ENTRIES: ChannelEntryView[] = [];

/** The list for `query`; it re-queries when `reloadKey` changes (an action of the view). */
export function useNotificationList(query: Omit<ChannelQuery, 'limit' | 'beforeSeq' | 'afterSeq'>, reloadKey = 0): NotificationList {
  const { api } = useApp();
  const marksVersion = useChannels((s) => s.marksVersion);
  const [version, setVersion] = useState(0);
  const [olderError, setOlderError] = useState<string>();
  const key = JSON.stringify(query);
  // A new query is a new list; `key` stands for `query` (a new object every render).
  const spec = useMemo<FollowedListSpec<ChannelPage>>(() => {
    const q = JSON.parse(key) as typeof query;
    const matches = entryFilter(q);
    return {
      fetch: () => api.call('channels:list', { ...q, limit: PAGE }),
      follow: ({ patch }) => {
        // Live entries reach React once per frame at most every 100 ms, however many events brought
        // them (issue 13: a burst is a few renders a second, each replacing the rows on screen).
        // What arrives before the answer is merged into it by seq (no gap, no duplicate).
        // Past the cap the oldest rows leave the list (they stay in channels.jsonl): `hasMore` then says so (appendHeld).
        const live = createFrameBatch<ChannelEntryView>(
          (mine) =>
            patch((page) => {
              const held = appendHeld({ entries: page.entries, hasOlder: page.hasMore }, mine);
              return { ...page, entries: held.entries, hasMore: held.hasOlder };
            }),
          throttledFrames(LIVE_INTERVAL_MS),
        );
        const off = api.on('channels:appended', (batch) => {
          const mine = batch.filter((e) => matches(e) && (!q.unread || (!e.acked && !e.paused)));
          if (mine.length > 0) live.push(mine);
        });
        return [off, () => live.cancel()];
      },
    };
  }, [api, key]);
  // Queried again when acks or pauses changed or the view acted (and, by the hook, after the wire came back).
  const list = useFollowedList(spec, { refetchOn: `${marksVersion}:${version}:${reloadKey}` });
  const entries = list.data?.entries ?? NO_ENTRIES;
  const { patch } = list;

  const loadOlder = useCallback(async () => {
    const first = entries[0]?.seq;
    if (first === undefined) return;
    const r = await api.call('channels:list', { ...(JSON.parse(key) as typeof query), beforeSeq: first, limit: PAGE });
    if (!r.ok) return setOlderError(r.error.message);
    patch((page) => ({ entries: mergeEntries(r.data.entries, page.entries, Number.MAX_SAFE_INTEGER), hasMore: r.data.hasMore }));
  }, [api, key, entries, patch]);

  return {
    entries,
    hasOlder: list.data?.hasMore ?? false,
    loading: list.loading,
    error: olderError ?? list.error?.message,
    loadOlder,
    reload: () => setVersion((v) => v + 1),
  };
}
