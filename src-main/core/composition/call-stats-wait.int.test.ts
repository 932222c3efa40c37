/**
 * `servers:changed` after a tool call (docs/gateway.md § Speed): when a call's latencies are all that
 * changed in a server's runtime, the snapshot waits `CALL_STATS_WAIT` coalescing windows instead of
 * one (a burst of calls built, redacted and sent a full snapshot to every face every window), and
 * still arrives with the call counted. A real core and a real backend (fixtures/apps-server.mjs).
 */
import { describe, expect, it } from 'vitest';
import type { ServersSnapshot } from '../../../src-shared/api/status.js';
import { makeFiltersWorld } from '../gateway/test-filters-world.js';
import { CALL_STATS_WAIT, createSwitchboardCore } from './switchboard-core.js';
import { ok, trackCores } from './test-cores.js';
import { everythingScript } from './test-world.js';

const open = trackCores();
const WINDOW_MS = 20;

describe('servers:changed after a tool call', () => {
  it('waits CALL_STATS_WAIT windows when only the latencies changed, and then counts the call', async () => {
    const world = makeFiltersWorld();
    const core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'web', version: '1.0.0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } }, { watchConfig: false, eventDelayMs: WINDOW_MS });
    open.push({ world, core });
    await core.start();
    await core.settled();
    expect((await ok(core.handlers['gateway:list']({ host: 'claude-code' }))).tools.map((t) => t.name)).toContain('apps_echo');
    const seen: { at: number; snapshot: ServersSnapshot }[] = [];
    core.subscribe(
      (_event, payload) => seen.push({ at: Date.now(), snapshot: payload as ServersSnapshot }),
      (event) => event === 'servers:changed',
    );
    const latencies = (s: ServersSnapshot): number => s.servers.find((x) => x.server.name === 'apps')?.recentLatencyMs.length ?? -1;
    const before = latencies(await ok(core.handlers['servers:list']({})));
    // Quiet first: no announcement of the start is still pending.
    await new Promise((r) => setTimeout(r, 10 * WINDOW_MS * CALL_STATS_WAIT));
    seen.length = 0;
    const start = Date.now();
    const r = await ok(core.handlers['gateway:call']({ host: 'claude-code', name: 'apps_echo', args: { message: 'x' } }));
    expect(r.text).toBe('Echo: x');
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const first = seen[0];
    expect(first).toBeDefined();
    if (!first) return;
    // Timers never fire early: the old window (one, 20 ms) would have announced it long before.
    expect(first.at - start).toBeGreaterThanOrEqual(WINDOW_MS * CALL_STATS_WAIT - 5);
    expect(latencies(first.snapshot)).toBe(before + 1);
  }, 120_000);
});
