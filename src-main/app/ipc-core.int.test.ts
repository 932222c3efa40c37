/**
 * The desktop app's road without Electron: the real core (created as main.ts creates it, mode
 * `electron`, reference server launched as `<execPath> <script> stdio` with ELECTRON_RUN_AS_NODE)
 * bound through `bindIpc` to the preload's `createIpcApi`, over an Electron-like wire. The reference
 * server is the real server-everything; the tray summary is computed from the forwarded events.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SwitchboardApi } from '../../src-shared/api/contract.js';
import type { ServersSnapshot } from '../../src-shared/api/status.js';
import { resolveReferenceServerScript } from '../core/config/reference-server.js';
import { createSwitchboardCore } from '../core/composition/switchboard-core.js';
import type { SwitchboardCore } from '../core/facade/types.js';
import { makeWorld, processesWithMarker, waitFor, type TempWorld } from '../host/test-fixtures.js';
import { FakeWire } from '../wires/fake-ipc-wire.js';
import { bindIpc } from '../wires/ipc-binding.js';
import { createIpcApi } from '../wires/preload-api.js';
import type { RendererTarget } from './renderer-target.js';
import { summarizeTray } from './tray-state.js';

describe('IPC binding over the real core', () => {
  let world: TempWorld;
  let core: SwitchboardCore;
  let api: SwitchboardApi;
  let unbind: () => void;

  beforeEach(() => {
    world = makeWorld();
    const indexPath = join(world.root, 'out', 'renderer', 'index.html');
    const target: RendererTarget = { kind: 'file', indexPath };
    core = createSwitchboardCore({
      platform: world.platform,
      projectDir: world.project,
      dataDir: world.dataDir,
      mode: 'electron',
      version: '0.1.0',
      referenceServer: {
        command: process.execPath,
        args: [resolveReferenceServerScript(), 'stdio'],
        env: { ELECTRON_RUN_AS_NODE: '1', SB_TEST_MARKER: world.marker },
      },
    });
    const wire = new FakeWire(pathToFileURL(indexPath).href);
    unbind = bindIpc(wire.ipcMain, core, { getWindow: () => wire.window, target });
    api = createIpcApi(wire.ipcRenderer());
  });

  afterEach(async () => {
    unbind();
    await core.dispose();
    world.cleanup();
  });

  it('answers app:info for the electron face', async () => {
    await core.start();
    const info = await api.call('app:info', {});
    expect(info.ok).toBe(true);
    if (info.ok) {
      expect(info.data.mode).toBe('electron');
      expect(info.data.projectDir).toBe(world.project);
      expect(info.data.dataDir).toBe(world.dataDir);
      expect(info.data.version).toBe('0.1.0');
    }
  });

  it('adds the reference server, streams its status to the renderer and the tray, calls a tool, leaves no process', async () => {
    await core.start();
    let latest: ServersSnapshot | undefined;
    const off = api.on('servers:changed', (snapshot) => {
      latest = snapshot;
    });
    const empty = await api.call('servers:list', {});
    expect(empty.ok && empty.data.servers.length).toBe(0);
    expect(summarizeTray(empty.ok ? empty.data : undefined).tooltip).toBe('0 of 0 servers connected');

    const added = await api.call('servers:addDefault', {});
    expect(added.ok).toBe(true);
    expect(added.ok && added.data.servers.map((s) => s.server.name)).toEqual(['everything']);

    const connected = await waitFor(() => latest?.servers[0]?.status === 'connected', 20_000);
    expect(connected, `last status: ${latest?.servers[0]?.status} ${latest?.servers[0]?.lastError ?? ''}`).toBe(true);
    const tray = summarizeTray(latest);
    expect(tray.level).toBe('green');
    expect(tray.tooltip).toBe('1 of 1 servers connected');
    expect(processesWithMarker(world.marker).length).toBeGreaterThan(0);

    const call = await api.call('tools:call', { server: 'everything', tool: 'echo', args: { message: 'hello over ipc' } });
    expect(call.ok).toBe(true);
    if (call.ok) {
      expect(call.data.isError).toBe(false);
      expect(call.data.text).toBe('Echo: hello over ipc');
    }
    off();

    await core.dispose();
    expect(await waitFor(() => processesWithMarker(world.marker).length === 0, 10_000)).toBe(true);
  });
});
