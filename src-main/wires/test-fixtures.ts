/**
 * The HTTP door's integration tests' kit (issue 30): a real owner (`startTestOwner`: a real core on
 * its real 127.0.0.1 listener) over the gateway world (core/gateway/test-gateway-world.ts), the
 * hosts' tokens made by the BUILT CLI, SDK v2 clients on the door, and the cleanup (clients closed,
 * owner closed, tokens removed from the throwaway keychain, every server gone). Test-only.
 */
import { Client, StreamableHTTPClientTransport, type ClientCapabilities } from '@modelcontextprotocol/client';
import { expect } from 'vitest';
import { processesWithMarker, runSwitchboard, waitFor } from '../core/composition/test-world.js';
import { makeGatewayWorld, type GatewayWorld } from '../core/gateway/test-gateway-world.js';
import { defaultSecretStore } from '../core/secrets/secret-store.js';
import type { RunningOwner } from '../owner/start-owner.js';
import { startTestOwner } from '../owner/test-fixtures.js';

/** A running owner with its door, and the clients a test opened on it. */
export interface HttpDoorTest {
  world: GatewayWorld['world'];
  owner: RunningOwner;
  clients: Client[];
  /** `http://127.0.0.1:<port>/mcp`. */
  base: string;
}

/** Start the owner of a fresh gateway world (`prepare` runs on the world first). */
export async function startHttpDoor(prepare?: (world: GatewayWorld['world']) => Promise<void>): Promise<HttpDoorTest> {
  const { world } = makeGatewayWorld();
  // Its own keychain service: test files running at once never see each other's tokens.
  world.env.SWITCHBOARD_KEYCHAIN_SERVICE = `switchboard-test-${world.marker}`;
  await prepare?.(world);
  const owner = await startTestOwner(world, () => undefined);
  await owner.started;
  return { world, owner, clients: [], base: `http://127.0.0.1:${owner.host.port}/mcp` };
}

/** Close everything `startHttpDoor` and the test opened; expects every server to end. */
export async function stopHttpDoor({ world, owner, clients }: HttpDoorTest): Promise<void> {
  for (const c of clients) await c.close().catch(() => undefined);
  await owner.close();
  const store = defaultSecretStore(world.env, world.dataDir);
  for (const host of ['claude-code', 'cursor']) await store.delete(`gateway-token:${host}`);
  expect(await waitFor(() => processesWithMarker(world.marker).length === 0, 30_000)).toBe(true);
  world.cleanup();
}

/** `gateway --host <host> --print-http --show-token` (the built CLI): the URL and the token it prints. */
export async function printedHttp(world: GatewayWorld['world'], host: string, extra: string[] = []): Promise<{ url: string; token: string; stderr: string }> {
  const run = await runSwitchboard(world, ['gateway', '--host', host, '--print-http', '--show-token', ...extra]);
  expect(run.code).toBe(0);
  const [url = '', token = ''] = run.stdout.trim().split('\n');
  return { url, token, stderr: run.stderr };
}

/** A connected SDK client on `url` with `token` (2025-11-25 unless `pin`) declaring `capabilities` (default none), closed by `stopHttpDoor`. */
export async function connectHttp(
  t: HttpDoorTest,
  url: string,
  token: string,
  pin?: '2026-07-28',
  capabilities?: ClientCapabilities,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'gateway-http-test', version: '1.0.0' }, { ...(pin ? { versionNegotiation: { mode: { pin } } } : {}), ...(capabilities ? { capabilities } : {}) });
  t.clients.push(client);
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  await client.connect(transport);
  return { client, transport };
}
