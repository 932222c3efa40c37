/**
 * Issue 9 item 6: an HTTP URL with `user:password@` could never connect (fetch refuses credentials
 * in a URL). A real server-everything behind a real proxy that demands `Authorization: Basic`:
 * the definition's URL userinfo is sent as Basic auth, and the password is masked in status, logs,
 * the trace and the test report.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../../composition/switchboard-core.js';
import { everythingScript, makeWorld, writeOwnServers, type TempWorld } from '../../composition/test-world.js';
import type { SwitchboardCore } from '../../facade/types.js';
import { startEverythingHttp, type EverythingHttp } from '../testing/test-helpers.js';

const PASSWORD = 'pw-in-url-5e1f0c9a';
let world: TempWorld;
let upstream: EverythingHttp;
let proxy: http.Server;
let core: SwitchboardCore;
const refused: string[] = [];

beforeAll(async () => {
  upstream = await startEverythingHttp('streamableHttp');
  const expected = `Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}`;
  proxy = http.createServer((req, res) => {
    if (req.headers.authorization !== expected) {
      refused.push(String(req.headers.authorization));
      res.writeHead(401).end('who are you?');
      return;
    }
    const forward = http.request({ host: '127.0.0.1', port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = (proxy.address() as AddressInfo).port;
  world = makeWorld();
  writeOwnServers(world, { basic: { type: 'http', url: `http://alice:${PASSWORD}@127.0.0.1:${port}/mcp` } });
  core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'cli', version: '0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } });
  await core.start();
  await core.settled();
}, 180_000);

afterAll(async () => {
  await core?.dispose();
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await upstream?.stop();
  world?.cleanup();
});

describe('URL userinfo as Basic auth (issue 9 item 6)', () => {
  it('connects with Authorization: Basic and masks the password everywhere it shows', async () => {
    const list = await core.handlers['servers:list']({});
    const state = list.ok ? list.data.servers.find((s) => s.server.name === 'basic') : undefined;
    expect(state?.status).toBe('connected');
    expect(state?.server.url).toBe(`http://alice:***@127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`);
    expect(refused).toEqual([]);
    const call = await core.handlers['tools:call']({ server: 'basic', tool: 'echo', args: { message: 'hi' } } as never);
    expect(JSON.stringify(call)).toContain('Echo: hi');
    const shown = JSON.stringify([
      list,
      await core.handlers['logs:get']({ server: 'basic' }),
      await core.handlers['trace:get']({ server: 'basic' }),
      await core.handlers['servers:test']({ server: 'basic' }),
    ]);
    expect(shown).toContain('alice:***@');
    expect(shown).not.toContain(PASSWORD);
  }, 180_000);
});
