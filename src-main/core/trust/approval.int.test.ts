/**
 * Issue 16 item 1: approval bound to the definition. A trusted project whose `.mcp.json` changes
 * on disk — a different command, a new env var, a new server — spawns nothing (checked in /proc
 * by the world's marker and by a tripwire file) until the change is approved again. Real
 * discovery, the real trust.json, the real server-everything.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ServersSnapshotSchema, type ServersSnapshot } from '../../../src-shared/api/status.js';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { everythingEntry, everythingScript, makeWorld, processesWithMarker, tripwireEntry, writeProjectConfig, type TempWorld } from '../composition/test-world.js';
import type { SwitchboardCore } from '../facade/types.js';
import { TrustStore } from '../config/trust.js';

const open: { world: TempWorld; core: SwitchboardCore }[] = [];
const SECRET = 'ghp_0123456789abcdefNEVERSHOWN';

function coreIn(world: TempWorld): SwitchboardCore {
  const core = createSwitchboardCore({
    platform: world.platform,
    projectDir: world.project,
    dataDir: world.dataDir,
    mode: 'cli',
    version: '1.0.0',
    referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'], env: { SB_TEST_MARKER: world.marker } },
  });
  open.push({ world, core });
  return core;
}

async function reload(core: SwitchboardCore): Promise<ServersSnapshot> {
  const r = await core.handlers['servers:reload']({});
  if (!r.ok) throw new Error(r.error.message);
  await core.settled();
  const listed = await core.handlers['servers:list']({});
  if (!listed.ok) throw new Error(listed.error.message);
  return ServersSnapshotSchema.parse(listed.data);
}

const status = (snap: ServersSnapshot, name: string) => snap.servers.find((s) => s.server.name === name);

afterEach(async () => {
  for (const { world, core } of open.splice(0)) {
    await core.dispose();
    expect(processesWithMarker(world.marker)).toEqual([]);
    world.cleanup();
  }
});

describe('approval bound to the definition (issue 16 item 1)', () => {
  it('a changed command, a new env var and a new server spawn nothing until approved again', async () => {
    const world = makeWorld();
    const base = everythingEntry(world, { GITHUB_TOKEN: SECRET });
    writeProjectConfig(world, { everything: base });
    const core = coreIn(world);
    await core.start();
    // Untrusted: the prompt lists env names, values only for keys that are not secret.
    let snap = await reload(core);
    expect(status(snap, 'everything')?.status).toBe('untrusted');
    expect(status(snap, 'everything')?.approval?.prompt.env).toEqual([
      { name: 'SB_TEST_MARKER', value: world.marker, secret: false },
      { name: 'GITHUB_TOKEN', secret: true },
    ]);
    const granted = await core.handlers['trust:grant']({});
    expect(granted.ok).toBe(true);
    await core.settled();
    expect(processesWithMarker(world.marker)).toHaveLength(1);
    expect(readFileSync(new TrustStore(world.dataDir).path, 'utf8')).not.toContain(SECRET);

    // 1. A different command (the tripwire), a new env var on nothing else: no process at all.
    const tripwire = join(world.root, 'spawned');
    writeProjectConfig(world, { everything: { command: '/bin/sh', args: ['-c', `echo spawned > ${tripwire}`], env: (base as { env: Record<string, string> }).env } });
    snap = await reload(core);
    const changed = status(snap, 'everything')!;
    expect(changed.status).toBe('changed');
    expect(changed.approval?.kind).toBe('changed');
    // The diff names each field and shows both sides (neither is secret).
    expect(changed.approval?.changes).toEqual([
      { field: 'command', change: 'changed', before: process.execPath, after: '/bin/sh' },
      expect.objectContaining({ field: 'args', change: 'changed', after: expect.stringContaining('echo spawned') }),
    ]);
    expect(processesWithMarker(world.marker)).toEqual([]);
    expect(existsSync(tripwire)).toBe(false);
    const called = await core.handlers['tools:call']({ server: 'everything', tool: 'echo', args: { message: 'x' } });
    expect(called.ok ? called.data.isError : true).toBe(true);

    // 2. Back to the approved command but with a new env var: still changed, the diff names it (and hides a secret value).
    writeProjectConfig(world, { everything: everythingEntry(world, { GITHUB_TOKEN: 'ghp_another_secret_value_0000', NODE_OPTIONS: '--require /tmp/evil.js' }) });
    snap = await reload(core);
    expect(status(snap, 'everything')?.status).toBe('changed');
    expect(status(snap, 'everything')?.approval?.changes).toEqual([
      { field: 'env.GITHUB_TOKEN', change: 'changed', secret: true },
      { field: 'env.NODE_OPTIONS', change: 'added', after: '--require /tmp/evil.js' },
    ]);
    expect(JSON.stringify(snap)).not.toContain('ghp_another_secret_value_0000');
    expect(processesWithMarker(world.marker)).toEqual([]);

    // 3. The approved definition again, plus a new server: the old one runs, the new one waits.
    writeProjectConfig(world, { everything: base, extra: tripwireEntry(tripwire) });
    snap = await reload(core);
    expect(status(snap, 'everything')?.status).toBe('connected');
    expect(status(snap, 'extra')?.status).toBe('changed');
    expect(status(snap, 'extra')?.approval?.kind).toBe('new');
    expect(existsSync(tripwire)).toBe(false);
    const review = await core.handlers['trust:review']({});
    expect(review.ok && review.data.pending.map((p) => p.server)).toEqual(['extra']);

    // A stale hash is refused; the shown one approves and the server runs.
    const stale = await core.handlers['trust:approve']({ servers: ['extra'], hashes: { extra: 'sha256:0' } });
    expect(stale.ok ? 'ok' : stale.error.code).toBe('CONFLICT');
    expect(existsSync(tripwire)).toBe(false);
    const pendingHash = review.ok ? review.data.pending[0]!.hash : '';
    const approved = await core.handlers['trust:approve']({ servers: ['extra'], hashes: { extra: pendingHash } });
    expect(approved.ok).toBe(true);
    await core.settled();
    await waitForFile(tripwire);
    expect(existsSync(tripwire)).toBe(true);
  });

  it('an entry trusted before approvals existed migrates: its current definitions are approved', async () => {
    const world = makeWorld();
    writeProjectConfig(world, { everything: everythingEntry(world) });
    await new TrustStore(world.dataDir).trust(world.project);
    expect(new TrustStore(world.dataDir).approvals(world.project)).toBeUndefined();
    const core = coreIn(world);
    await core.start();
    await core.settled();
    const snap = await reload(core);
    expect(status(snap, 'everything')?.status).toBe('connected');
    expect(Object.keys(new TrustStore(world.dataDir).approvals(world.project) ?? {})).toEqual(['everything']);
  });
});

async function waitForFile(file: string): Promise<void> {
  for (let i = 0; i < 2400 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 25));
}
