/**
 * The status lists a server's separate instances under it (`gatewayInstances`, with their status).
 * A call a separate instance serves (issue 30 item 6, docs/gateway.md § Sharing) is kept in the call
 * history under the server the host called — the one whose pins and toggles the gate applied — with
 * the instance as a detail (`via.instance`), not under the instance's own name. Real parts: the
 * gateway world's server-memory, which Cursor's file gives another environment (so Cursor gets the
 * instance `memory@<8 hex>`), in a started core.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { ok, trackCores } from '../composition/test-cores.js';
import { everythingScript, waitFor } from '../composition/test-world.js';
import { MEMORY_SCRIPT } from '../mcp/testing/test-helpers.js';
import { makeGatewayWorld } from './test-gateway-world.js';

const open = trackCores();

describe('a gateway instance’s call in the history (issue 30 item 6)', () => {
  it('is kept under the server the host called, the instance in via', async () => {
    const { world, cursorFile } = makeGatewayWorld();
    const memoryCursor = { command: process.execPath, args: [MEMORY_SCRIPT], env: { SB_TEST_MARKER: world.marker, MEMORY_FILE_PATH: join(world.root, 'memory-cursor.jsonl') } };
    writeFileSync(cursorFile, JSON.stringify({ mcpServers: { memory: memoryCursor } }, null, 2));
    const core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'web', version: '1.0.0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } }, { watchConfig: false, eventDelayMs: 5 });
    open.push({ world, core });
    await core.start();
    await core.settled();

    // Cursor's first list asks for its instance; it is listed once it has connected.
    const listed = async (): Promise<boolean> => (await ok(core.handlers['gateway:list']({ host: 'cursor' }))).servers.some((s) => s.server === 'memory' && s.state === 'listed');
    expect(await waitFor(listed, 60_000, 250)).toBe(true);
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
