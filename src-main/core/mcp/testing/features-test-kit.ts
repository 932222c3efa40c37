/**
 * Test kit for the 2026-07-28 HTTP mechanics fixture (fixtures/modern-features-server.mjs): start
 * it, connect a manager to it as server `features`, and clean both up after each test.
 */
import { afterEach, expect } from 'vitest';
import { NO_RESTARTS } from '../manager/backoff.js';
import { McpManager } from '../manager/manager.js';
import { testDefinition } from './test-helpers.js';

const FIXTURE = new URL('./fixtures/modern-features-server.mjs', import.meta.url).href;

/** The running fixture: its URL, request counts per JSON-RPC method, and the Mcp-Param-* headers of each tool's last call. */
export interface FeaturesFixture {
  url: string;
  counts: Map<string, number>;
  paramHeaders: Map<string, Record<string, string>>;
  close(): Promise<void>;
}

/** Register the cleanup and return `start` (fixture) and `connect` (manager connected to it). */
export function featuresKit() {
  let manager: McpManager | undefined;
  let fixture: FeaturesFixture | undefined;
  afterEach(async () => {
    await manager?.dispose();
    manager = undefined;
    await fixture?.close();
    fixture = undefined;
  });
  return {
    /** Start the fixture; lists carry `ttlMs` / `cacheScope` (default 60 s, private). */
    async start(options: { ttlMs?: number; cacheScope?: 'public' | 'private' } = {}): Promise<FeaturesFixture> {
      fixture = await ((await import(FIXTURE)) as { startFeaturesHttp: (o: object) => Promise<FeaturesFixture> }).startFeaturesHttp(options);
      return fixture;
    },
    /** A manager connected to `f` as `features` (asserted connected). */
    async connect(f: FeaturesFixture): Promise<McpManager> {
      const m = (manager = new McpManager({ clientName: 'switchboard-test', clientVersion: '1.0.0', restart: NO_RESTARTS }));
      await m.reconcile([{ definition: testDefinition({ name: 'features', transport: 'http', url: f.url }), desired: 'run' }]);
      await m.settled();
      expect(m.runtime('features')?.status).toBe('connected');
      return m;
    },
  };
}
