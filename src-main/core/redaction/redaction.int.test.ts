/**
 * docs/auth.md: a token we send never comes back through what we show, even when the server echoes it.
 * A real HTTP server answers every POST with a 500 whose body quotes the Authorization header; the
 * core (real discovery of a temp servers.json, real manager) must show its status, test report and
 * call failures without the token — as `logs` already did.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { everythingScript, makeWorld, writeOwnServers, type TempWorld } from '../composition/test-world.js';
import type { SwitchboardCore } from '../facade/types.js';

const TOKEN = 'tok-echoed-7f3a9c21d4e8b6';

let world: TempWorld;
let server: http.Server;
let core: SwitchboardCore;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`upstream failed: auth=${req.headers.authorization ?? '(none)'}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  world = makeWorld();
  writeOwnServers(world, { echoer: { type: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: { Authorization: `Bearer ${TOKEN}` } } });
  core = createSwitchboardCore({
    platform: world.platform,
    projectDir: world.project,
    dataDir: world.dataDir,
    mode: 'cli',
    version: '1.0.0',
    referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] },
  });
  await core.start();
  await core.settled();
}, 180_000);

afterAll(async () => {
  await core?.dispose();
  await new Promise((resolve) => server?.close(resolve));
  world?.cleanup();
});

describe('a server that echoes our token', () => {
  it('status, test, tools:call and logs show [redacted], never the token', async () => {
    // The server really did get and echo the token (else the test would prove nothing).
    const listed = await core.handlers['servers:list']({});
    expect(listed.ok).toBe(true);
    const state = listed.ok ? listed.data.servers.find((s) => s.server.name === 'echoer') : undefined;
    expect(state?.status).toBe('error');
    expect(state?.lastError).toContain('auth=Bearer [redacted]');
    expect(JSON.stringify(listed)).not.toContain(TOKEN);

    const test = await core.handlers['servers:test']({ server: 'echoer' });
    expect(JSON.stringify(test)).toContain('[redacted]');
    expect(JSON.stringify(test)).not.toContain(TOKEN);

    const call = await core.handlers['tools:call']({ server: 'echoer', tool: 'anything', args: {} });
    expect(call.ok).toBe(false);
    expect(JSON.stringify(call)).not.toContain(TOKEN);

    const logs = await core.handlers['logs:get']({ server: 'echoer' });
    expect(JSON.stringify(logs)).toContain('[redacted]');
    expect(JSON.stringify(logs)).not.toContain(TOKEN);
  }, 180_000);
});
