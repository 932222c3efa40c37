/**
 * Kit of the stdio door's integration tests (issue 30): the environment a spawned door gets, and
 * the cleanup after each test — the client closed, then every server of the world gone (the
 * headless owner the door started lingers out, 1 s in the test worlds), then the world removed.
 * Test-only.
 */
import type { Client } from '@modelcontextprotocol/client';
import { afterEach, expect } from 'vitest';
import { processesWithMarker, waitFor, type TempWorld } from '../core/composition/test-world.js';

/** `env` without its unset entries (what `StdioClientTransport` takes). */
export const envOf = (env: Record<string, string | undefined>): Record<string, string> => Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));

/** Register the cleanup; `made(world, client)` names what the running test made. */
export function doorCleanup(timeoutMs = 30_000): (world: TempWorld, client: Client) => void {
  let made: { world: TempWorld; client: Client } | undefined;
  afterEach(async () => {
    if (!made) return;
    await made.client.close().catch(() => undefined);
    const { world } = made;
    made = undefined;
    expect(await waitFor(() => processesWithMarker(world.marker).length === 0, timeoutMs)).toBe(true);
    world.cleanup();
  });
  return (world, client) => {
    made = { world, client };
  };
}
