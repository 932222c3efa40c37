import { describe, expect, it } from 'vitest';
import { GatewayBuildCache, pinsText } from './gateway-build-cache.js';

describe('GatewayBuildCache', () => {
  const discovery = {};
  const held = new Map<string, Set<string>>();
  const inputs = (over: Partial<{ discovery: object; trusted: boolean; toggles: string }> = {}) => ({
    discovery,
    trusted: true,
    toggles: '[]',
    pins: (servers: readonly string[]) => pinsText(servers, (s) => held.get(s) ?? new Set()),
    ...over,
  });

  it('gives the value back only while every input is the same', () => {
    const cache = new GatewayBuildCache<string>();
    cache.set('k', cache.stamp(), inputs(), ['a'], 'built');
    expect(cache.get('k', inputs())).toBe('built');
    expect(cache.get('other', inputs())).toBeUndefined();
    expect(cache.get('k', inputs({ toggles: '[{"server":"a"}]' }))).toBeUndefined();
    // A miss forgets the entry.
    expect(cache.get('k', inputs())).toBeUndefined();
    cache.set('k', cache.stamp(), inputs(), ['a'], 'built');
    expect(cache.get('k', inputs({ discovery: {} }))).toBeUndefined();
    cache.set('k', cache.stamp(), inputs(), ['a'], 'built');
    expect(cache.get('k', inputs({ trusted: false }))).toBeUndefined();
    cache.set('k', cache.stamp(), inputs(), ['a'], 'built');
    held.set('a', new Set(['t']));
    expect(cache.get('k', inputs())).toBeUndefined();
    held.clear();
  });

  it('forgets everything on clear, and drops a value built across a clear', () => {
    const cache = new GatewayBuildCache<string>();
    cache.set('k', cache.stamp(), inputs(), ['a'], 'built');
    cache.clear();
    expect(cache.get('k', inputs())).toBeUndefined();
    const stamp = cache.stamp();
    cache.clear(); // the manager changed while the list was being built
    cache.set('k', stamp, inputs(), ['a'], 'stale');
    expect(cache.get('k', inputs())).toBeUndefined();
  });

  it('keeps its entries when the manager announces a status it already announced (after every call)', () => {
    const cache = new GatewayBuildCache<string>();
    cache.status('a', 'connected', undefined);
    cache.set('k', cache.stamp(), inputs(), ['a'], 'built');
    cache.status('a', 'connected', undefined);
    expect(cache.get('k', inputs())).toBe('built');
    cache.status('a', 'error', 'gone');
    expect(cache.get('k', inputs())).toBeUndefined();
    cache.set('k', cache.stamp(), inputs(), ['a'], 'built');
    cache.status('a', 'error', 'gone again');
    expect(cache.get('k', inputs())).toBeUndefined();
  });
});
