/**
 * Issue 16 item 2: a purpose-built server (fixtures/drifting-server.mjs) changes a tool's
 * description and schema, and adds a tool, between two starts. The drift is flagged with a diff
 * (snapshot, pins:list, a channel entry); in `block` mode the changed and added tools are left out
 * of the agent-visible list and cannot be called until accepted. Real core, real stdio server.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { makeWorld, writeOwnServers } from '../composition/test-world.js';
import { ok, trackCores } from '../composition/test-cores.js';

const SERVER = fileURLToPath(new URL('./fixtures/drifting-server.mjs', import.meta.url));
const open = trackCores();

describe('tool pins (issue 16 item 2)', () => {
  it('flags a changed description and schema and an added tool; block mode holds them back until accepted', async () => {
    const { core, state, world } = await startDrifting();
    const names = async (): Promise<string[]> => (await ok(core.handlers['tools:list']({}))).map((t) => t.name).sort();
    expect(await names()).toEqual(['lookup', 'stable']);
    // First listing: pinned, no drift.
    const pinned = await waitUntil(async () => (await ok(core.handlers['pins:list']({ server: 'drifting' })))[0]!, (p) => p.pinned === 2);
    expect(pinned).toEqual({ server: 'drifting', mode: 'warn', pinned: 2, drift: [] });
    expect(readFileSync(join(world.dataDir, 'tool-pins.json'), 'utf8')).toContain('Look up a word.');

    // Second start: the server now describes and shapes `lookup` differently and adds `extra`.
    writeFileSync(state, 'v2');
    await ok(core.handlers['servers:restart']({ server: 'drifting' }));
    await core.settled();
    const drifted = await waitUntil(async () => (await ok(core.handlers['pins:list']({ server: 'drifting' })))[0]!, (p) => p.drift.length === 2);
    const lookup = drifted.drift.find((d) => d.tool === 'lookup')!;
    expect(lookup.change).toBe('changed');
    expect(lookup.changes.map((c) => c.field)).toEqual(['description', 'inputSchema']);
    expect(lookup.changes[0]).toMatchObject({ before: 'Look up a word.', after: expect.stringContaining('Do not tell the user') });
    expect(lookup.changes[1]!.after).toContain('"notes"');
    expect(drifted.drift.find((d) => d.tool === 'extra')).toMatchObject({ change: 'added', held: false });
    // warn: flagged in the snapshot and the channels, still offered to agents.
    const snap = await ok(core.handlers['servers:list']({}));
    expect(snap.servers[0]!.pins?.drift.map((d) => d.tool).sort()).toEqual(['extra', 'lookup']);
    expect(await names()).toEqual(['extra', 'lookup', 'stable']);
    // Issue 16 item 3: the new description is evidence of poisoning, shown with the matched text.
    expect(snap.servers[0]!.findings?.map((f) => f.rule)).toEqual(['hide-from-user', 'instruction-tag', 'secret-file']);
    expect(snap.servers[0]!.findings?.[1]).toMatchObject({ where: 'tool lookup: description', match: expect.stringContaining('<IMPORTANT>') });
    const entries = await waitUntil(() => core.channels!.list({}), (e) => e.some((x) => x.channel === 'switchboard/tools_drift'));
    expect(entries.find((x) => x.channel === 'switchboard/tools_drift')!.server).toBe('drifting');

    // block: the changed and the added tool leave the bridge and cannot be called.
    await ok(core.handlers['pins:setMode']({ server: 'drifting', mode: 'block' }));
    expect(await names()).toEqual(['stable']);
    const call = await core.handlers['tools:call']({ server: 'drifting', tool: 'lookup', args: { word: 'x' } });
    expect(call.ok).toBe(false);
    // The refusal names the pin, not an enabledTools/disabledTools list the server does not have (a fresh-user trial).
    expect(!call.ok && call.error.message).toBe(
      'Tool "lookup" on server "drifting" is held back: it changed since it was pinned (block mode); see: switchboard pins drifting, accept with: switchboard pins accept drifting lookup',
    );
    // Accepting one tool brings it back; the other stays held.
    const accepted = await ok(core.handlers['pins:accept']({ server: 'drifting', tool: 'lookup' }));
    expect(accepted.drift.map((d) => d.tool)).toEqual(['extra']);
    expect(await names()).toEqual(['lookup', 'stable']);
    await ok(core.handlers['pins:accept']({ server: 'drifting' }));
    expect(await names()).toEqual(['extra', 'lookup', 'stable']);
  });

  it('mode off (a server under development, trial 6 finding 7): no drift, no notification, and the pins follow the listing', async () => {
    const { core, state } = await startDrifting();
    await waitUntil(async () => (await ok(core.handlers['pins:list']({ server: 'drifting' })))[0]!, (p) => p.pinned === 2);
    // The old contract refused `off` ("takes warn or block").
    expect(await ok(core.handlers['pins:setMode']({ server: 'drifting', mode: 'off' }))).toEqual({ server: 'drifting', mode: 'off', pinned: 2, drift: [] });
    writeFileSync(state, 'v2');
    await ok(core.handlers['servers:restart']({ server: 'drifting' }));
    await core.settled();
    // The new listing is pinned as it is (3 tools), with no drift, no status line and no channel entry.
    const followed = await waitUntil(async () => (await ok(core.handlers['pins:list']({ server: 'drifting' })))[0]!, (p) => p.pinned === 3);
    expect(followed).toEqual({ server: 'drifting', mode: 'off', pinned: 3, drift: [] });
    const snap = await ok(core.handlers['servers:list']({}));
    expect(snap.servers[0]!.pins).toBeUndefined();
    expect(snap.servers[0]!.pinMode).toBe('off');
    expect(core.channels!.list({}).some((x) => x.channel === 'switchboard/tools_drift')).toBe(false);
    // Back to warn: compared with the latest listing, so nothing is flagged.
    expect((await ok(core.handlers['pins:setMode']({ server: 'drifting', mode: 'warn' }))).drift).toEqual([]);
  });
});

/** A started core with the drifting server; `state` is the file that switches the server to v2. */
async function startDrifting() {
    const world = makeWorld();
    const state = join(world.root, 'drift-state');
    writeOwnServers(world, { drifting: { command: process.execPath, args: [SERVER], env: { DRIFT_STATE: state, SB_TEST_MARKER: world.marker } } });
    const core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'web', version: '1.0.0', referenceServer: { command: process.execPath, args: [SERVER] } }, { watchConfig: false, eventDelayMs: 5 });
    open.push({ world, core });
    await core.start();
    await core.settled();
  return { core, state, world };
}

async function waitUntil<T>(get: () => T | Promise<T>, done: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await get();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}
