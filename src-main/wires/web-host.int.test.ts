/**
 * The web host with real HTTP and WebSocket clients on 127.0.0.1, over a real core whose project
 * runs the real server-everything.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ServersSnapshotSchema } from '../../src-shared/api/status.js';
import { WireServerMessageSchema, type WireServerMessage } from '../../src-shared/api/wire.js';
import { TrustStore } from '../core/config/trust.js';
import { createSwitchboardCore } from '../core/composition/switchboard-core.js';
import type { SwitchboardCore } from '../core/facade/types.js';
import { everythingEntry, everythingScript, makeWorld, processesWithMarker, waitFor, writeProjectConfig, type TempWorld } from '../core/composition/test-world.js';
import { SANDBOX_PROXY_PATH } from './apps-sandbox.js';
import { startWebHost, type ClientCounts, type WebHost } from './web-host.js';

interface HttpReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function httpGet(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Open a socket; resolves with it once open, or with the HTTP status the upgrade was refused with. */
function openSocket(url: string, options: WebSocket.ClientOptions = {}): Promise<{ ws?: WebSocket; refused?: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, options);
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ refused: res.statusCode });
      ws.terminate();
    });
    ws.once('error', (err) => {
      // A refusal that closes the socket before a full response surfaces as an error.
      const m = /Unexpected server response: (\d+)/.exec(err.message);
      if (m) resolve({ refused: Number(m[1]) });
      else reject(err);
    });
  });
}

/** A socket client that pairs calls with results and records events. */
class WireClient {
  private nextId = 1;
  readonly messages: WireServerMessage[] = [];
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.messages.push(WireServerMessageSchema.parse(JSON.parse(data.toString()))));
  }
  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
  async call(method: string, input: unknown = {}): Promise<{ ok: boolean; data?: any; error?: { code: string; message: string } }> {
    const id = this.nextId++;
    this.send({ type: 'call', id, method, input });
    return this.result(id);
  }
  async result(id: number): Promise<any> {
    let found: WireServerMessage | undefined;
    const ok = await waitFor(() => (found = this.messages.find((m) => m.type === 'result' && m.id === id)) !== undefined, 60_000);
    if (!ok || found?.type !== 'result') throw new Error(`no result for call ${id}`);
    return found.result;
  }
  events(name: string): unknown[] {
    return this.messages.filter((m) => m.type === 'event' && m.event === name).map((m) => (m as { payload: unknown }).payload);
  }
}

describe('web host', () => {
  let world: TempWorld;
  let core: SwitchboardCore;
  let host: WebHost;
  let staticDir: string;
  let wsUrl: string;

  beforeAll(async () => {
    world = makeWorld();
    writeProjectConfig(world, { everything: everythingEntry(world, { API_SECRET: 'do-not-leak-42' }) });
    await new TrustStore(world.dataDir).trust(world.project);
    staticDir = join(world.root, 'renderer');
    mkdirSync(join(staticDir, 'assets'), { recursive: true });
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Switchboard</title>');
    writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(world.root, 'secret.txt'), 'outside the renderer');
    symlinkSync(join(world.root, 'secret.txt'), join(staticDir, 'escape.txt'));
    core = createSwitchboardCore({
      platform: world.platform,
      projectDir: world.project,
      dataDir: world.dataDir,
      mode: 'web',
      version: '9.9.9',
      referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] },
    });
    host = await startWebHost({ core, staticDir, port: 0 });
    wsUrl = `ws://127.0.0.1:${host.port}/ws?token=${host.token}`;
  });

  afterAll(async () => {
    await host?.close();
    await core?.dispose();
    world?.cleanup();
  });

  it('gives the page URL with a fresh token and listens on 127.0.0.1 only', async () => {
    expect(host.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`);
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (external) {
      const reached = await new Promise<boolean>((resolve) => {
        const s = connect({ host: external.address, port: host.port });
        s.once('connect', () => (s.destroy(), resolve(true)));
        s.once('error', () => resolve(false));
      });
      expect(reached).toBe(false);
    }
  });

  it('serves the renderer with content types and security headers, and nothing outside it', async () => {
    const index = await httpGet(host.port, '/?token=x', { Host: `127.0.0.1:${host.port}` });
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.body).toContain('<title>Switchboard</title>');
    expect(index.headers['content-security-policy']).toContain("script-src 'self'");
    expect(index.headers['content-security-policy']).toContain(`connect-src 'self' ws://127.0.0.1:${host.port} ws://localhost:${host.port}`);
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    expect(index.headers['referrer-policy']).toBe('no-referrer');
    const js = await httpGet(host.port, '/assets/app.js');
    expect([js.status, js.headers['content-type'], js.body]).toEqual([200, 'text/javascript; charset=utf-8', 'console.log(1)']);
    for (const path of ['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/escape.txt', '/missing.js', '/assets']) {
      const r = await httpGet(host.port, path);
      expect([path, r.status]).toEqual([path, 404]);
      expect(r.body).not.toContain('outside the renderer');
    }
    expect((await httpGet(host.port, '/', {}, 'POST')).status).toBe(405);
    expect((await httpGet(host.port, '/ws')).status).toBe(426);
  });

  it('refuses HTTP requests with a foreign Host header (DNS rebinding)', async () => {
    expect((await httpGet(host.port, '/', { Host: `evil.example:${host.port}` })).status).toBe(403);
    expect((await httpGet(host.port, '/', { Host: `127.0.0.1:${host.port + 1}` })).status).toBe(403);
    expect((await httpGet(host.port, '/', { Host: `localhost:${host.port}` })).status).toBe(200);
  });

  it('GET /session says whether the page token is this host’s (204) or not (401): a tab tells a stopped Switchboard from a blip', async () => {
    expect((await httpGet(host.port, '/session', { 'X-Switchboard-Token': host.token })).status).toBe(204);
    expect((await httpGet(host.port, '/session', { 'X-Switchboard-Token': 'a-token-of-another-switchboard' })).status).toBe(401);
    expect((await httpGet(host.port, '/session')).status).toBe(401);
    expect((await httpGet(host.port, '/session', { Host: `evil.example:${host.port}`, 'X-Switchboard-Token': host.token })).status).toBe(403);
  });

  it('refuses sockets without the right token, from other origins, hosts or paths', async () => {
    const base = `ws://127.0.0.1:${host.port}`;
    expect(await openSocket(`${base}/ws`)).toEqual({ refused: 401 });
    expect(await openSocket(`${base}/ws?token=`)).toEqual({ refused: 401 });
    // One character off. (It was always "…A": a token that itself ended in A — 1 in 64 — was the
    // right token, and ci31 failed twice on it, as the retry reused the host.)
    const wrong = `${host.token.slice(0, -1)}${host.token.endsWith('A') ? 'B' : 'A'}`;
    expect(wrong).not.toBe(host.token);
    expect(await openSocket(`${base}/ws?token=${wrong}`)).toEqual({ refused: 401 });
    expect(await openSocket(wsUrl, { origin: 'http://evil.example' })).toEqual({ refused: 403 });
    expect(await openSocket(wsUrl, { origin: 'null' })).toEqual({ refused: 403 });
    expect(await openSocket(wsUrl, { origin: `http://127.0.0.1:${host.port + 1}` })).toEqual({ refused: 403 });
    expect(await openSocket(wsUrl, { headers: { Host: `evil.example:${host.port}` } })).toEqual({ refused: 403 });
    expect(await openSocket(`${base}/other?token=${host.token}`)).toEqual({ refused: 404 });
  });

  it('carries calls and broadcasts events over an accepted socket', async () => {
    const page = await openSocket(wsUrl, { origin: `http://localhost:${host.port}` });
    const cli = await openSocket(wsUrl); // no Origin: a non-browser client
    expect(page.ws && cli.ws).toBeTruthy();
    const a = new WireClient(page.ws!);
    const b = new WireClient(cli.ws!);

    await core.start();
    for (const client of [a, b]) {
      const connected = await waitFor(
        () => client.events('servers:changed').some((p) => ServersSnapshotSchema.parse(p).servers[0]?.status === 'connected'),
        20_000,
      );
      expect(connected).toBe(true);
    }
    expect(JSON.stringify(a.messages)).not.toContain('do-not-leak-42');

    const info = await a.call('app:info');
    expect(info).toEqual({ ok: true, data: expect.objectContaining({ version: '9.9.9', mode: 'web', projectDir: world.project }) });
    const echo = await a.call('tools:call', { server: 'everything', tool: 'echo', args: { message: 'over the wire' } });
    expect(echo.ok).toBe(true);
    expect(echo.data.text).toBe('Echo: over the wire');
    const unknown = await a.call('servers:explode');
    expect(unknown).toEqual({ ok: false, error: { code: 'BAD_REQUEST', message: 'Unknown method: servers:explode' } });
    const badInput = await a.call('tools:call', { server: 'everything' });
    expect(badInput.ok).toBe(false);
    expect(badInput.error?.code).toBe('BAD_REQUEST');
    const notConnected = await b.call('tools:call', { server: 'nope', tool: 'echo', args: {} });
    expect(notConnected).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Unknown server "nope"' } });

    a.send('not json at all');
    a.send({ type: 'call', id: 77, method: 42 });
    expect(await a.result(77)).toEqual({ ok: false, error: { code: 'BAD_REQUEST', message: 'Malformed call frame' } });
    expect((await a.call('servers:list')).ok).toBe(true); // the socket survived the garbage

    const logs = await a.call('logs:get', { server: 'everything' });
    expect(logs.ok).toBe(true);
    expect(logs.data.length).toBeGreaterThan(0);
    page.ws!.close();
    cli.ws!.close();
  });

  it('sends a socket that named its events (WireListen) only those; others get every event', async () => {
    const [named, all] = [new WireClient((await openSocket(wsUrl)).ws!), new WireClient((await openSocket(wsUrl)).ws!)];
    named.send({ type: 'listen', events: ['servers:changed'] });
    // The frames are handled in order: the call's trace entries come after the listen frame.
    const echo = await named.call('tools:call', { server: 'everything', tool: 'echo', args: { message: 'traced' } });
    expect(echo.ok).toBe(true);
    expect(await waitFor(() => all.events('trace:appended').some((p) => JSON.stringify(p).includes('traced')), 20_000)).toBe(true);
    expect(named.events('trace:appended')).toEqual([]);
    named.send({ type: 'listen', events: ['trace:appended'] });
    expect((await named.call('tools:call', { server: 'everything', tool: 'echo', args: { message: 'now wanted' } })).ok).toBe(true);
    expect(await waitFor(() => named.events('trace:appended').some((p) => JSON.stringify(p).includes('now wanted')), 20_000)).toBe(true);
    named.ws.close();
    all.ws.close();
  });

  it('tells the open sockets by kind: a gateway door (client=gateway), a page (an Origin), a CLI verb (neither)', async () => {
    const seen: ClientCounts[] = [];
    const counted = await startWebHost({ core, port: 0, onClients: (c) => seen.push(c) });
    try {
      // A host without the page starts no sandbox: apps:sandbox still answers the page host's.
      expect(counted.sandboxOrigin).toBeUndefined();
      expect(await core.handlers['apps:sandbox']({})).toEqual({ ok: true, data: { origin: host.sandboxOrigin } });
      const url = `ws://127.0.0.1:${counted.port}/ws?token=${counted.token}`;
      const door = await openSocket(`${url}&client=gateway`);
      const page = await openSocket(url, { origin: `http://127.0.0.1:${counted.port}` });
      const cli = await openSocket(url);
      // Closed one by one, each close told before the next.
      for (const s of [cli, page, door]) {
        const before = seen.length;
        s.ws?.close();
        expect(await waitFor(() => seen.length === before + 1, 10_000)).toBe(true);
      }
      expect(seen).toEqual([
        { gateway: 1, page: 0, cli: 0 },
        { gateway: 1, page: 1, cli: 0 },
        { gateway: 1, page: 1, cli: 1 },
        { gateway: 1, page: 1, cli: 0 },
        { gateway: 1, page: 0, cli: 0 },
        { gateway: 0, page: 0, cli: 0 },
      ]);
    } finally {
      await counted.close();
    }
  });

  // Issue 33 § 2: the MCP Apps sandbox, a second 127.0.0.1 listener serving only the proxy page.
  it('starts the MCP Apps sandbox on its own 127.0.0.1 port, another origin than the app, never ::1', async () => {
    const sandboxPort = Number(new URL(host.sandboxOrigin ?? '').port);
    expect(host.sandboxOrigin).toBe(`http://127.0.0.1:${sandboxPort}`);
    expect(sandboxPort).not.toBe(host.port);
    expect(sandboxPort).toBeGreaterThan(0);
    const onV6 = await new Promise<boolean>((resolve) => {
      const s = connect({ host: '::1', port: sandboxPort });
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    expect(onV6).toBe(false);
  });

  it('answers apps:sandbox over the web wire with the sandbox origin', async () => {
    const { ws } = await openSocket(wsUrl);
    if (!ws) throw new Error('the socket was refused');
    try {
      expect(await new WireClient(ws).call('apps:sandbox')).toEqual({ ok: true, data: { origin: host.sandboxOrigin } });
    } finally {
      ws.close();
    }
  });

  it('the sandbox serves the proxy page with the app CSP, frame-ancestors the app origin, no referrer; the app may frame it', async () => {
    const sandboxPort = Number(new URL(host.sandboxOrigin ?? '').port);
    const csp = encodeURIComponent(JSON.stringify({ connectDomains: ['https://api.example.com', 'https://x.com; script-src *'] }));
    const perms = encodeURIComponent(JSON.stringify({ camera: {}, clipboardWrite: {} }));
    const r = await httpGet(sandboxPort, `${SANDBOX_PROXY_PATH}?csp=${csp}&permissions=${perms}`);
    expect(r.status).toBe(200);
    expect(r.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; media-src 'self' data:; " +
        `connect-src https://api.example.com; frame-src 'none'; object-src 'none'; base-uri 'self'; frame-ancestors http://127.0.0.1:${host.port} http://localhost:${host.port}`,
    );
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.headers['set-cookie']).toBeUndefined();
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.body).toContain(`const HOSTS = ["http://127.0.0.1:${host.port}","http://localhost:${host.port}"]`);
    expect(r.body).toContain('const ALLOW = "camera; clipboard-write"');
    expect(r.body).not.toContain(host.token);
    const app = await httpGet(host.port, '/');
    expect(String(app.headers['content-security-policy'])).toMatch(new RegExp(`; frame-src http://127\\.0\\.0\\.1:${sandboxPort}$`));
  });

  it('the sandbox answers 404 for every other path and method, 403 for a foreign Host, with the same headers', async () => {
    const sandboxPort = Number(new URL(host.sandboxOrigin ?? '').port);
    for (const [path, method] of [['/', 'GET'], ['/ws', 'GET'], ['/api', 'POST'], ['/sandbox-proxy.html/x', 'GET'], [SANDBOX_PROXY_PATH, 'POST']] as const) {
      const r = await httpGet(sandboxPort, path, {}, method);
      expect([path, method, r.status, r.headers['content-security-policy'], r.headers['referrer-policy']]).toEqual([path, method, 404, `frame-ancestors http://127.0.0.1:${host.port} http://localhost:${host.port}`, 'no-referrer']);
    }
    expect((await httpGet(sandboxPort, SANDBOX_PROXY_PATH, { Host: `evil.example:${sandboxPort}` })).status).toBe(403);
  });

  it('close() ends sockets and the listener; disposing the core leaves no server process', async () => {
    const { ws } = await openSocket(wsUrl);
    const closed = new Promise<number>((resolve) => ws!.once('close', (code) => resolve(code)));
    await host.close();
    await closed;
    const refused = (port: number): Promise<boolean> =>
      new Promise<boolean>((resolve) => {
        const s = connect({ host: '127.0.0.1', port });
        s.once('connect', () => (s.destroy(), resolve(false)));
        s.once('error', () => resolve(true));
      });
    expect(await refused(host.port)).toBe(true);
    expect(await refused(Number(new URL(host.sandboxOrigin ?? '').port))).toBe(true);
    // No sandbox runs any more: the core says so (a one-shot core answers the same).
    expect(await core.handlers['apps:sandbox']({})).toEqual({ ok: true, data: null });
    expect(processesWithMarker(world.marker).length).toBeGreaterThan(0);
    await core.dispose();
    expect(processesWithMarker(world.marker)).toEqual([]);
  });
});
