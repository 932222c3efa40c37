/**
 * The renderer's mirror of channels (issue 13): the unread summary, the trigger-rule state and
 * "open the Notifications view" requests, fed by one subscription per event (ARCHITECTURE rule 5).
 * One store per API object, created on first use, so the app shell needs no new wiring. The
 * notification list itself is queried per filter (`use-notification-list.ts`).
 */
import { useSyncExternalStore } from 'react';
import type { ChannelSummary, TriggersState } from '../../../src-shared/api/channels.js';
import type { SwitchboardApi } from '../../../src-shared/api/contract.js';
import { createFrameLatest, throttledFrames } from '../lib/frame-batch.js';
import { useApp } from './use-store.js';

/** What the channel views render. */
export interface ChannelsState {
  summary?: ChannelSummary;
  triggers?: TriggersState;
  /** Bumped when acks or pauses changed elsewhere (lists re-query then). */
  marksVersion: number;
  /** The last request to open the Notifications view (`n` increases with each). */
  openRequest?: { n: number; confirmation?: string };
}

/** The store. */
export interface ChannelsStore {
  getState(): ChannelsState;
  subscribe(listener: () => void): () => void;
  /** Re-fetch the summary and the rules (after an action of this window). */
  refresh(): Promise<void>;
  /** Ask the app to show the Notifications view (at a confirmation). */
  requestOpen(confirmation?: string): void;
}

/** Whether acks or pauses changed between two summaries (an ack lowers the count; a pause changes the list). */
export function marksChanged(before: ChannelSummary | undefined, after: ChannelSummary): boolean {
  if (!before) return false;
  return after.unread < before.unread || JSON.stringify(before.paused) !== JSON.stringify(after.paused);
}

/** Create the store over `api` (subscribes at once). */
export function createChannelsStore(api: SwitchboardApi): ChannelsStore {
  let state: ChannelsState = { marksVersion: 0 };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<ChannelsState>): void => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };
  const applySummary = (summary: ChannelSummary): void => {
    set({ summary, marksVersion: state.marksVersion + (marksChanged(state.summary, summary) ? 1 : 0) });
  };
  const refresh = async (): Promise<void> => {
    const [summary, triggers] = await Promise.all([api.call('channels:summary', {}), api.call('triggers:list', {})]);
    if (summary.ok) applySummary(summary.data);
    if (triggers.ok) set({ triggers: triggers.data });
  };
  // A burst changes the summary with every event; the header and sidebar follow at most every
  // 100 ms (a frame; the last summary always lands, so the counts end right).
  const summaries = createFrameLatest(applySummary, throttledFrames(100));
  api.on('channels:changed', (summary) => summaries.push(summary));
  api.on('triggers:changed', (triggers) => set({ triggers }));
  const requestOpen = (confirmation?: string): void => set({ openRequest: { n: (state.openRequest?.n ?? 0) + 1, ...(confirmation ? { confirmation } : {}) } });
  api.on('channels:open', ({ confirmation }) => requestOpen(confirmation));
  void refresh();
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    requestOpen,
  };
}

const stores = new WeakMap<SwitchboardApi, ChannelsStore>();

/** The channels store of the app's API (created on first use). */
export function useChannelsStore(): ChannelsStore {
  const { api } = useApp();
  let store = stores.get(api);
  if (!store) stores.set(api, (store = createChannelsStore(api)));
  return store;
}

/** A slice of the channels state; re-renders when it changes. */
export function useChannels<T>(select: (s: ChannelsState) => T): T {
  const store = useChannelsStore();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
