/**
 * The web client against a real WebSocket server on 127.0.0.1 (the `ws` package), speaking the
 * wire.ts frames: id pairing, events, NOT_CONNECTED on a closed socket, reconnect + resync.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { AddressInfo } from 'node:net';
import type { ServersSnapshot } from '../../../src-shared/api/status.js';
import { createWebClient, reconnectDelay, type WebClient, type WebSocketLike } from './web-client.js';
import { createSwitchboardStore } from '../store/switchboard-store.js';

const snapshot = (name: string): ServersSnapshot => ({
  project: { dir: '/p', trusted: true, projectFiles: [] },
  servers: [
    {
      server: {
        name,
        transport: 'stdio',
        command: 'node',
        args: [],
        envKeys: [],
        headerKeys: [],
        enabled: true,
        timeoutMs: 30000,
        source: { host: 'switchboard', file: '/d/servers.json', line: 3, scope: 'app' },
        unresolved: [],
      },
      status: 'connected',
      toolCount: 1,
      restartCount: 0,
      recentLatencyMs: [],
      shadows: [],
    },
  ],
  shadowed: [],
  warnings: [],
  totals: { servers: 1, connected: 1, tools: 1 },
});

type Handler = (msg: { id: number; method: string; input: unknown }, socket: WebSocket) => void;

/** A tiny host: answers calls with `handler`, remembers sockets. */
async function startHost(handler: Handler, port = 0) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const sockets = new Set<WebSocket>();
  const calls: string[] = [];
  const listens: string[][] = [];
  wss.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('message', (data) => {
      const msg = JSON.parse(String(data));
      if (msg.type === 'listen') return void listens.push(msg.events);
      calls.push(msg.method);
      handler(msg, socket);
    });
  });
  const close = async () => {
    for (const s of sockets) s.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  };
  return { wss, sockets, calls, listens, port: (wss.address() as AddressInfo).port, close };
}

const reply = (socket: WebSocket, id: number, result: unknown) => socket.send(JSON.stringify({ type: 'result', id, result }));

/** Poll `cond` every 10 ms until true or `ms` pass. */
async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const nodeSocket = (url: string) => new WebSocket(url) as unknown as WebSocketLike;

let client: WebClient | undefined;
const hosts: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  client?.close();
  client = undefined;
  for (const h of hosts.splice(0)) await h.close();
});

describe('createWebClient', () => {
  it('pairs results with their calls by id, even when answered out of order', async () => {
    const held: Array<{ id: number; method: string; socket: WebSocket }> = [];
    const host = await startHost((msg, socket) => {
      if (msg.method === 'servers:list') return reply(socket, msg.id, { ok: true, data: snapshot('a') });
      held.push({ id: msg.id, method: msg.method, socket });
      if (held.length === 2) {
        // Answer the second call first.
        reply(held[1]!.socket, held[1]!.id, { ok: true, data: [] });
        reply(held[0]!.socket, held[0]!.id, { ok: false, error: { code: 'NOT_FOUND', message: 'no such server' } });
      }
    });
    hosts.push(host);
    client = createWebClient({ url: `ws://127.0.0.1:${host.port}/ws?token=t`, createSocket: nodeSocket });
    const [logs, tools] = await Promise.all([
      client.call('logs:get', { server: 'x' }),
      client.call('tools:list', {}),
    ]);
    expect(logs).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'no such server' } });
    expect(tools).toEqual({ ok: true, data: [] });
  });

  it('delivers valid events to listeners and drops malformed ones', async () => {
    const host = await startHost((msg, socket) => reply(socket, msg.id, { ok: true, data: snapshot('a') }));
    hosts.push(host);
    client = createWebClient({ url: `ws://127.0.0.1:${host.port}/ws`, createSocket: nodeSocket });
    const toolEvents: unknown[] = [];
    const logEvents: unknown[] = [];
    client.on('tools:changed', (p) => toolEvents.push(p));
    client.on('logs:appended', (p) => logEvents.push(p));
    await until(() => client!.state === 'open' && toolEvents.length === 1); // resync's tools:changed
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const socket = [...host.sockets][0]!;
    socket.send(JSON.stringify({ type: 'event', event: 'logs:appended', payload: [{ nope: true }] }));
    socket.send(JSON.stringify({ type: 'event', event: 'not:an-event', payload: {} }));
    socket.send('not json');
    const line = { seq: 7, server: 'a', time: 1, stream: 'stderr', text: 'hello' };
    socket.send(JSON.stringify({ type: 'event', event: 'logs:appended', payload: [line] }));
    socket.send(JSON.stringify({ type: 'event', event: 'tools:changed', payload: { server: 'a' } }));
    await until(() => toolEvents.length === 2);
    expect(logEvents).toEqual([[line]]);
    expect(toolEvents).toEqual([{}, { server: 'a' }]);
    expect(warn).toHaveBeenCalledTimes(1); // the malformed logs:appended, named in the warning
    expect(String(warn.mock.calls[0]![0])).toContain('logs:appended');
    warn.mockRestore();
  });

  it('hands a large event over in slices, in order, none lost; an event nobody listens to is not validated', async () => {
    const host = await startHost((msg, socket) => reply(socket, msg.id, { ok: true, data: snapshot('a') }));
    hosts.push(host);
    client = createWebClient({ url: `ws://127.0.0.1:${host.port}/ws`, createSocket: nodeSocket });
    const toolEvents: unknown[] = [];
    const parts: number[][] = [];
    client.on('tools:changed', (p) => toolEvents.push(p));
    client.on('logs:appended', (p) => parts.push(p.map((l) => l.seq)));
    await until(() => client!.state === 'open' && toolEvents.length === 1);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const socket = [...host.sockets][0]!;
    const lines = Array.from({ length: 1234 }, (_, i) => ({ seq: i + 1, server: 'a', time: 1, stream: 'stderr', text: `line ${i + 1}` }));
    socket.send(JSON.stringify({ type: 'event', event: 'logs:appended', payload: lines }));
    // Malformed, but no listener: dropped without a warning (it was never validated).
    socket.send(JSON.stringify({ type: 'event', event: 'trace:appended', payload: [{ nope: true }] }));
    socket.send(JSON.stringify({ type: 'event', event: 'tools:changed', payload: { server: 'a' } }));
    await until(() => toolEvents.length === 2);
    expect(parts.map((p) => p.length)).toEqual([100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 34]);
    expect(parts.flat()).toEqual(lines.map((l) => l.seq));
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('does not even parse an event frame nobody listens to (text frames, as a browser delivers them)', async () => {
    const host = await startHost((msg, socket) => reply(socket, msg.id, { ok: true, data: snapshot('a') }));
    hosts.push(host);
    // A browser hands text frames over as strings; Node's ws as Buffers.
    const textSocket = (url: string): WebSocketLike => {
      const ws = new WebSocket(url);
      return {
        get readyState() {
          return ws.readyState;
        },
        send: (d: string) => ws.send(d),
        close: (c?: number, r?: string) => ws.close(c, r),
        addEventListener: ((type: string, l: (e?: { data: unknown }) => void) =>
          type === 'message' ? ws.on('message', (d) => l({ data: String(d) })) : ws.on(type, () => l())) as WebSocketLike['addEventListener'],
      };
    };
    client = createWebClient({ url: `ws://127.0.0.1:${host.port}/ws`, createSocket: textSocket });
    const toolEvents: unknown[] = [];
    const logs: number[] = [];
    client.on('tools:changed', (p) => toolEvents.push(p));
    client.on('logs:appended', (p) => logs.push(...p.map((l) => l.seq)));
    await until(() => client!.state === 'open' && toolEvents.length === 1);
    const parse = vi.spyOn(JSON, 'parse');
    const socket = [...host.sockets][0]!;
    const trace = JSON.stringify({ type: 'event', event: 'trace:appended', payload: [{ server: 'a', n: 1 }] });
    socket.send(trace);
    socket.send(JSON.stringify({ type: 'event', event: 'logs:appended', payload: [{ seq: 7, server: 'a', time: 1, stream: 'stderr', text: 'x' }] }));
    socket.send(JSON.stringify({ type: 'event', event: 'tools:changed', payload: { server: 'a' } }));
    await until(() => toolEvents.length === 2);
    const parsed = parse.mock.calls.map((c) => c[0]);
    parse.mockRestore();
    expect(parsed).not.toContain(trace);
    expect(parsed.filter((t) => typeof t === 'string' && t.includes('"event"'))).toHaveLength(2);
    expect(logs).toEqual([7]);
  });

  it('tells the host which events it listens to: on open, at once when one gains a listener (before a later call), lazily when one loses its last', async () => {
    const host = await startHost((msg, socket) => reply(socket, msg.id, { ok: true, data: msg.method === 'servers:list' ? snapshot('a') : [] }));
    hosts.push(host);
    client = createWebClient({ url: `ws://127.0.0.1:${host.port}/ws`, createSocket: nodeSocket });
    const offTools = client.on('tools:changed', () => undefined);
    await until(() => client!.state === 'open' && host.listens.length === 1);
    expect(host.listens).toEqual([['tools:changed']]);
    // A frame per change: the new listener's frame goes out before the call made after it.
    const order: string[] = [];
    const socket = [...host.sockets][0]!;
    socket.on('message', (d) => order.push(JSON.parse(String(d)).type));
    const offTrace = client.on('trace:appended', () => undefined);
    await client.call('trace:get', { server: 'a' });
    expect(order).toEqual(['listen', 'call']);
    expect(host.listens.at(-1)).toEqual(['tools:changed', 'trace:appended']);
    offTrace();
    offTools();
    await until(() => host.listens.length === 3);
    expect(host.listens.at(-1)).toEqual([]);
  });

  it('resolves calls in flight NOT_CONNECTED when the socket closes, then reconnects and resyncs', async () => {
    let version = 'before';
    let swallow = false;
    const handler: Handler = (msg, socket) => {
      if (swallow && msg.method === 'tools:list') return; // never answered: the socket will drop
      reply(socket, msg.id, { ok: true, data: msg.method === 'servers:list' ? snapshot(version) : [] });
    };
    const host = await startHost(handler);
    const port = host.port;
    client = createWebClient({
      url: `ws://127.0.0.1:${port}/ws`,
      createSocket: nodeSocket,
      initialBackoffMs: 20,
      maxBackoffMs: 100,
    });
    const snapshots: string[] = [];
    const states: string[] = [];
    client.on('servers:changed', (s) => snapshots.push(s.servers[0]!.server.name));
    client.onConnection((s) => states.push(s));
    await until(() => snapshots.length === 1);
    expect(snapshots).toEqual(['before']);

    swallow = true;
    const inFlight = client.call('tools:list', {});
    await until(() => host.calls.filter((c) => c === 'tools:list').length === 1);
    await host.close();
    const r = await inFlight;
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('NOT_CONNECTED');
    expect(client.state).not.toBe('open');

    // The host comes back on the same port with new state: the client reconnects and catches up.
    version = 'after';
    swallow = false;
    const again = await startHost(handler, port);
    hosts.push(again);
    await until(() => snapshots.length === 2);
    expect(snapshots).toEqual(['before', 'after']);
    expect(states).toContain('closed');
    expect(client.state).toBe('open');
    expect(await client.call('tools:list', {})).toEqual({ ok: true, data: [] });
  });

  it('asks checkSession after a loss: unreachable or live → keeps reconnecting (same owner back: resync); gone → stops for good, state gone', async () => {
    const handler: Handler = (msg, socket) => reply(socket, msg.id, { ok: true, data: msg.method === 'servers:list' ? snapshot('a') : [] });
    const host = await startHost(handler);
    const port = host.port;
    let session: 'live' | 'gone' | 'unreachable' = 'unreachable';
    const checks: string[] = [];
    client = createWebClient({
      url: `ws://127.0.0.1:${port}/ws`,
      createSocket: nodeSocket,
      initialBackoffMs: 20,
      maxBackoffMs: 100,
      checkSession: async () => {
        checks.push(session);
        return session;
      },
    });
    const snapshots: string[] = [];
    client.on('servers:changed', (s) => snapshots.push(s.servers[0]!.server.name));
    await until(() => snapshots.length === 1);
    await host.close();
    await until(() => checks.length >= 2); // unreachable: asked again after each failed attempt
    expect(client.state).not.toBe('gone');
    // The same owner comes back (a blip): reconnected and refreshed.
    const back = await startHost(handler, port);
    await until(() => snapshots.length === 2 && client!.state === 'open');
    // Now the address refuses the page (a new Switchboard with a new token): no more retries.
    session = 'gone';
    await back.close();
    await until(() => client!.state === 'gone');
    const attempts = checks.length;
    const again = await startHost(handler, port);
    hosts.push(again);
    await new Promise((r) => setTimeout(r, 500));
    expect(client.state).toBe('gone');
    expect(checks.length).toBe(attempts);
    expect(again.sockets.size).toBe(0);
    const r = await client.call('tools:list', {});
    expect(!r.ok && r.error.code).toBe('NOT_CONNECTED');
  });

  it('resolves NOT_CONNECTED when no host answers within connectWaitMs, and after close()', async () => {
    // A port that was just free: bind, read it, release.
    const probe = await startHost(() => undefined);
    const port = probe.port;
    await probe.close();
    client = createWebClient({
      url: `ws://127.0.0.1:${port}/ws`,
      createSocket: nodeSocket,
      connectWaitMs: 150,
      initialBackoffMs: 50,
    });
    const started = Date.now();
    const r = await client.call('servers:list', {});
    expect(r).toMatchObject({ ok: false, error: { code: 'NOT_CONNECTED' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    client.close();
    expect(client.state).toBe('closed');
    expect(await client.call('app:info', {})).toMatchObject({ ok: false, error: { code: 'NOT_CONNECTED' } });
  });
});

describe('reconnecting to a restarted owner (issue 27 item 5)', () => {
  it('retries 250, 500, 1000 ms, then every 2000 ms: an owner answering again is reached within 5 s', async () => {
    vi.useFakeTimers();
    try {
      const attempts: number[] = [];
      // A socket that never opens: each attempt closes at once, as a refused connection does.
      const refused = (): WebSocketLike => {
        attempts.push(Date.now());
        const closeListeners: Array<() => void> = [];
        queueMicrotask(() => closeListeners.forEach((l) => l()));
        const addEventListener = (type: string, l: () => void): void => void (type === 'close' && closeListeners.push(l));
        return { readyState: 3, send: () => undefined, close: () => undefined, addEventListener } as unknown as WebSocketLike;
      };
      client = createWebClient({ url: 'ws://127.0.0.1:1/ws', createSocket: refused });
      for (let i = 0; i < 8; i++) await vi.advanceTimersToNextTimerAsync();
      const gaps = attempts.slice(1).map((t, i) => t - attempts[i]!);
      expect(gaps.slice(0, 7)).toEqual([250, 500, 1000, 2000, 2000, 2000, 2000]);
      expect([0, 1, 2, 3, 4, 10].map((a) => reconnectDelay(a))).toEqual([250, 500, 1000, 2000, 2000, 2000]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('after a reconnect refreshes the servers, tools, notification summary and rules', async () => {
    let unread = 1;
    const summary = () => ({ lastSeq: unread, unread, unreadByServer: {}, unreadByChannel: [], paused: [], pendingConfirmations: 0 });
    const triggers = () => ({ file: `t${unread}`, rules: [], warnings: [], pending: [], firings: [] });
    const handler: Handler = (msg, socket) =>
      reply(socket, msg.id, { ok: true, data: msg.method === 'servers:list' ? snapshot(`s${unread}`) : msg.method === 'channels:summary' ? summary() : msg.method === 'triggers:list' ? triggers() : [] });
    const host = await startHost(handler);
    const port = host.port;
    client = createWebClient({ url: `ws://127.0.0.1:${port}/ws`, createSocket: nodeSocket, initialBackoffMs: 20, maxBackoffMs: 100 });
    const seen: string[] = [];
    client.on('servers:changed', (s) => seen.push(`servers ${s.servers[0]!.server.name}`));
    client.on('tools:changed', () => seen.push('tools'));
    client.on('channels:changed', (c) => seen.push(`channels ${c.unread}`));
    client.on('triggers:changed', (t) => seen.push(`triggers ${t.file}`));
    await until(() => seen.length === 4);
    await host.close();
    await until(() => client!.state !== 'open');
    unread = 2; // what changed while the page was cut off
    hosts.push(await startHost(handler, port));
    await until(() => seen.length === 8);
    expect(seen.slice(4)).toEqual(['servers s2', 'tools', 'channels 2', 'triggers t2']);
  });

  it('a page opening while a server connects ends connected: the older list its resync fetched does not overwrite the newer event (the store keeps the newer revision)', async () => {
    const list = (status: 'connecting' | 'connected', seq: number): ServersSnapshot => {
      const s = snapshot('mon');
      return { ...s, servers: [{ ...s.servers[0]!, status }], revision: { core: 'c', seq } };
    };
    // Every servers:list answer was built while `mon` connected; the event that it is connected
    // follows at once, before the notification summary and the rules answer (the resync waits for them).
    const host = await startHost((msg, socket) => {
      if (msg.method === 'servers:list') {
        reply(socket, msg.id, { ok: true, data: list('connecting', 1) });
        socket.send(JSON.stringify({ type: 'event', event: 'servers:changed', payload: list('connected', 2) }));
      } else if (msg.method === 'tools:list') reply(socket, msg.id, { ok: true, data: [] });
      else setTimeout(() => reply(socket, msg.id, { ok: false, error: { code: 'NOT_FOUND', message: 'none here' } }), 50);
    });
    hosts.push(host);
    client = createWebClient({ url: `ws://127.0.0.1:${host.port}/ws`, createSocket: nodeSocket });
    const store = createSwitchboardStore(client, client, { frame: (run) => (run(), () => undefined) });
    await until(() => host.calls.filter((m) => m === 'triggers:list').length === 1 && host.calls.includes('tools:list'));
    await new Promise((r) => setTimeout(r, 200));
    expect(store.getState().snapshot?.servers.map((s) => s.status)).toEqual(['connected']);
    store.dispose();
  });
});
