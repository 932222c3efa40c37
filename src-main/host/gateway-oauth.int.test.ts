/**
 * Issue 30 item 6, OAuth stays in the owner (docs/gateway.md § Sharing), with real parts: the real
 * test authorization server and OAuth-protected MCP server (core/auth/fixtures/protected-server.mjs),
 * the real keychain (the D-Bus session of `bash /work/kr.sh`), and the BUILT CLI's stdio door for
 * Claude Code and for Cursor, both of whose files name the protected server. The doors never sign
 * in: before the owner's one sign-in (`switchboard reauth prot`, attached to the door's headless
 * owner) a call is refused with the verb to run; after it both hosts call through; an expired access
 * token is refreshed in the owner with the granted scope kept; a refused refresh makes the call fail
 * with sign-in words, the server shows `needs-auth` in `status`, and the next call says what to run.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_BIN, makeWorld, processesWithMarker, runSwitchboard, waitFor, type TempWorld } from '../core/composition/test-world.js';
import { KeytarSecretStore } from '../core/secrets/secret-store.js';
import { reauthThroughBrowser } from '../core/auth/test-reauth.js';
// @ts-expect-error a plain-JS test fixture without types
import { startProtectedServer } from '../core/auth/fixtures/protected-server.mjs';

type Fixture = { url: string; origin: string; close(): Promise<void>; stats(): Record<string, number> };
let made: { world: TempWorld; clients: Client[]; server: Fixture; service: string } | undefined;

afterEach(async () => {
  if (!made) return;
  const { world, clients, server, service } = made;
  made = undefined;
  for (const c of clients) await c.close().catch(() => undefined);
  // Only processes of this test carry the marker, and the doors and the owner (set in the test) do.
  expect(await waitFor(() => processesWithMarker(world.marker).length === 0, 30_000)).toBe(true);
  const store = new KeytarSecretStore(service);
  for (const account of await store.accounts().catch(() => [])) await store.delete(account).catch(() => undefined);
  await server.close();
  world.cleanup();
});

const envOf = (env: Record<string, string | undefined>): Record<string, string> => Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));

/** The text of a call's content, and whether it is an error. */
async function call(client: Client, name: string): Promise<{ text: string; isError: boolean }> {
  const r = await client.callTool({ name, arguments: {} });
  return { text: (r.content as Array<{ text?: string }>).map((c) => c.text ?? '').join(''), isError: r.isError === true };
}

describe('switchboard gateway: OAuth stays in the owner (issue 30 item 6)', () => {
  it('one sign-in in the owner serves both hosts; refresh keeps the scope; a refused refresh asks for a sign-in', async () => {
    const world = makeWorld();
    const service = `mcp-switchboard-test-${randomUUID()}`;
    world.env.SWITCHBOARD_KEYCHAIN_SERVICE = service;
    world.env.SWITCHBOARD_GATEWAY_LINGER_MS = '1000';
    // Every process of this test carries the marker: the doors and the headless owner they start
    // (detached, it lingers 1 s after the last door). The clean-up waits for them all before it
    // removes the data folder, which the owner writes to until it exits (ci33: ENOTEMPTY).
    world.env.SB_TEST_MARKER = world.marker;
    const server = (await startProtectedServer()) as Fixture;
    made = { world, clients: [], server, service };
    const entry = { type: 'http', url: server.url };
    writeFileSync(join(world.home, '.claude.json'), JSON.stringify({ mcpServers: { prot: entry } }, null, 2));
    mkdirSync(join(world.home, '.cursor'), { recursive: true });
    writeFileSync(join(world.home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { prot: entry } }, null, 2));

    const door = async (host: string): Promise<Client> => {
      const transport = new StdioClientTransport({ command: process.execPath, args: [CLI_BIN, 'gateway', '--host', host], env: envOf(world.env), cwd: world.project, stderr: 'pipe' });
      transport.stderr?.on('data', () => undefined);
      const client = new Client({ name: `gateway-oauth-${host}`, version: '1.0.0' });
      made?.clients.push(client);
      await client.connect(transport);
      return client;
    };
    const claude = await door('claude-code');

    // Not signed in: the server is listed as needing the owner's sign-in; a call says what to run.
    expect((await claude.listTools()).tools).toEqual([]);
    const before = await call(claude, 'prot_whoami');
    expect(before).toEqual({ isError: true, text: 'Tool "prot_whoami": server "prot": needs sign-in: run switchboard reauth prot (one sign-in in Switchboard serves every host)' });

    // One sign-in, in the owner (the CLI attaches to the door's headless owner).
    const signedIn = await reauthThroughBrowser(world, 'prot');
    expect(signedIn.pageStatus).toBe(200);
    expect(signedIn.code).toBe(0);
    expect(signedIn.stdout).toContain('Signed in to "prot"');
    expect(await waitFor(async () => (await claude.listTools()).tools.some((t) => t.name === 'prot_whoami'), 30_000, 250)).toBe(true);
    const granted = await call(claude, 'prot_whoami');
    expect(granted.isError).toBe(false);
    expect(granted.text).toMatch(/^client \S+ with scopes mcp:tools mcp:admin$/);
    // Cursor's door: no sign-in of its own.
    const cursor = await door('cursor');
    expect(await call(cursor, 'prot_whoami')).toEqual(granted);
    expect(server.stats()).toMatchObject({ registrations: 1, authorizations: 1, codeExchanges: 1, refreshes: 0 });

    // The access token expires: the owner refreshes it, the call goes through, the scope is kept.
    await fetch(`${server.origin}/test/expire`, { method: 'POST' });
    expect(await call(cursor, 'prot_whoami')).toEqual(granted);
    expect(server.stats()).toMatchObject({ authorizations: 1, refreshes: 1 });
    expect(await call(claude, 'prot_whoami')).toEqual(granted);

    // The refresh is refused: the call fails with sign-in words, the owner shows needs-auth.
    await fetch(`${server.origin}/test/revoke-refresh`, { method: 'POST' });
    await fetch(`${server.origin}/test/expire`, { method: 'POST' });
    const refused = await call(claude, 'prot_whoami');
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/^Authentication required: sign in to "prot" \(Sign in button, or switchboard reauth prot\)/);
    const status = await runSwitchboard(world, ['status', '--json']);
    // Exit 2: a server shown is failing (needs-auth), as `status` says for any face.
    expect(status.code).toBe(2);
    const servers = (JSON.parse(status.stdout) as { servers: Array<{ server: { name: string }; status: string }> }).servers;
    expect(servers.find((s) => s.server.name === 'prot')?.status).toBe('needs-auth');
    expect(await call(cursor, 'prot_whoami')).toEqual({ isError: true, text: 'Tool "prot_whoami": server "prot": needs sign-in: run switchboard reauth prot (one sign-in in Switchboard serves every host)' });
  }, 180_000);
});
