/**
 * Kit of the gateway's integration tests (issues 30–31), one place for what each of them set up and
 * tore down: the environment a spawned stdio door gets (`envOf`, `stdioDoor`: the BUILT CLI's
 * `switchboard gateway --host <host>` in the world's project), a real owner of a temp world
 * (`startOwnerIn`: `startTestOwner`, its 127.0.0.1 listener), and the cleanup after each test
 * (`gatewayCleanup`): the clients closed, the owner closed and Claude Code's gateway token removed
 * from the throwaway keychain when the test started one, then every process of the world gone (a
 * headless owner a door started lingers out, 1 s in the test worlds; `timeoutMs` to wait, default
 * 30 s) and the world removed. Test-only.
 */
import type { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, expect } from 'vitest';
import { CLI_BIN, processesWithMarker, waitFor, type TempWorld } from '../core/composition/test-world.js';
import { defaultSecretStore } from '../core/secrets/secret-store.js';
import type { RunningOwner } from '../owner/start-owner.js';
import { startTestOwner } from '../owner/test-fixtures.js';

/** `env` without its unset entries (what `StdioClientTransport` takes). */
export const envOf = (env: Record<string, string | undefined>): Record<string, string> => Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));

/** What the running test made, for the cleanup: its world, the owner it started (if any), the clients it opened. */
export interface GatewayMade {
  world: TempWorld;
  owner?: RunningOwner;
  clients: Client[];
}

/** Register the cleanup after each test; `track(world)` starts the running test's record (push its clients into it). */
export function gatewayCleanup(timeoutMs = 30_000): (world: TempWorld) => GatewayMade {
  let made: GatewayMade | undefined;
  afterEach(async () => {
    if (!made) return;
    const { world, owner, clients } = made;
    made = undefined;
    for (const c of clients) await c.close().catch(() => undefined);
    if (owner) {
      await owner.close();
      await defaultSecretStore(world.env, world.dataDir).delete('gateway-token:claude-code');
    }
    expect(await waitFor(() => processesWithMarker(world.marker).length === 0, timeoutMs)).toBe(true);
    world.cleanup();
  });
  return (world) => (made = { world, clients: [] });
}

/** `gatewayCleanup` for a test with one world and one door client: `made(world, client)`. */
export function doorCleanup(timeoutMs = 30_000): (world: TempWorld, client: Client) => void {
  const track = gatewayCleanup(timeoutMs);
  return (world, client) => void track(world).clients.push(client);
}

/** Start a real owner of `made.world` (warnings dropped), kept in `made` for the cleanup; resolves once it has started. */
export async function startOwnerIn(made: GatewayMade): Promise<RunningOwner> {
  const owner = await startTestOwner(made.world, () => undefined);
  made.owner = owner;
  await owner.started;
  return owner;
}

/** A transport that spawns the BUILT CLI's stdio door `switchboard gateway --host <host> …extra` in `world.project`, stderr piped. */
export function stdioDoor(world: TempWorld, host = 'claude-code', extra: string[] = []): StdioClientTransport {
  return new StdioClientTransport({ command: process.execPath, args: [CLI_BIN, 'gateway', '--host', host, ...extra], env: envOf(world.env), cwd: world.project, stderr: 'pipe' });
}

// The gateway's refusals for Claude Code in the MCP Apps fixture's world (core/gateway/test-filters-world.ts),
// by the tool's name as the door gives it: app-only, switched off for the host, held by a block-mode pin.
export const APP_ONLY = (name: string): string => `Tool "${name}" is app-only: its server marks it for MCP Apps only (_meta.ui.visibility ["app"]), so Switchboard's gateway never gives it to Claude Code's agent`;
export const OFF = (name: string): string => `Tool "${name}" is switched off for Claude Code in Switchboard; switch it on with: switchboard budget on apps echo --host claude-code`;
export const PINNED = (name: string): string => `Tool "${name}" is held by a pin in block mode (it changed since it was pinned); see: switchboard pins apps`;
