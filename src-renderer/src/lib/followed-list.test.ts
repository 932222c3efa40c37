/** The fetch-then-follow rules every list view relies on (followed-list.ts; issue 29 item 6). */
import { assert, describe, expect, it } from 'vitest';
import { fail, ok, type Result } from '../../../src-shared/api/envelope.js';
import type { ServersSnapshot, ServerState } from '../../../src-shared/api/status.js';
import type { StoreState } from '../store/switchboard-store.js';
import { createFollowedList, followReconnects, type FollowedListHandlers } from './followed-list.js';

type Row = { id: string; v: number };

/** A fetch whose answers the test hands out, in any order. */
function answers() {
  const out: Array<(r: Result<Row[]>) => void> = [];
  const fetches: boolean[] = [];
  const fetch = (fresh: boolean): Promise<Result<Row[]>> => {
    fetches.push(fresh);
    return new Promise((resolve) => out.push(resolve));
  };
  const answer = (i: number, r: Result<Row[]>): void => {
    const resolve = out[i];
    if (!resolve) throw new Error(`fetch #${i} was never made`);
    resolve(r);
  };
  return { fetch, fetches, answer };
}

const upsert = (row: Row) => (list: Row[]): Row[] => (list.some((x) => x.id === row.id) ? list.map((x) => (x.id === row.id ? row : x)) : [...list, row]);
const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe('createFollowedList', () => {
  it('drops an answer that arrives after a newer one (a later fetch wins)', async () => {
    const a = answers();
    const list = createFollowedList({ fetch: a.fetch });
    list.start();
    void list.refresh();
    expect(a.fetches).toEqual([false, false]);
    a.answer(1, ok([{ id: 'new', v: 2 }]));
    await tick();
    expect(list.getState()).toEqual({ data: [{ id: 'new', v: 2 }], loading: false, error: undefined });
    a.answer(0, ok([{ id: 'old', v: 1 }]));
    await tick();
    expect(list.getState().data).toEqual([{ id: 'new', v: 2 }]);
  });

  it('applies a patch at once and again over an answer that was out when it came', async () => {
    const a = answers();
    let on: FollowedListHandlers<Row[]> | undefined;
    const list = createFollowedList<Row[]>({ fetch: a.fetch, follow: (h) => ((on = h), []) });
    list.start();
    a.answer(0, ok([{ id: 'a', v: 1 }]));
    await tick();
    assert.exists(on);
    on.patch(upsert({ id: 'b', v: 1 }));
    expect(list.getState().data).toEqual([{ id: 'a', v: 1 }, { id: 'b', v: 1 }]);
    // A refetch is out; a change arrives; the answer was built before it.
    on.refetch();
    on.patch(upsert({ id: 'a', v: 2 }));
    expect(list.getState()).toEqual({ data: [{ id: 'a', v: 2 }, { id: 'b', v: 1 }], loading: true, error: undefined });
    a.answer(1, ok([{ id: 'a', v: 1 }, { id: 'b', v: 1 }]));
    await tick();
    expect(list.getState()).toEqual({ data: [{ id: 'a', v: 2 }, { id: 'b', v: 1 }], loading: false, error: undefined });
  });

  it('keeps a patch that came before the first answer and applies it to it', async () => {
    const a = answers();
    let on: FollowedListHandlers<Row[]> | undefined;
    const list = createFollowedList<Row[]>({ fetch: a.fetch, follow: (h) => ((on = h), []) });
    list.start();
    assert.exists(on);
    on.patch(upsert({ id: 'early', v: 1 }));
    expect(list.getState().data).toBeUndefined();
    a.answer(0, ok([]));
    await tick();
    expect(list.getState().data).toEqual([{ id: 'early', v: 1 }]);
  });

  it('keeps the data on a failed fetch, says why, and clears it on the next good answer', async () => {
    const a = answers();
    const list = createFollowedList({ fetch: a.fetch });
    list.start();
    a.answer(0, ok([{ id: 'a', v: 1 }]));
    await tick();
    void list.refresh(true);
    a.answer(1, fail('NOT_CONNECTED', 'gone'));
    await tick();
    expect(list.getState()).toEqual({ data: [{ id: 'a', v: 1 }], loading: false, error: { code: 'NOT_CONNECTED', message: 'gone' } });
    expect(a.fetches).toEqual([false, true]);
    void list.refresh();
    a.answer(2, ok([]));
    await tick();
    expect(list.getState()).toEqual({ data: [], loading: false, error: undefined });
  });

  it('follows before it fetches, and stop() unsubscribes and drops the answer still out', async () => {
    const a = answers();
    const order: string[] = [];
    const list = createFollowedList<Row[]>({
      fetch: (fresh) => (order.push('fetch'), a.fetch(fresh)),
      follow: () => (order.push('follow'), [() => order.push('off')]),
    });
    list.start();
    list.start();
    expect(order).toEqual(['follow', 'fetch']);
    list.stop();
    expect(order).toEqual(['follow', 'fetch', 'off']);
    a.answer(0, ok([{ id: 'late', v: 1 }]));
    await tick();
    expect(list.getState().data).toBeUndefined();
  });
});

const server = (name: string, connectedAt?: number): ServerState =>
  ({ server: { name }, status: connectedAt === undefined ? 'connecting' : 'connected', ...(connectedAt === undefined ? {} : { connectedAt }) }) as unknown as ServerState;
const snapshot = (...servers: ServerState[]): ServersSnapshot => ({ servers } as unknown as ServersSnapshot);

/** A store slice the test sets. */
function storeOf(initial: Pick<StoreState, 'resyncs' | 'snapshot'>) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe: (l: () => void) => (listeners.add(l), () => void listeners.delete(l)),
    set(patch: Partial<Pick<StoreState, 'resyncs' | 'snapshot'>>) {
      state = { ...state, ...patch };
      for (const l of listeners) l();
    },
  };
}

describe('followReconnects', () => {
  it('fires when the wire came back and when the server connected again, not on other changes', () => {
    const store = storeOf({ resyncs: 0, snapshot: snapshot(server('s', 100), server('t', 50)) });
    let backs = 0;
    const off = followReconnects(store, 's', () => backs++);
    store.set({ snapshot: snapshot(server('s', 100), server('t', 60)) });
    expect(backs).toBe(0);
    store.set({ resyncs: 1 });
    expect(backs).toBe(1);
    // Restarted: not connected for a while, then connected again (a new connectedAt).
    store.set({ snapshot: snapshot(server('s'), server('t', 60)) });
    expect(backs).toBe(1);
    store.set({ snapshot: snapshot(server('s', 200), server('t', 60)) });
    expect(backs).toBe(2);
    // A restart whose in-between snapshots were never seen still has a new connectedAt.
    store.set({ snapshot: snapshot(server('s', 300), server('t', 60)) });
    expect(backs).toBe(3);
    off();
    store.set({ resyncs: 2 });
    expect(backs).toBe(3);
  });

  it('does not take the first snapshot for a reconnect', () => {
    const store = storeOf({ resyncs: 0, snapshot: undefined });
    let backs = 0;
    followReconnects(store, 's', () => backs++);
    store.set({ snapshot: snapshot(server('s', 100)) });
    expect(backs).toBe(0);
  });

  it('refetches a followed list when the server reconnects', async () => {
    const store = storeOf({ resyncs: 0, snapshot: snapshot(server('s', 100)) });
    const a = answers();
    const list = createFollowedList({ fetch: a.fetch });
    list.start();
    followReconnects(store, 's', () => void list.refresh());
    a.answer(0, ok([{ id: 'before', v: 1 }]));
    await tick();
    store.set({ snapshot: snapshot(server('s', 200)) });
    expect(a.fetches).toHaveLength(2);
    a.answer(1, ok([{ id: 'after', v: 1 }]));
    await tick();
    expect(list.getState().data).toEqual([{ id: 'after', v: 1 }]);
  });
});
