/**
 * The status lists a server's separate instances under it (`gatewayInstances`, with their status).
 * A call a separate instance serves (issue 30 item 6, docs/gateway.md § Sharing) is kept in the call
 * history under the server the host called — the one whose pins and toggles the gate applied — with
 * the instance as a detail (`via.instance`), not under the instance's own name. Real parts: the
 * gateway world's server-memory, which Cursor's file gives another environment (so Cursor gets the
 * instance `memory@<8 hex>`), in a started core.
 */
import { describe, expect, it } from 'vitest';
import { ok, trackCores } from '../composition/test-cores.js';
import { coreWithCursorInstance } from './test-instance-core.js';

const open = trackCores();

describe('a gateway instance’s call in the history (issue 30 item 6)', () => {
  it('is kept under the server the host called, the instance in via', async () => {
    const core = await coreWithCursorInstance(open);

    const called = await ok(core.handlers['gateway:call']({ host: 'cursor', name: 'memory_read_graph', args: {} }));
    expect(called.server).toBe('memory');

    const history = await ok(core.handlers['history:list']({ server: 'memory' }));
    expect(history.map((r) => [r.server, r.tool, r.via?.host])).toEqual([['memory', 'read_graph', 'cursor']]);
    expect(history[0]?.via?.instance).toMatch(/^memory@[0-9a-f]{8}$/);
    // Nothing under the instance's own name.
    expect(await ok(core.handlers['history:list']({ server: history[0]?.via?.instance ?? 'none' }))).toEqual([]);
    // Claude Code's call runs on the server's own process: no instance.
    await ok(core.handlers['gateway:call']({ host: 'claude-code', name: 'memory_read_graph', args: {} }));
    expect((await ok(core.handlers['history:list']({ server: 'memory' }))).map((r) => r.via)).toEqual([{ host: 'cursor', instance: history[0]?.via?.instance }, { host: 'claude-code' }]);

    // The status lists the instance under its server (and not as a server of its own).
    const status = await ok(core.handlers['servers:list']({}));
    expect(status.servers.map((s) => [s.server.name, s.gatewayInstances])).toEqual([
      ['everything', undefined],
      ['memory', [{ name: history[0]?.via?.instance, status: 'connected' }]],
    ]);
  }, 120_000);
});
