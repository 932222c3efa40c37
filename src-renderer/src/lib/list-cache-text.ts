/** The words for a 2026-07-28 list's cache state (issue 12 item 3). */
import type { ListCacheState } from '../../../src-shared/api/list-cache.js';

/** The sentence for `cache` at `now` (epoch ms). Pure. */
export function cacheSentence(label: string, cache: ListCacheState, now: number): string {
  const age = Math.max(0, Math.round((now - cache.fetchedAt) / 1000));
  const left = Math.round((cache.fetchedAt + cache.ttlMs - now) / 1000);
  const served = cache.fromCache ? `${label} from cache, ${age} s old` : `${label} fetched ${age} s ago`;
  const freshness = cache.ttlMs === 0 ? 'the server asks not to cache it' : left > 0 ? `fresh for ${left} s more` : 'stale: the next look fetches it';
  return `${served} (${freshness}; ${cache.scope})`;
}
