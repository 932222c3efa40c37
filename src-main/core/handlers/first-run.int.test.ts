/**
 * `firstRun:*` (issue 37 item 5): against a home with known host files — Claude Desktop (two
 * servers), Cursor (one, plus one shadowed by Claude Desktop's of the same name), an untrusted
 * project (two) and Switchboard's own file (one OAuth-protected server, never signed in) — the core
 * counts 6 servers in 4 hosts, 2 needing trust, 1 needing a sign-in; the welcome shows until
 * `firstRun:seen`, and a later core on the same data folder (a restart) does not show it again.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs test fixture without types
import { startProtectedServer } from '../auth/fixtures/protected-server.mjs';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { ok, trackCores } from '../composition/test-cores.js';
import { BROKEN_ENTRY, everythingScript, makeWorld, waitFor, writeOwnServers, writeProjectConfig, type TempWorld } from '../composition/test-world.js';
import { memorySecretStore } from '../secrets/memory-secret-store.js';

const open = trackCores();
const protectedServer = (await startProtectedServer()) as { url: string; close(): Promise<void> };
afterAll(() => protectedServer.close());

const write = (file: string, value: unknown): void => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value));
};

function startCore(world: TempWorld) {
  const core = createSwitchboardCore(
    { platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'cli', version: '0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] }, secrets: memorySecretStore() },
    { eventDelayMs: 5 },
  );
  open.push({ world, core });
  return core;
}

it('counts what discovery found, shows the welcome until it is marked seen, and not after a restart', async () => {
  const world = makeWorld();
  write(join(world.xdgConfig, 'Claude', 'claude_desktop_config.json'), { mcpServers: { alpha: BROKEN_ENTRY, beta: BROKEN_ENTRY } });
  write(join(world.home, '.cursor', 'mcp.json'), { mcpServers: { gamma: BROKEN_ENTRY, alpha: BROKEN_ENTRY } });
  writeProjectConfig(world, { p1: BROKEN_ENTRY, p2: BROKEN_ENTRY });
  writeOwnServers(world, { signin: { type: 'http', url: protectedServer.url } });

  const core = startCore(world);
  await core.start();
  // The sign-in is known once the protected server has answered 401.
  expect(await waitFor(async () => (await ok(core.handlers['servers:list']({}))).servers.some((s) => s.status === 'needs-auth'))).toBe(true);

  const first = await ok(core.handlers['firstRun:get']({}));
  expect(first).toEqual({ firstRun: true, found: { servers: 6, hosts: 4, needTrust: 2, needSignIn: 1 } });
  // Asking again changes nothing: only `seen` marks it.
  expect((await ok(core.handlers['firstRun:get']({}))).firstRun).toBe(true);

  expect(await ok(core.handlers['firstRun:seen']({}))).toEqual({ ...first, firstRun: false });
  const state = JSON.parse(readFileSync(join(world.dataDir, 'state.json'), 'utf8')) as { firstRun?: { seenAt?: unknown } };
  expect(typeof state.firstRun?.seenAt).toBe('string');
  await core.dispose();
  open.splice(0);

  // A restart on the same data folder: seen stays seen.
  const again = startCore(world);
  await again.start();
  expect((await ok(again.handlers['firstRun:get']({}))).firstRun).toBe(false);
}, 120_000);
