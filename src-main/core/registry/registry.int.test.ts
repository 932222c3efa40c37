/**
 * The registry client against the fixture registry on 127.0.0.1 (issue 36 items 1 and 4): every
 * fixture entry checked against the kept schema, paging over several pages with the malformed entry
 * reported and skipped, status filtering, the same name in two registries, and a registry that is
 * down answering from the disk cache with its exact age. One fixture for the file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryFixtureModule, type RegistryFixture } from './fixtures/registry-fixture-kit.js';
import { searchRegistries, showServer } from './registry-service.js';
import type { ConfiguredRegistry } from './registry-settings.js';
import { checkServerJson } from './server-json-schema.js';
import { readServerJsonSource, validateServerJsonText, type ServerJsonSourceError } from './server-json-source.js';

let fixture: RegistryFixture;
let mod: Awaited<ReturnType<typeof registryFixtureModule>>;
let dataDir: string;
let fx: ConfiguredRegistry;

beforeAll(async () => {
  mod = await registryFixtureModule();
  fixture = await mod.startRegistryFixture();
  dataDir = mkdtempSync(join(tmpdir(), 'sb-registry-'));
  fx = { name: 'fx', url: fixture.url, isDefault: false };
});

afterAll(async () => {
  await fixture.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the kept server.json schema (issue 36 item 4)', () => {
  it('every fixture entry is valid except the two made invalid on purpose, each failing at the exact path', () => {
    const results = fixture.entries.map((e) => ({ name: String(e.server.name), check: checkServerJson(e.server) }));
    const invalid = results.filter((r) => !r.check.valid);
    expect(results.length).toBe(10 + mod.PAGE_FILLERS);
    expect(invalid.map((r) => [r.name, r.check.problems])).toEqual([
      [mod.FIXTURE_NAMES.huge, [{ path: '/description', message: 'must NOT have more than 100 characters' }]],
      [
        '42',
        [
          { path: '/', message: 'must have property "version"' },
          { path: '/name', message: 'must be string' },
        ],
      ],
    ]);
    expect(results.every((r) => r.check.checkedAgainst === '2025-12-11' && r.check.note === undefined)).toBe(true);
  });

  it('validates against the version $schema names; an unknown version says so and uses the newest; a parse error is at /', () => {
    const doc = { ...fixture.entries[2]?.server };
    const bad = { ...doc, $schema: 'https://static.modelcontextprotocol.io/schemas/2099-01-01/server.schema.json', packages: [{ registryType: 'npm', identifier: 'x', version: 'latest', transport: { type: 'stdio' } }] };
    const v = validateServerJsonText(JSON.stringify(bad));
    expect(v.valid).toBe(false);
    expect(v.checkedAgainst).toBe('2025-12-11');
    expect(v.note).toBe('$schema names version 2099-01-01, not known here; checked against the newest known, 2025-12-11 (known: 2025-12-11)');
    expect(v.problems).toEqual([{ path: '/packages/0/version', message: 'must NOT be valid' }]);
    const good = validateServerJsonText(JSON.stringify(doc));
    expect([good.valid, good.note, good.card?.name, good.card?.packages]).toEqual([true, undefined, mod.FIXTURE_NAMES.pypi, [{ registryType: 'pypi', identifier: 'mcp-server-time', version: '1.0.0', transport: 'stdio', runtimeHint: 'uvx' }]]);
    expect(validateServerJsonText('{"name": ').problems).toEqual([{ path: '/', message: 'not JSON (it ends too early)' }]);
    expect(validateServerJsonText('{"a":1,}').problems).toEqual([{ path: '/', message: 'not JSON (at position 7)' }]);
    expect(validateServerJsonText('secret-token-xyz')).toEqual({ valid: false, checkedAgainst: '2025-12-11', problems: [{ path: '/', message: 'not JSON' }] });
    expect(v.server).toBeUndefined();
  });
  it('a URL that streams without end is cut at 1 MiB at once; one that breaks off names the URL', async () => {
    // Never ends: 64 KiB chunks; the old read buffered it all until the 10 s timeout.
    const server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url === '/broken') return void res.write('{"name":', () => res.destroy());
      const pump = (): void => void (res.write(Buffer.alloc(65_536, 32)) ? setImmediate(pump) : res.once('drain', pump));
      pump();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const endless = await readServerJsonSource({ url: `${base}/endless` }).catch((e: ServerJsonSourceError) => [e.kind, e.message]);
      expect(endless).toEqual(['bad-request', `${base}/endless sent more than 1048576 bytes; a server.json is at most that`]);
      const broken = await readServerJsonSource({ url: `${base}/broken` }).catch((e: ServerJsonSourceError) => [e.kind, e.message]);
      expect(broken).toEqual(['unreachable', `${base}/broken broke off while sending (UND_ERR_SOCKET)`]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('search (issue 36 item 1)', () => {
  it('pages through every entry by cursor; the malformed entry is reported (which, why) and skipped; inactive ones are hidden', async () => {
    const names: string[] = [];
    const hidden: number[] = [];
    const skipped: unknown[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const r = await searchRegistries([fx], { text: '', cursor, limit: 10 }, { dataDir });
      const part = r.registries[0];
      expect(part?.error).toBeUndefined();
      names.push(...r.cards.map((c) => c.name));
      hidden.push(part?.hidden ?? -1);
      skipped.push(...(part?.skipped ?? []));
      cursor = part?.nextCursor;
      pages++;
    } while (cursor !== undefined && pages < 10);
    expect(pages).toBe(4);
    // 34 entries, 33 of them the latest of their name; 2 inactive hidden, 1 malformed skipped.
    expect(names).toHaveLength(30);
    expect(new Set(names).size).toBe(30);
    expect(names.slice(0, 6)).toEqual([mod.FIXTURE_NAMES.filesystem, mod.FIXTURE_NAMES.pypi, mod.FIXTURE_NAMES.oci, mod.FIXTURE_NAMES.mcpb, mod.FIXTURE_NAMES.remote, mod.FIXTURE_NAMES.huge]);
    expect(names.at(-1)).toBe(`${mod.FIXTURE_NAMES.pagePrefix}${mod.PAGE_FILLERS}`);
    expect(hidden).toEqual([2, 0, 0, 0]);
    expect(skipped).toEqual([{ index: 8, reason: '/server/name: Invalid input: expected string, received number; /server/version: Invalid input: expected string, received undefined' }]);
    expect(fixture.requests.filter((p) => p.startsWith('/v0.1/servers?')).slice(0, 2)).toEqual(['/v0.1/servers?limit=10&version=latest', '/v0.1/servers?cursor=io.github.example%2Fpage-01%3A1.0.0&limit=10&version=latest']);
  });

  it('shows inactive entries on request: deprecated with its message, deleted never installable; a huge description is cut', async () => {
    const r = await searchRegistries([fx], { text: 'example/', includeInactive: true, limit: 100 }, { dataDir });
    const by = (name: string) => r.cards.find((c) => c.name === name);
    expect(by(mod.FIXTURE_NAMES.deprecated)).toMatchObject({ status: 'deprecated', statusMessage: 'Replaced by io.github.example/new-search', installable: true, warnings: ['Deprecated: Replaced by io.github.example/new-search'] });
    expect(by(mod.FIXTURE_NAMES.deleted)).toMatchObject({ status: 'deleted', installable: false, warnings: ['Deleted from registry fx: Removed: it sent files to a third party — never installable'] });
    const huge = by(mod.FIXTURE_NAMES.huge);
    expect([huge?.description.length, huge?.descriptionTruncated, huge?.description.endsWith('…')]).toEqual([500, true, true]);
    expect(r.registries[0]?.hidden).toBe(0);
    const since = await searchRegistries([fx], { text: '', updatedSince: '2026-01-01T00:00:00Z' }, { dataDir });
    expect(since.cards.map((c) => c.name)).toEqual([mod.FIXTURE_NAMES.filesystem, mod.FIXTURE_NAMES.mcpb, mod.FIXTURE_NAMES.remote]);
    expect(fixture.requests.at(-1)).toBe('/v0.1/servers?limit=30&updated_since=2026-01-01T00%3A00%3A00Z&version=latest');
  });

  it('the same name in two registries is one card per registry; show names the other', async () => {
    const other: ConfiguredRegistry = { name: 'mirror', url: fixture.url, isDefault: false };
    const r = await searchRegistries([fx, other], { text: 'server-filesystem' }, { dataDir });
    expect(r.cards.map((c) => [c.registry, c.name, c.version])).toEqual([
      ['fx', mod.FIXTURE_NAMES.filesystem, mod.filesystemVersion()],
      ['mirror', mod.FIXTURE_NAMES.filesystem, mod.filesystemVersion()],
    ]);
    const s = await showServer([fx, other], mod.FIXTURE_NAMES.filesystem, '2025.1.0', { dataDir });
    expect([s.card.registry, s.card.version, s.card.isLatest, s.alsoIn, s.problems]).toEqual(['fx', '2025.1.0', false, ['mirror'], []]);
    expect(s.versions.map((v) => [v.version, v.isLatest])).toEqual([
      ['2025.1.0', false],
      [mod.filesystemVersion(), true],
    ]);
    expect(fixture.requests).toContain('/v0.1/servers/io.github.modelcontextprotocol%2Fserver-filesystem/versions/2025.1.0');
  });

  it('a registry that is down answers from the disk cache with its age; a search never cached says so', async () => {
    let clock = 1_000_000;
    const now = () => clock;
    const fresh = await searchRegistries([fx], { text: 'time' }, { dataDir, now });
    expect(fresh.registries[0]?.cache).toEqual({ fromCache: false, ageMs: 0 });
    await showServer([fx], mod.FIXTURE_NAMES.pypi, undefined, { dataDir, now });
    fixture.setDown(true);
    try {
      clock += 3 * 3600_000;
      const cached = await searchRegistries([fx], { text: 'time' }, { dataDir, now });
      expect(cached.cards.map((c) => c.name)).toEqual([mod.FIXTURE_NAMES.pypi]);
      expect(cached.registries[0]?.cache).toEqual({ fromCache: true, ageMs: 3 * 3600_000, reason: `${fixture.url} is unreachable: HTTP 503 Service Unavailable` });
      const none = await searchRegistries([fx], { text: 'never-asked' }, { dataDir, now });
      expect(none.registries[0]).toMatchObject({ cache: null, error: `${fixture.url} is unreachable: HTTP 503 Service Unavailable; nothing of it is cached` });
      const shown = await showServer([fx], mod.FIXTURE_NAMES.pypi, undefined, { dataDir, now });
      expect([shown.card.name, shown.cache.fromCache, shown.cache.ageMs]).toEqual([mod.FIXTURE_NAMES.pypi, true, 3 * 3600_000]);
    } finally {
      fixture.setDown(false);
    }
  });
});
