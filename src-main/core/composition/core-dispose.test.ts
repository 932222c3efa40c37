/**
 * A disposed core leaves no timer behind: the handlers' own (the registry's latest-version refresh)
 * end with it, through `CoreContext.onDispose`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSwitchboardCore } from './switchboard-core.js';
import { makeWorld } from './test-world.js';

afterEach(() => vi.useRealTimers());

describe('core disposal', () => {
  it('stops the timers its handlers started (an owner core refreshes registry versions)', async () => {
    const world = makeWorld();
    try {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
      const core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'web', version: '1.0.0', referenceServer: { command: process.execPath, args: [] } }, { watchConfig: false });
      expect(vi.getTimerCount()).toBeGreaterThan(0);
      await core.dispose();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      world.cleanup();
    }
  });
});
