/**
 * The owner's refresh of cached `versions/latest` answers: a registry that answers 404 is not asked
 * again for that entry within a day (it was asked every hourly round).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshLatest } from './registry-latest.js';
import { recordOrigin } from './registry-origins.js';
import { REFRESH_EVERY_MS } from './registry-updates.js';

let server: Server;
let url = '';
const asked: string[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'sb-latest-'));

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('refreshLatest', () => {
  it('a registry that answered 404 is asked again for that entry only after a day', async () => {
    await recordOrigin(dataDir, { server: 'gone', file: '/d/servers.json', registry: 'r', registryUrl: url, name: 'io.x/gone', version: '1.0.0', installedAt: '2026-12-01T00:00:00.000Z' });
    const failedAt = new Map<string, number>();
    const t0 = 1_000_000;
    await refreshLatest(dataDir, () => t0, failedAt);
    await refreshLatest(dataDir, () => t0 + 3600_000, failedAt);
    expect(asked).toHaveLength(1);
    await refreshLatest(dataDir, () => t0 + REFRESH_EVERY_MS, failedAt);
    expect(asked).toHaveLength(2);
  });
});
