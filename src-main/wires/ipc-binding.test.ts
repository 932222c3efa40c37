/**
 * The IPC binding end to end: preload API → (Electron-like wire, see fake-ipc-wire.ts) → main
 * binding → dispatch → handlers, and core events back.
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { EVENT_NAMES, type ApiHandlers, type EmitEvent, type SwitchboardApi } from '../../src-shared/api/contract.js';
import { ok } from '../../src-shared/api/envelope.js';
import type { ServersSnapshot } from '../../src-shared/api/status.js';
import { bindIpc } from './ipc-binding.js';
import { EVENT_CHANNELS, METHOD_CHANNELS } from './ipc-channels.js';
import { FakeWire } from './fake-ipc-wire.js';
import { createIpcApi } from './preload-api.js';
import type { RendererTarget } from './renderer-origin.js';

const indexPath = resolve('/opt/switchboard/out/renderer/index.html');
const target: RendererTarget = { kind: 'file', indexPath };
const rendererUrl = `${pathToFileURL(indexPath).href}#/servers`;

const snapshot: ServersSnapshot = {
  project: { dir: '/p', trusted: true, projectFiles: [] },
  servers: [],
  shadowed: [],
  warnings: [],
  totals: { servers: 0, connected: 0, tools: 0 },
};

/** Handlers that record what they received; `tools:call` echoes its parsed input. */
function recordingCore() {
  const received: Array<{ method: string; input: unknown }> = [];
  const listeners = new Set<EmitEvent>();
  const record = <T>(method: string, data: T) => async (input: unknown) => {
    received.push({ method, input });
    return ok(data);
  };
  // Only the methods these tests call; other domains' methods are not under test here.
  const handlers = {
    'app:info': record('app:info', { version: '0.1.0', mode: 'electron', dataDir: '/d', projectDir: '/p', platform: 'linux' }),
    'servers:list': record('servers:list', snapshot),
    'trust:grant': record('trust:grant', snapshot),
    'servers:addDefault': async () => {
      throw new Error('disk full');
    },
    'tools:list': record('tools:list', []),
    'tools:call': async (input) => {
      received.push({ method: 'tools:call', input });
      return ok({ server: input.server, tool: input.tool, isError: false, text: JSON.stringify(input.args), content: [] } as never);
    },
    'logs:get': record('logs:get', []),
  } as Partial<ApiHandlers> as ApiHandlers;
  const emit: EmitEvent = (event, payload) => {
    for (const l of listeners) l(event, payload);
  };
  return {
    received,
    emit,
    listenerCount: () => listeners.size,
    core: {
      handlers,
      subscribe: (l: EmitEvent) => {
        listeners.add(l);
        return () => void listeners.delete(l);
      },
    },
  };
}

describe('IPC binding', () => {
  let wire: FakeWire;
  let core: ReturnType<typeof recordingCore>;
  let api: SwitchboardApi;
  let refusals: string[];
  let unbind: () => void;

  beforeEach(() => {
    wire = new FakeWire(rendererUrl);
    core = recordingCore();
    refusals = [];
    unbind = bindIpc(wire.ipcMain, core.core, { getWindow: () => wire.window, target, log: (m) => refusals.push(m) });
    api = createIpcApi(wire.ipcRenderer());
  });

  it('registers exactly one channel per contract method', () => {
    expect([...wire.handlers.keys()].sort()).toEqual([...METHOD_CHANNELS].sort());
    expect(METHOD_CHANNELS).toContain('api:tools:call');
    expect([...EVENT_CHANNELS].sort()).toEqual(EVENT_NAMES.map((name) => `event:${name}`).sort());
    expect(EVENT_CHANNELS).toEqual(expect.arrayContaining(['event:servers:changed', 'event:tools:changed', 'event:logs:appended']));
  });

  it('round-trips a call and hands the handler the schema-parsed input', async () => {
    const info = await api.call('app:info', {});
    expect(info).toEqual({ ok: true, data: { version: '0.1.0', mode: 'electron', dataDir: '/d', projectDir: '/p', platform: 'linux' } });
    const called = await api.call('tools:call', { server: 'everything', tool: 'echo' });
    expect(called.ok && called.data.text).toBe('{}'); // `args` defaulted to {} by the schema in main
    expect(core.received.at(-1)).toEqual({ method: 'tools:call', input: { server: 'everything', tool: 'echo', args: {} } });
  });

  it('rejects bad input in main with BAD_REQUEST, before any handler runs', async () => {
    const res = await api.call('tools:call', { server: '', tool: 'echo', extra: 1 } as never);
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.code).toBe('BAD_REQUEST');
      expect(res.error.message).toMatch(/^Invalid input for tools:call: /);
    }
    expect(core.received).toEqual([]);
  });

  it('refuses an undeclared method in the preload without touching IPC', async () => {
    const res = await api.call('fs:readFile' as never, {} as never);
    expect(res).toEqual({ ok: false, error: { code: 'BAD_REQUEST', message: 'Unknown method: fs:readFile' } });
    expect(wire.invoked).toEqual([]);
  });

  it('turns a throwing handler into an INTERNAL result', async () => {
    expect(await api.call('servers:addDefault', {})).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'disk full' } });
  });

  it('forwards core events as payload only, and unsubscribes', () => {
    const seen: unknown[][] = [];
    const off = api.on('servers:changed', (...args: unknown[]) => void seen.push(args));
    core.emit('servers:changed', snapshot);
    core.emit('tools:changed', { server: 'x' }); // another event: not delivered to this listener
    expect(seen).toEqual([[snapshot]]);
    off();
    off(); // idempotent
    core.emit('servers:changed', snapshot);
    expect(seen).toHaveLength(1);
  });

  it('refuses to subscribe to an undeclared event', () => {
    expect(() => api.on('ipc:raw' as never, () => undefined)).toThrow(new TypeError('Unknown event: ipc:raw'));
    expect(() => api.on('servers:changed', 'nope' as never)).toThrow(TypeError);
  });

  describe('sender check', () => {
    it('refuses another webContents', async () => {
      const intruder = createIpcApi(wire.ipcRenderer({ id: 'other' }));
      const res = await intruder.call('servers:list', {});
      expect(res).toEqual({ ok: false, error: { code: 'BAD_REQUEST', message: 'Refused servers:list: sender is not the main window' } });
      expect(core.received).toEqual([]);
      expect(refusals).toEqual(['[ipc] refused servers:list: sender is not the main window']);
    });

    it('refuses a sub-frame, a foreign URL and a vanished frame', async () => {
      wire.frame = { url: rendererUrl, parent: { url: rendererUrl, parent: null } };
      expect((await api.call('servers:list', {})).ok).toBe(false);
      wire.frame = { url: 'https://evil.example/', parent: null };
      const foreign = await api.call('servers:list', {});
      expect(!foreign.ok && foreign.error.message).toBe('Refused servers:list: sender frame is not the Switchboard renderer');
      wire.frame = null;
      const gone = await api.call('servers:list', {});
      expect(!gone.ok && gone.error.message).toBe('Refused servers:list: sender frame is gone');
      expect(core.received).toEqual([]);
    });

    it('refuses calls once the window is destroyed, and sends it no events', async () => {
      const seen: unknown[] = [];
      api.on('servers:changed', (p) => void seen.push(p));
      wire.destroyed = true;
      const res = await api.call('servers:list', {});
      expect(!res.ok && res.error.message).toBe('Refused servers:list: no main window');
      core.emit('servers:changed', snapshot);
      expect(seen).toEqual([]);
    });
  });

  it('unbinding removes every handler and the event subscription', async () => {
    expect(core.listenerCount()).toBe(1);
    unbind();
    expect(wire.handlers.size).toBe(0);
    expect(core.listenerCount()).toBe(0);
    const res = await api.call('servers:list', {});
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.code).toBe('INTERNAL');
      expect(res.error.message).toContain("No handler registered for 'api:servers:list'");
    }
  });

  it('reports a reply that is not an envelope as INTERNAL', async () => {
    wire.handlers.set('api:servers:list', async () => ({ data: 'no ok flag' }));
    expect(await api.call('servers:list', {})).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: 'Malformed reply to servers:list' },
    });
  });
});
