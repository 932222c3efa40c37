/**
 * Newer versions of installed registry servers, from cached answers only (issue 36 item 3): version
 * order, which installs have a newer version, and which cached answers are due for the owner's
 * once-a-day refresh. Pure.
 */
import { describe, expect, it } from 'vitest';
import { compareVersions, dueForRefresh, registryUpdates, REFRESH_EVERY_MS, type CachedLatest } from './registry-updates.js';
import type { RegistryOrigin } from './registry-origins.js';

const origin = (server: string, name: string, version: string, registryUrl = 'https://r.example'): RegistryOrigin => ({
  server,
  file: '/d/servers.json',
  registry: 'official',
  registryUrl,
  name,
  version,
  installedAt: '2026-12-01T00:00:00.000Z',
});

describe('registry updates', () => {
  it('orders versions by their numeric parts, a pre-release before its release', () => {
    expect(compareVersions('1.10.0', '1.9.2')).toBe(1);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
    expect(compareVersions('1.0.0-rc.1', '1.0.0')).toBe(-1);
    expect(compareVersions('2026.8.31', '2026.10.1')).toBe(-1);
    expect(compareVersions('1.0.0-rc.10', '1.0.0-rc.9')).toBe(1);
  });

  it('names installs whose cached latest is newer; an older or equal one, or none cached, is not', () => {
    const cache = new Map<string, CachedLatest>([
      ['https://r.example\nio.x/a', { version: '1.2.0', savedAt: 5 }],
      ['https://r.example\nio.x/b', { version: '1.0.0', savedAt: 5 }],
    ]);
    const read = (url: string, name: string) => cache.get(`${url}\n${name}`);
    expect(registryUpdates([origin('a', 'io.x/a', '1.1.9'), origin('b', 'io.x/b', '1.0.0'), origin('c', 'io.x/c', '0.1.0')], read)).toEqual([
      { server: 'a', file: '/d/servers.json', name: 'io.x/a', registry: 'official', installed: '1.1.9', latest: '1.2.0', checkedAt: 5 },
    ]);
  });

  it('a cached answer is due for a refresh when missing or a day old, each entry once', () => {
    const now = 10 * REFRESH_EVERY_MS;
    const cache = new Map<string, CachedLatest>([
      ['https://r.example\nio.x/fresh', { version: '1', savedAt: now - REFRESH_EVERY_MS + 1 }],
      ['https://r.example\nio.x/old', { version: '1', savedAt: now - REFRESH_EVERY_MS }],
    ]);
    const read = (url: string, name: string) => cache.get(`${url}\n${name}`);
    const origins = [origin('f', 'io.x/fresh', '1'), origin('o', 'io.x/old', '1'), origin('o2', 'io.x/old', '1'), origin('n', 'io.x/none', '1')];
    expect(dueForRefresh(origins, read, now)).toEqual([
      { registryUrl: 'https://r.example', name: 'io.x/old' },
      { registryUrl: 'https://r.example', name: 'io.x/none' },
    ]);
  });
});
