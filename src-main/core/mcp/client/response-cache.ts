/**
 * The SDK's response cache (2026-07-28 `ttlMs` / `cacheScope`, issue 12 item 3), observed: the SDK
 * decides what is fresh, serves it and evicts on `list_changed` (docs/protocol-eras.md); this store
 * only remembers when each list was last written, how long it stays fresh and its scope, so a face
 * can say "from cache, n s old" and a caller can tell a fetch from a cache hit.
 *
 * One store per client (per connection): a `private` result is never shared across authorization
 * contexts because no two connections share a store; a new sign-in is a new connection.
 */
import { InMemoryResponseCacheStore, type CacheKey, type CacheScope, type Client } from '@modelcontextprotocol/client';
import type { ListCacheState } from '../../../../src-shared/api/list-cache.js';

/** What the store knows of one held list. Times are epoch ms. */
export interface CacheWrite {
  /** Bumped on every write (a listing that did not bump it was served from the cache). */
  serial: number;
  fetchedAt: number;
  /** When the SDK stops serving it (`fetchedAt + ttlMs`, capped at 24 h by the SDK). */
  expiresAt?: number;
  scope?: CacheScope;
}

/** An `InMemoryResponseCacheStore` that remembers its list writes (the whole-list entries, not `resources/read`). */
export class ObservedCacheStore extends InMemoryResponseCacheStore {
  private readonly writes = new Map<string, CacheWrite>();
  private serial = 0;

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  override set(key: CacheKey, entry: { value: string; expiresAt?: number; scope?: CacheScope }): number {
    const stamp = super.set(key, entry);
    if (!key.params) this.writes.set(key.method, { serial: ++this.serial, fetchedAt: this.now(), ...(entry.expiresAt !== undefined ? { expiresAt: entry.expiresAt } : {}), ...(entry.scope ? { scope: entry.scope } : {}) });
    return stamp;
  }

  override delete(key: CacheKey): void {
    super.delete(key);
    if (!key.params) this.writes.delete(key.method);
  }

  override evict(method: string): void {
    super.evict(method);
    this.writes.delete(method);
  }

  override clear(): void {
    super.clear();
    this.writes.clear();
  }

  /** The last write of `method`'s list, while held. */
  written(method: string): CacheWrite | undefined {
    const w = this.writes.get(method);
    return w && { ...w };
  }
}

const stores = new WeakMap<Client, ObservedCacheStore>();

/** A fresh store for a client about to be built; `attachCacheStore` ties it to the client. */
export function attachCacheStore(client: Client, store: ObservedCacheStore): void {
  stores.set(client, store);
}

/** The observed store of a client built by `createMcpClient`. */
export function cacheStoreOf(client: Client): ObservedCacheStore | undefined {
  return stores.get(client);
}

/**
 * Run an SDK list call and say how it was served: `fromCache` when the store was not written during
 * it. Returns `{ value, cache }`; `cache` is undefined when the client has no observed store or the
 * list is not held (a legacy connection, a `bypass`).
 */
export async function observeList<T>(client: Client, method: string, list: () => Promise<T>, now: () => number = Date.now): Promise<{ value: T; cache?: ListCacheState; fetched: boolean }> {
  const store = cacheStoreOf(client);
  const before = store?.written(method)?.serial;
  const value = await list();
  const after = store?.written(method);
  const fetched = after === undefined || after.serial !== before;
  return { value, fetched, ...(after ? { cache: cacheState(after, !fetched, now) } : {}) };
}

/** The contract's view of a held list (pure). */
export function cacheState(write: CacheWrite, fromCache: boolean, now: () => number = Date.now): ListCacheState {
  const t = now();
  const ttlMs = write.expiresAt !== undefined ? Math.max(0, write.expiresAt - write.fetchedAt) : 0;
  return { fromCache, fetchedAt: write.fetchedAt, ageMs: Math.max(0, t - write.fetchedAt), ttlMs, fresh: write.expiresAt !== undefined && write.expiresAt > t, scope: write.scope ?? 'private' };
}

/** A held cache state as of now: age and freshness recomputed (pure but for the clock). */
export function cacheStateNow(state: ListCacheState, now: () => number = Date.now): ListCacheState {
  const t = now();
  return { ...state, ageMs: Math.max(0, t - state.fetchedAt), fresh: state.fetchedAt + state.ttlMs > t };
}
