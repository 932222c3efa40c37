/**
 * What a new user's trial of the gateway found (issue 30), with real servers: a host entry that
 * starts Switchboard's own door is never run nor listed (it listed itself, recursively); a server
 * request raised during a gateway call is refused at once in words (it waited for the window until
 * the 60 s timeout); `budget off` refuses a tool the server does not list and `budget on` always
 * removes a recorded entry; a host's budget view shows its toggles kept in Switchboard as off.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { ok, trackCores } from '../composition/test-cores.js';
import { CLI_BIN, everythingEntry, everythingScript, processesWithMarker } from '../composition/test-world.js';
import { StateStore } from '../data/state-store.js';
import { SWITCHBOARD_TOOLS_OFF_KEY } from '../budget/tool-toggles.js';
import { makeGatewayWorld } from './test-gateway-world.js';

const open = trackCores();

/** Claude Code's file: server-everything and an entry for Switchboard's own gateway door (tagged to find its process). */
function trialWorld(): { world: ReturnType<typeof makeGatewayWorld>['world']; claudeFile: string; doorMarker: string } {
  const { world, claudeFile } = makeGatewayWorld();
  const doorMarker = `sb-door-${randomUUID()}`;
  const door = { command: process.execPath, args: [CLI_BIN, 'gateway', '--host', 'claude-code'], env: { SB_DOOR_MARKER: doorMarker } };
  writeFileSync(claudeFile, JSON.stringify({ mcpServers: { everything: everythingEntry(world), switchboard: door } }, null, 2));
  return { world, claudeFile, doorMarker };
}

async function startCore(world: ReturnType<typeof makeGatewayWorld>['world']) {
  const core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'web', version: '1.0.0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } }, { watchConfig: false, eventDelayMs: 5 });
  open.push({ world, core });
  await core.start();
  await core.settled();
  return core;
}

describe('the gateway after its first trial (issue 30)', () => {
  it('never runs nor lists a host entry that starts Switchboard’s own gateway door, and says what it is', async () => {
    const { world, claudeFile, doorMarker } = trialWorld();
    const core = await startCore(world);

    const snapshot = await ok(core.handlers['servers:list']({}));
    expect(snapshot.servers.find((s) => s.server.name === 'switchboard')?.status).toBe('disabled');
    expect(snapshot.warnings.filter((w) => w.code === 'gateway-door')).toEqual([
      { file: claudeFile, server: 'switchboard', code: 'gateway-door', kind: 'host-rule', severity: 'note', message: 'Server "switchboard" is Switchboard\'s gateway door for Claude Code (not run by Switchboard)' },
    ]);
    expect(processesWithMarker(doorMarker)).toEqual([]);

    const everything = (await ok(core.handlers['tools:list']({ server: 'everything' }))).length;
    const list = await ok(core.handlers['gateway:list']({ host: 'claude-code' }));
    expect(list.servers).toEqual([{ server: 'everything', state: 'listed', tools: everything }]);
    expect(list.tools.every((t) => t.server === 'everything')).toBe(true);
    expect(list.tools).toHaveLength(everything);
  }, 120_000);

  it('refuses at once a sampling request raised during a gateway call, with words, while a face is attached', async () => {
    const { world } = trialWorld();
    const core = await startCore(world);
    // A face is attached (the window, a door's subscription): before the fix the request waited for it.
    const detach = core.subscribe(() => undefined);
    try {
      const called = await ok(core.handlers['gateway:call']({ host: 'claude-code', name: 'everything_trigger-sampling-request', args: { prompt: 'hello' } }));
      expect(called.isError).toBe(true);
      expect(called.text).toContain("Switchboard's gateway does not relay sampling to Claude Code yet");
    } finally {
      detach();
    }
  }, 30_000);

  it('budget: off refuses an unlisted tool, on removes a recorded entry anyway, the host view shows its Switchboard toggles', async () => {
    const { world, claudeFile } = trialWorld();
    // A typo recorded by an older Switchboard.
    await new StateStore(world.dataDir).update(SWITCHBOARD_TOOLS_OFF_KEY, () => [{ server: 'everything', file: claudeFile, tool: 'echoo', host: 'claude-code' }]);
    const core = await startCore(world);

    const typo = await core.handlers['budget:setTool']({ server: 'everything', tool: 'echoo', on: false, host: 'claude-code' });
    expect(typo).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Server "everything" lists no tool "echoo"' } });
    const undone = await ok(core.handlers['budget:setTool']({ server: 'everything', tool: 'echoo', on: true, host: 'claude-code' }));
    expect(undone).toMatchObject({ on: true, unchanged: false });
    expect(new StateStore(world.dataDir).get(SWITCHBOARD_TOOLS_OFF_KEY)).toBeUndefined();

    await ok(core.handlers['budget:setTool']({ server: 'everything', tool: 'echo', on: false, host: 'claude-code' }));
    const view = await ok(core.handlers['budget:get']({ host: 'claude-code' }));
    expect(view.tools.find((t) => t.tool === 'echo')).toMatchObject({ on: false, offBy: 'switchboard' });
    expect(view.servers.find((s) => s.server === 'everything')?.toggle.kind).toBe('switchboard');
    // The bridge's view is not touched by a toggle kept for Claude Code.
    expect((await ok(core.handlers['budget:get']({}))).tools.find((t) => t.server === 'everything' && t.tool === 'echo')?.on).toBe(true);

    const on = await ok(core.handlers['budget:setTool']({ server: 'everything', tool: 'echo', on: true, host: 'claude-code' }));
    expect(on.notes).toEqual(["Claude Code's file has no per-tool list: switched back on in Switchboard for Claude Code (its gateway door, switchboard gateway --host claude-code, lists the tool again)"]);
    expect((await ok(core.handlers['budget:get']({ host: 'claude-code' }))).tools.find((t) => t.tool === 'echo')).toMatchObject({ on: true });
  }, 120_000);
});
