/**
 * The one fetch-then-follow hook for the renderer's lists (issue 29 item 6): a thin React wrapper
 * over `followed-list.ts`, which holds the rules (follow before fetching, a later fetch wins,
 * patches replayed over an answer that was out, refetch after a reconnect).
 */
import { useContext, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { AppContext } from '../store/use-store.js';
import { createFollowedList, followReconnects, NOT_FETCHED, type FollowedListSpec, type FollowedListState } from './followed-list.js';

/** What `useFollowedList` returns; the same shape whether or not a list is followed. */
export interface FollowedListView<T> extends FollowedListState<T> {
  /** Fetch again (`fresh`: past the server's list cache). Resolves when the answer was handled. */
  refresh(fresh?: boolean): Promise<void>;
  /** Change the data from outside the events (see `FollowedList.patch`); nothing when no list is followed. */
  patch(fn: (data: T) => T): void;
}

/** Options of `useFollowedList`. */
export interface FollowedListOptions {
  /** Also fetch again when this server connects again (a new `connectedAt`): its lists are the new process's. */
  server?: string;
  /**
   * Fetch again (keeping what is shown until the answer) when this value changes, compared with
   * `Object.is` — for re-queries that are not a new list (marks changed, an action of the view).
   */
  refetchOn?: unknown;
}

const nothing = (): (() => void) => () => undefined;
const idle = (): Promise<void> => Promise.resolve();
const ignore = (): void => undefined;

/**
 * Follow the list `spec` describes while the component is mounted: fetched once subscribed to
 * its events, patched or fetched again by them, and fetched again after the wire or
 * `options.server` reconnected. `spec` must be memoised (`useMemo`): a new spec is a new list,
 * fetched from scratch (`data` undefined until its answer). `undefined` follows nothing (a list
 * not wanted yet): `data` undefined, `loading` true. Unsubscribes on unmount; answers that arrive
 * later are dropped. Outside the app's provider nothing reconnects it.
 */
export function useFollowedList<T>(spec: FollowedListSpec<T> | undefined, options: FollowedListOptions = {}): FollowedListView<T> {
  const { server, refetchOn } = options;
  const store = useContext(AppContext)?.store;
  const list = useMemo(() => (spec ? createFollowedList(spec) : undefined), [spec]);
  useEffect(() => {
    if (!list) return;
    list.start();
    const offBack = store ? followReconnects(store, server, () => void list.refresh()) : undefined;
    return () => {
      offBack?.();
      list.stop();
    };
  }, [list, store, server]);
  // A new list is fetched anyway: `refetchOn` refetches only the same list.
  const seen = useRef({ list, refetchOn });
  useEffect(() => {
    const before = seen.current;
    seen.current = { list, refetchOn };
    if (before.list === list && !Object.is(before.refetchOn, refetchOn)) void list?.refresh();
  }, [list, refetchOn]);
  const state = useSyncExternalStore(list?.subscribe ?? nothing, (): FollowedListState<T> => list?.getState() ?? NOT_FETCHED);
  return { ...state, refresh: list?.refresh ?? idle, patch: list?.patch ?? ignore };
}
