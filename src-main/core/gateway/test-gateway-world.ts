/**
 * A temp machine for the gateway's tests (issue 30): Claude Code's `~/.claude.json` holding the real
 * server-everything (`everything`) and server-memory (`memory`), Cursor's `~/.cursor/mcp.json`
 * holding only `memory`. Test-only.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SwitchboardCore } from '../facade/types.js';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { everythingEntry, everythingScript, makeWorld, type TempWorld } from '../composition/test-world.js';
import { MEMORY_SCRIPT } from '../mcp/testing/test-helpers.js';

/** The world, and the two hosts' files. */
export interface GatewayWorld {
  world: TempWorld;
  claudeFile: string;
  cursorFile: string;
}

/** Make the world and write both hosts' files. */
export function makeGatewayWorld(): GatewayWorld {
  const world = makeWorld();
  // A headless owner a door starts lingers 1 s after its last door here, not 60 s: a test's
  // cleanup waits for the world's servers to end with it.
  world.env.SWITCHBOARD_GATEWAY_LINGER_MS = '1000';
  const memory = { command: process.execPath, args: [MEMORY_SCRIPT], env: { SB_TEST_MARKER: world.marker, MEMORY_FILE_PATH: join(world.root, 'memory.jsonl') } };
  const claudeFile = join(world.home, '.claude.json');
  writeFileSync(claudeFile, JSON.stringify({ mcpServers: { everything: everythingEntry(world), memory } }, null, 2));
  mkdirSync(join(world.home, '.cursor'), { recursive: true });
  const cursorFile = join(world.home, '.cursor', 'mcp.json');
  writeFileSync(cursorFile, JSON.stringify({ mcpServers: { memory } }, null, 2));
  return { world, claudeFile, cursorFile };
}

/** A core over a fresh gateway world, started and settled; `open` (test-cores.ts `trackCores`) closes it after the test. */
export async function startedGatewayCore(open: Array<{ world: TempWorld; core: SwitchboardCore }>): Promise<GatewayWorld & { core: SwitchboardCore }> {
  const made = makeGatewayWorld();
  const core = createSwitchboardCore(
    { platform: made.world.platform, projectDir: made.world.project, dataDir: made.world.dataDir, mode: 'web', version: '1.0.0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } },
    { watchConfig: false, eventDelayMs: 5 },
  );
  open.push({ world: made.world, core });
  await core.start();
  await core.settled();
  return { ...made, core };
}
