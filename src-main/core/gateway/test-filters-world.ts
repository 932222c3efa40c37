/**
 * A temp machine for the gateway's filter tests (issue 30 items 2, 4 and 5): Claude Code's
 * `~/.claude.json` holds the MCP Apps fixture (`apps`, fixtures/apps-server.mjs: `echo`, `show`
 * with `_meta.ui`, the app-only `refresh`, `grow`); Cursor's `~/.cursor/mcp.json` holds none of it.
 * With `dead`, Claude Code also holds `gone` (a command that does not exist) and `mute` (a process
 * that never answers `initialize`). Test-only.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeWorld, type TempWorld } from '../composition/test-world.js';

/** The fixture's script. */
export const APPS_SCRIPT = fileURLToPath(new URL('../mcp/testing/fixtures/apps-server.mjs', import.meta.url));

/** Make the world and write both hosts' files. */
export function makeFiltersWorld(options: { dead?: boolean } = {}): TempWorld {
  const world = makeWorld();
  // A headless owner a door starts lingers 1 s after its last door (test-gateway-world.ts).
  world.env.SWITCHBOARD_GATEWAY_LINGER_MS = '1000';
  const env = { SB_TEST_MARKER: world.marker };
  const servers: Record<string, unknown> = { apps: { command: process.execPath, args: [APPS_SCRIPT], env } };
  if (options.dead) {
    servers.gone = { command: join(world.root, 'no-such-command'), args: [], env };
    // Reads stdin and never answers (the marker is in its environment, so the cleanup sees it end).
    servers.mute = { command: process.execPath, args: ['-e', 'process.stdin.resume(); setInterval(() => {}, 1000)'], env };
  }
  writeFileSync(join(world.home, '.claude.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  mkdirSync(join(world.home, '.cursor'), { recursive: true });
  writeFileSync(join(world.home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: {} }, null, 2));
  return world;
}
