/**
 * `settled()` while a server that never answered `initialize` is being stopped (a trial finding of
 * issue 30: a headless gateway owner left spinning one core for an hour, its event loop starved).
 * During the stop the connection still reads `connecting` but has no attempt to await; the old loop
 * awaited resolved promises over and over, so no timer or child exit could run and the status never
 * changed. Failing input: a server that reads stdin, answers nothing and ignores SIGTERM.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { McpManager } from './manager.js';
import { testDefinition } from '../testing/test-helpers.js';

// Never answers; ignores SIGTERM, so the stop waits for its grace before the kill.
const HANGS = "process.on('SIGTERM', () => {}); process.stdin.resume(); setInterval(() => {}, 1000);";

let manager: McpManager | undefined;
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
});

describe('settled() during a stop', () => {
  it('lets timers run and resolves once the stopped server leaves connecting', async () => {
    manager = new McpManager({});
    const definition = testDefinition({ name: 'hangs', transport: 'stdio', command: process.execPath, args: ['-e', HANGS] });
    await manager.reconcile([{ definition, desired: 'run' }]);
    expect(manager.runtime('hangs')?.status).toBe('connecting');
    const stopped = manager.stop('hangs');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    try {
      await manager.settled();
      await stopped;
    } finally {
      clearInterval(timer);
    }
    // The event loop ran while settled() waited (the old loop starved it: the test itself hung).
    expect(ticks).toBeGreaterThan(0);
    expect(manager.runtime('hangs')?.status).toBe('stopped');
  }, 120_000);
});
