/**
 * Live reload against the real core and server-everything (issue #3 §6): a config change is
 * diff-and-applied — only the changed server restarts, a server the user stopped stays stopped
 * unless its own config changed, a new server starts, a removed one stops. Tests await the
 * `config:reloaded` event (never a sleep).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServersSnapshot } from '../../../src-shared/api/status.js';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { everythingEntry, everythingScript, makeWorld, processesWithMarker, waitFor, type TempWorld } from '../composition/test-world.js';
import type { SwitchboardCore } from '../facade/types.js';
import { nextReload } from '../composition/test-cores.js';

let world: TempWorld | undefined;
let core: SwitchboardCore | undefined;
afterEach(async () => {
  await core?.dispose();
  if (world) expect(processesWithMarker(world.marker)).toEqual([]);
  world?.cleanup();
  core = undefined;
  world = undefined;
});

function writeCursor(w: TempWorld, servers: Record<string, unknown>): string {
  const file = join(w.home, '.cursor', 'mcp.json');
  mkdirSync(join(w.home, '.cursor'), { recursive: true });
  writeFileSync(file, `// cursor file\n${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);
  return file;
}

async function snapshot(c: SwitchboardCore): Promise<ServersSnapshot> {
  const r = await c.handlers['servers:list']({});
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

describe('live reload', () => {
  it('restarts only the changed server, keeps a manual stop, starts a new server', async () => {
    world = makeWorld();
    const w = world;
    const file = writeCursor(w, { a: everythingEntry(w, { V: '1' }), b: everythingEntry(w, { V: '1' }) });
    core = createSwitchboardCore(
      { platform: w.platform, projectDir: w.project, dataDir: w.dataDir, mode: 'web', version: '0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } },
      { watchConfig: true, eventDelayMs: 10 },
    );
    const c = core;
    await c.start();
    await c.settled();
    let snap = await snapshot(c);
    expect(snap.servers.map((s) => [s.server.name, s.status])).toEqual([['a', 'connected'], ['b', 'connected']]);
    const stopped = await c.handlers['servers:stop']({ server: 'b' });
    expect(stopped.ok).toBe(true);
    const aConnectedAt = snap.servers[0]!.connectedAt;

    // Change only a third, new server: a keeps its connection, b stays stopped.
    let reloaded = nextReload(c);
    writeCursor(w, { a: everythingEntry(w, { V: '1' }), b: everythingEntry(w, { V: '1' }), c: everythingEntry(w) });
    expect(await reloaded).toEqual([file]);
    await c.settled();
    snap = await snapshot(c);
    expect(snap.servers.map((s) => [s.server.name, s.status])).toEqual([['a', 'connected'], ['b', 'stopped'], ['c', 'connected']]);
    expect(snap.servers[0]!.connectedAt).toBe(aConnectedAt);

    // Change b's own config: the manual stop no longer holds (docs/operator-verbs.md), b starts with the new config.
    reloaded = nextReload(c);
    writeCursor(w, { a: everythingEntry(w, { V: '1' }), b: everythingEntry(w, { V: '2' }), c: everythingEntry(w) });
    await reloaded;
    await c.settled();
    snap = await snapshot(c);
    expect(snap.servers.find((s) => s.server.name === 'a')!.connectedAt).toBe(aConnectedAt);
    expect(snap.servers.find((s) => s.server.name === 'b')!.status).toBe('connected');

    // Remove c: its process ends and its tools go at once.
    reloaded = nextReload(c);
    writeCursor(w, { a: everythingEntry(w, { V: '1' }), b: everythingEntry(w, { V: '2' }) });
    await reloaded;
    snap = await snapshot(c);
    expect(snap.servers.map((s) => s.server.name)).toEqual(['a', 'b']);
    const tools = await c.handlers['tools:list']({});
    expect(tools.ok && tools.data.every((t) => t.server !== 'c')).toBe(true);
    expect(await waitFor(() => processesWithMarker(w.marker).length === 2, 10_000)).toBe(true);
  }, 180_000);

  it('picks up a config file that did not exist (nor its folder) when the watcher started', async () => {
    world = makeWorld();
    const w = world;
    core = createSwitchboardCore(
      { platform: w.platform, projectDir: w.project, dataDir: w.dataDir, mode: 'web', version: '0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } },
      { watchConfig: true, eventDelayMs: 10 },
    );
    const c = core;
    await c.start();
    expect((await snapshot(c)).servers).toEqual([]);
    const reloaded = nextReload(c);
    const goose = join(w.xdgConfig, 'goose');
    mkdirSync(goose, { recursive: true });
    writeFileSync(join(goose, 'config.yaml'), `extensions:\n  g:\n    type: stdio\n    cmd: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(everythingScript())}, stdio]\n    envs: { SB_TEST_MARKER: ${w.marker} }\n    enabled: true\n`);
    // The folder appears first (one event), then the file: wait until the reload that saw the file.
    let files = await reloaded;
    while (!files.some((f) => f.endsWith('config.yaml'))) files = await nextReload(c);
    await c.settled();
    const snap = await snapshot(c);
    expect(snap.servers.map((s) => [s.server.name, s.status, s.server.source.host])).toEqual([['g', 'connected', 'goose']]);
  }, 180_000);
});
