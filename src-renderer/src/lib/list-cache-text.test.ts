import { describe, expect, it } from 'vitest';
import { cacheSentence } from './list-cache-text.js';

describe('cacheSentence', () => {
  const base = { fetchedAt: 10_000, ageMs: 0, ttlMs: 60_000, fresh: true, scope: 'private' as const };
  it('says from cache, its age and how long it stays fresh', () => {
    expect(cacheSentence('Tool list', { ...base, fromCache: true }, 22_000)).toBe('Tool list from cache, 12 s old (fresh for 48 s more; private)');
  });
  it('says fetched, and stale once past the ttl', () => {
    expect(cacheSentence('Resource list', { ...base, fromCache: false, scope: 'public' }, 75_000)).toBe('Resource list fetched 65 s ago (stale: the next look fetches it; public)');
  });
  it('says when the server asks not to cache', () => {
    expect(cacheSentence('Tool list', { ...base, ttlMs: 0, fresh: false, fromCache: false }, 10_000)).toBe('Tool list fetched 0 s ago (the server asks not to cache it; private)');
  });
});
