/**
 * `switchboard reauth` / `unauth` as real child processes (issue 6) against the real test
 * authorization server, with the real keychain (the D-Bus session `npm test` starts): the URL is
 * printed, the "browser" approves, the CLI receives the loopback redirect and connects; a new
 * process uses the stored token (restart); `unauth` removes it.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../core/secrets/secret-store.js';
import { makeWorld, runSwitchboard, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';
import { reauthThroughBrowser as reauthWithBrowser } from '../core/auth/test-reauth.js';
import { startEverythingHttp } from '../core/mcp/testing/test-helpers.js';
// @ts-expect-error a plain-JS test fixture without types
import { startProtectedServer } from '../core/auth/fixtures/protected-server.mjs';

let world: TempWorld;
let server: { url: string; origin: string; close(): Promise<void> };
const service = `mcp-switchboard-test-${randomUUID()}`;

beforeAll(async () => {
  world = makeWorld();
  world.env.SWITCHBOARD_KEYCHAIN_SERVICE = service;
  server = await startProtectedServer();
  writeOwnServers(world, { prot: { type: 'http', url: server.url, auth: { type: 'oauth' } } });
});

afterAll(async () => {
  const store = new KeytarSecretStore(service);
  for (const account of await store.accounts().catch(() => [])) await store.delete(account).catch(() => undefined);
  await server?.close();
  world?.cleanup();
});

/** `switchboard reauth prot` through the scripted browser; the callback page must have loaded. */
async function reauthThroughBrowser(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const run = await reauthWithBrowser(world, 'prot');
  expect(run.pageStatus).toBe(200);
  return run;
}

describe('switchboard reauth / unauth (real child process, real keychain)', () => {
  it('signs in through the printed URL, keeps the token for the next process, and unauth removes it', async () => {
    const before = await runSwitchboard(world, ['call', 'prot', 'whoami']);
    expect(before.code).toBe(2);
    expect(before.stderr).toContain('Authentication required');

    const first = await reauthThroughBrowser();
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Signed in to "prot"; connected with 2 tools.');
    // Issue 27 item 9: signing in again while signed in reports the reconnected server's tools, not 0.
    const second = await reauthThroughBrowser();
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Signed in to "prot"; connected with 2 tools.');

    const after = await runSwitchboard(world, ['call', 'prot', 'whoami']);
    expect(after.code).toBe(0);
    expect(after.stdout).toContain('scopes mcp:tools mcp:admin');

    // A refresh token the server no longer honours (invalid_grant): the person is told to sign in,
    // and no SDK-internal warning ("[mcp-sdk] OAuth …") reaches the terminal (issue 27 item 9).
    await fetch(`${server.origin}/test/revoke-refresh`, { method: 'POST' });
    await fetch(`${server.origin}/test/expire`, { method: 'POST' });
    const revoked = await runSwitchboard(world, ['call', 'prot', 'whoami']);
    expect(revoked.stderr).not.toContain('[mcp-sdk]');
    expect(revoked.stderr).toContain('Authentication required');
    expect(revoked.code).toBe(2);
    expect((await reauthThroughBrowser()).code).toBe(0);

    const credentialsFile = join(world.dataDir, 'credentials.json');
    expect(JSON.parse(readFileSync(credentialsFile, 'utf8')).servers).toHaveProperty('prot');
    const out = await runSwitchboard(world, ['unauth', 'prot']);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Signed out of "prot"');
    // The server no longer uses a credential: its entry is gone (the registration stays for the next sign-in).
    expect(JSON.parse(readFileSync(credentialsFile, 'utf8')).servers).not.toHaveProperty('prot');
    const again = await runSwitchboard(world, ['call', 'prot', 'whoami']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('Authentication required');
  }, 180_000);

  it('reauth on a server without OAuth says so and exits 2', async () => {
    writeOwnServers(world, { prot: { type: 'http', url: server.url, auth: { type: 'oauth' } }, plain: { type: 'http', url: server.url, headers: { Authorization: 'Bearer static-value-123' } } });
    const run = await runSwitchboard(world, ['reauth', 'plain', '--no-browser']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('does not use OAuth');
    expect(run.stderr).toContain('its auth is a static Authorization header');
  });

  it('idp remove of an identity provider that does not exist says so and exits 2, as idp logout does', async () => {
    const run = await runSwitchboard(world, ['idp', 'remove', 'nope']);
    expect([run.code, run.stderr.trim()]).toEqual([2, 'No identity provider "nope" (switchboard idp list shows them)']);
  });

  it('reauth on a stdio server says why it has no OAuth (not "a static header")', async () => {
    writeOwnServers(world, { local: { command: process.execPath, args: ['-e', ''] } });
    const run = await runSwitchboard(world, ['reauth', 'local', '--no-browser']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe('Server "local" does not use OAuth (a stdio server signs in only with auth: { "type": "oauth" } in its config)');
  });

  it('reauth on an HTTP server with no OAuth (server-everything): endpoints could not be discovered, no HTML dumped', async () => {
    const everything = await startEverythingHttp('streamableHttp');
    try {
      writeOwnServers(world, { open: { type: 'http', url: everything.url } });
      const run = await runSwitchboard(world, ['reauth', 'open', '--no-browser', '--timeout', '20']);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^Authentication required, but OAuth endpoints could not be discovered/);
      expect(run.stderr).not.toMatch(/<!DOCTYPE|<html|SyntaxError|Raw body/i);
      expect(run.stderr.length).toBeLessThan(400);
    } finally {
      await everything.stop();
    }
  }, 180_000);
});
