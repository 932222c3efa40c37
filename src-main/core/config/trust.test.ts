import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from './test-sandbox.js';
import { TrustStore } from './trust.js';

describe('TrustStore', () => {
  let sb: Sandbox;
  beforeEach(async () => {
    sb = await createSandbox();
  });
  afterEach(() => sb.cleanup());

  it('trusts nothing at first, then remembers a folder in trust.json', async () => {
    const store = new TrustStore(sb.dataDir);
    expect(store.isTrusted(sb.project)).toBe(false);
    await store.trust(sb.project);
    expect(store.isTrusted(sb.project)).toBe(true);
    expect(store.isTrusted(`${sb.project}/./`)).toBe(true);
    expect(store.isTrusted(join(sb.project, 'sub'))).toBe(false);
    expect(JSON.parse(await readFile(join(sb.dataDir, 'trust.json'), 'utf8'))).toEqual({ trusted: [sb.project] });
    expect(new TrustStore(sb.dataDir).list()).toEqual([sb.project]);
  });

  it('is idempotent, serialises concurrent trusts, and leaves no temp files', async () => {
    const store = new TrustStore(sb.dataDir);
    await Promise.all([store.trust('/a'), store.trust('/b'), store.trust('/a/../a'), store.trust('/c')]);
    expect(store.list().sort()).toEqual(['/a', '/b', '/c']);
    expect(await readdir(sb.dataDir)).toEqual(['trust.json']);
  });

  it('counts a malformed trust.json as nothing trusted and recovers on trust', async () => {
    await sb.write(join(sb.dataDir, 'trust.json'), '{"trusted": [');
    const store = new TrustStore(sb.dataDir);
    expect(store.list()).toEqual([]);
    expect(store.isTrusted('/x')).toBe(false);
    await sb.write(join(sb.dataDir, 'trust.json'), { trusted: 'not-a-list' });
    expect(store.list()).toEqual([]);
    await store.trust('/x');
    expect(store.list()).toEqual(['/x']);
  });

  it('sees a trust written by another store (another process) at once', async () => {
    const a = new TrustStore(sb.dataDir);
    const b = new TrustStore(sb.dataDir);
    expect(a.isTrusted('/p')).toBe(false);
    await b.trust('/p');
    expect(a.isTrusted('/p')).toBe(true);
  });
});
