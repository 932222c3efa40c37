/**
 * `trace:get` for a server includes its gateway instances' entries (issue 30 trial: `switchboard trace
 * everything` showed none of the agent's calls, all under `everything@<hash>`). Real parts: the
 * gateway world's server-memory, which Cursor's file gives another environment (so Cursor gets the
 * instance `memory@<8 hex>`), in a started core; `isServerOrInstance` on its own below.
 */
import { describe, expect, it } from 'vitest';
import { ok, trackCores } from '../composition/test-cores.js';
import { isServerOrInstance } from '../../../src-shared/config/instance-name.js';
import { coreWithCursorInstance } from './test-instance-core.js';

const open = trackCores();

describe('a server’s trace with its gateway instances (issue 30 trial)', () => {
  it('names a server’s instances only', () => {
    expect(isServerOrInstance('memory', 'memory')).toBe(true);
    expect(isServerOrInstance('memory@0a1b2c3d', 'memory')).toBe(true);
    expect(isServerOrInstance('memory@0a1b2c3', 'memory')).toBe(false);
    expect(isServerOrInstance('memory@0A1B2C3D', 'memory')).toBe(false);
    expect(isServerOrInstance('memory-2@0a1b2c3d', 'memory')).toBe(false);
    expect(isServerOrInstance('memory2', 'memory')).toBe(false);
  });

  it('trace:get { server } holds the instance’s entries; another server’s are not in it', async () => {
    const core = await coreWithCursorInstance(open);

    await ok(core.handlers['gateway:call']({ host: 'cursor', name: 'memory_read_graph', args: {} }));
    const instance = (await ok(core.handlers['history:list']({ server: 'memory' })))[0]?.via?.instance ?? '';
    expect(instance).toMatch(/^memory@[0-9a-f]{8}$/);

    const traced = await ok(core.handlers['trace:get']({ server: 'memory', method: 'tools/call' }));
    expect(traced.map((e) => [e.server, e.direction, e.kind])).toEqual([
      [instance, 'out', 'request'],
      [instance, 'in', 'response'],
    ]);
    const all = await ok(core.handlers['trace:get']({ server: 'memory' }));
    expect(new Set(all.map((e) => e.server))).toEqual(new Set(['memory', instance]));
    expect(all.map((e) => e.seq)).toEqual([...all.map((e) => e.seq)].sort((a, b) => a - b));
    expect((await ok(core.handlers['trace:get']({ server: 'everything' }))).every((e) => e.server === 'everything')).toBe(true);
  }, 120_000);
});
