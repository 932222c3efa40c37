/**
 * Fetch-then-follow for one list the renderer shows (issue 29 item 6), as a plain state machine;
 * `use-followed-list.ts` is its React wrapper. A list is fetched with a contract call, then kept
 * true by the events that patch it (`tasks:changed` upserts a task) or say it changed
 * (`inspector:listChanged` → fetch again), and fetched again after a reconnect
 * (`followReconnects`: the wire came back, or the server connected again).
 *
 * Rules, in the order they matter:
 * - Events are followed before the first fetch is sent, so nothing that happens meanwhile is lost
 *   (the web client sends its `listen` frame before any later call; web-client.ts).
 * - Fetches are numbered; an answer older than one already applied is dropped (a later fetch wins).
 * - A patch that arrives while a fetch is out is applied to what is shown and remembered, then
 *   applied again on top of that fetch's answer, which may have been built before the change.
 *   Patches must therefore be idempotent (upsert or remove by id, append if absent).
 * - A patch before the first answer has nothing to apply to; it is remembered and applied to it.
 * - A failed fetch keeps the data shown and sets `error`; a later good answer clears it.
 * - `stop()` drops every answer still out and unsubscribes; `start()` may follow again.
 */
import type { ApiError, Result } from '../../../src-shared/api/envelope.js';
import type { StoreState } from '../store/switchboard-store.js';
import { watchedValue } from './watched-value.js';

/** What a followed list shows. Replaced (never mutated) on every change. */
export interface FollowedListState<T> {
  /** The last answer with the patches since; `undefined` until the first good answer. */
  data: T | undefined;
  /** `true` while the newest fetch is out. */
  loading: boolean;
  /** The newest applied fetch's failure, if it failed. */
  error: ApiError | undefined;
}

/** What `follow` gets: ways to change the list from an event. */
export interface FollowedListHandlers<T> {
  /** Replace the data by `fn(data)`. Must be idempotent (see the module's rules). */
  patch(fn: (data: T) => T): void;
  /** Fetch the list again (an event said it changed). */
  refetch(): void;
}

/** How to get a list and what keeps it true. */
export interface FollowedListSpec<T> {
  /** One contract call. `fresh`: ask past a list cache (the 2026-07-28 `refresh` input); default false. */
  fetch(fresh: boolean): Promise<Result<T>>;
  /** Subscribe to the events that patch or invalidate the list; returns the unsubscribe functions. */
  follow?(on: FollowedListHandlers<T>): Array<() => void>;
}

/** A followed list: read and watch its state, fetch it again, start and stop following. */
export interface FollowedList<T> {
  getState(): FollowedListState<T>;
  /** Call `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Fetch again (`fresh`: past the list cache). Resolves when this fetch's answer was handled. */
  refresh(fresh?: boolean): Promise<void>;
  /** Change the data from outside the events (an older page merged in); the rules of `FollowedListHandlers.patch`. */
  patch(fn: (data: T) => T): void;
  /** Follow the events, then fetch. Does nothing when already started. */
  start(): void;
  /** Unsubscribe from the events and drop every answer still out. */
  stop(): void;
}

/** The state before anything was fetched. */
export const NOT_FETCHED: FollowedListState<never> = Object.freeze({ data: undefined, loading: true, error: undefined });

/** Create a followed list over `spec`. Nothing is fetched or followed before `start()`. */
export function createFollowedList<T>(spec: FollowedListSpec<T>): FollowedList<T> {
  const cell = watchedValue<FollowedListState<T>>(NOT_FETCHED);
  const set = cell.set;
  // `sent`: number of the newest fetch; `applied`: of the newest answer taken (or dropped by stop()).
  let sent = 0;
  let applied = 0;
  // Patches made while a fetch was out, with the number of the newest fetch out at the time.
  let replay: Array<{ since: number; fn: (data: T) => T }> = [];
  let offs: Array<() => void> | undefined;

  const refresh = async (fresh = false): Promise<void> => {
    const seq = ++sent;
    if (!cell.get().loading) set({ ...cell.get(), loading: true });
    const r = await spec.fetch(fresh);
    if (seq <= applied) return;
    applied = seq;
    const loading = applied < sent;
    if (!r.ok) {
      replay = replay.filter((p) => p.since > seq);
      set({ data: cell.get().data, loading, error: r.error });
      return;
    }
    let data = r.data;
    for (const p of replay) if (p.since >= seq) data = p.fn(data);
    replay = replay.filter((p) => p.since > seq);
    set({ data, loading, error: undefined });
  };

  const patch = (fn: (data: T) => T): void => {
    if (applied < sent) replay.push({ since: sent, fn });
    const { data } = cell.get();
    if (data !== undefined) set({ ...cell.get(), data: fn(data) });
  };

  return {
    getState: cell.get,
    subscribe: cell.subscribe,
    refresh,
    patch,
    start() {
      if (offs) return;
      offs = spec.follow?.({ patch, refetch: () => void refresh() }) ?? [];
      void refresh();
    },
    stop() {
      for (const off of offs ?? []) off();
      offs = undefined;
      applied = sent;
      replay = [];
    },
  };
}

/** The store slice `followReconnects` reads. */
export interface ReconnectSource {
  getState(): Pick<StoreState, 'resyncs' | 'snapshot'>;
  subscribe(listener: () => void): () => void;
}

const connectedAt = (state: Pick<StoreState, 'snapshot'>, server: string): number | undefined =>
  state.snapshot?.servers.find((s) => s.server.name === server)?.connectedAt;

/**
 * Call `onBack` when what a list came from may have changed under it: the wire came back after a
 * loss (`StoreState.resyncs` grew: a blip, or the owner restarted with its kept token), or — with
 * `server` — that server connected again (a new `connectedAt`: restarted, reconnected after a
 * crash or a backoff; its resources, prompts and tasks are the new process's). The first snapshot
 * the store receives is not a reconnect. Returns the unsubscribe function.
 */
export function followReconnects(store: ReconnectSource, server: string | undefined, onBack: () => void): () => void {
  let resyncs = store.getState().resyncs;
  let seen = store.getState().snapshot !== undefined;
  let up = server === undefined ? undefined : connectedAt(store.getState(), server);
  return store.subscribe(() => {
    const now = store.getState();
    const wireBack = now.resyncs !== resyncs;
    resyncs = now.resyncs;
    let serverBack = false;
    if (server !== undefined && now.snapshot !== undefined) {
      const at = connectedAt(now, server);
      serverBack = seen && at !== undefined && at !== up;
      if (at !== undefined) up = at;
      seen = true;
    }
    if (wireBack || serverBack) onBack();
  });
}
