/**
 * Own writes do not echo (issue 29 item 4), against the real core, real files and the real watcher:
 * an edit made in Switchboard rediscovers once (the handler's refresh) and emits no
 * `config:reloaded` — the watcher recognises the write by its content signature — while an outside
 * write that lands right after ours is still seen. Discoveries are counted through the core's
 * `onDiscovered` test seam; no server runs (`onlyServers: []`).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { nextReload, ok, trackCores } from '../composition/test-cores.js';
import { everythingScript, makeWorld, type TempWorld } from '../composition/test-world.js';
import type { SwitchboardCore } from '../facade/types.js';

const open = trackCores();

function writeCursor(w: TempWorld, servers: Record<string, unknown>): string {
  const file = join(w.home, '.cursor', 'mcp.json');
  mkdirSync(join(w.home, '.cursor'), { recursive: true });
  writeFileSync(file, `// cursor file\n${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);
  return file;
}

interface Watched {
  core: SwitchboardCore;
  file: string;
  world: TempWorld;
  /** `config:reloaded` payloads since the core started. */
  reloads: string[][];
  /** Discovery passes since the last `resetCount()`. */
  discoveries(): number;
  resetCount(): void;
}

/** A started, watching core over a Cursor file with one server `a` (not run). */
async function watchedCore(): Promise<Watched> {
  const world = makeWorld();
  const file = writeCursor(world, { a: { command: 'node', args: ['a.js'] } });
  let discoveries = 0;
  const core = createSwitchboardCore(
    { platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'web', version: '0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } },
    { watchConfig: true, eventDelayMs: 10, onlyServers: [], onDiscovered: () => discoveries++ },
  );
  open.push({ world, core });
  const reloads: string[][] = [];
  core.subscribe((event, payload) => {
    if (event === 'config:reloaded') reloads.push((payload as { files: string[] }).files);
  });
  await core.start();
  await core.settled();
  return { core, file, world, reloads, discoveries: () => discoveries, resetCount: () => (discoveries = 0) };
}

/** The watcher's debounce (150 ms) and its refresh have had time to run; nothing queued is left. */
async function quiet(core: SwitchboardCore): Promise<void> {
  await sleep(500);
  await core.settled();
}

describe('own config writes (issue 29 item 4)', () => {
  it('a config edit emits no config:reloaded within 500 ms and discovers once', async () => {
    const t = await watchedCore();
    t.resetCount();
    const out = await ok(t.core.handlers['config:update']({ name: 'a', file: t.file, patch: { args: ['b.js'] } }));
    expect(out.written).toEqual(['args']);
    await quiet(t.core);
    expect(t.reloads).toEqual([]);
    expect(t.discoveries()).toBe(1);
    const snap = await ok(t.core.handlers['servers:list']({}));
    expect(snap.servers.map((s) => [s.server.name, s.server.args])).toEqual([['a', ['b.js']]]);
  }, 60_000);

  it('an outside write right after our own write is still seen', async () => {
    const t = await watchedCore();
    t.resetCount();
    await ok(t.core.handlers['config:update']({ name: 'a', file: t.file, patch: { args: ['b.js'] } }));
    const reloaded = nextReload(t.core);
    // Another program writes the file as soon as our edit returned, before the watcher looked.
    writeCursor(t.world, { a: { command: 'node', args: ['b.js'] }, c: { command: 'node', args: ['c.js'] } });
    expect(await reloaded).toEqual([t.file]);
    await quiet(t.core);
    expect(t.reloads).toEqual([[t.file]]);
    expect(t.discoveries()).toBe(2);
    const snap = await ok(t.core.handlers['servers:list']({}));
    expect(snap.servers.map((s) => s.server.name)).toEqual(['a', 'c']);
  }, 60_000);

  it('after our write was recognised, an outside write of the same length is seen', async () => {
    const t = await watchedCore();
    t.resetCount();
    await ok(t.core.handlers['config:update']({ name: 'a', file: t.file, patch: { args: ['b.js'] } }));
    await quiet(t.core);
    expect(t.reloads).toEqual([]);
    const ours = readFileSync(t.file, 'utf8');
    const reloaded = nextReload(t.core);
    // Same size, other bytes: only the content tells it from ours.
    const theirs = ours.replace('b.js', 'x.js');
    expect(theirs.length).toBe(ours.length);
    writeFileSync(t.file, theirs);
    expect(await reloaded).toEqual([t.file]);
    await quiet(t.core);
    expect(t.reloads).toEqual([[t.file]]);
    expect(t.discoveries()).toBe(2);
    const snap = await ok(t.core.handlers['servers:list']({}));
    expect(snap.servers.map((s) => [s.server.name, s.server.args])).toEqual([['a', ['x.js']]]);
  }, 60_000);
});
