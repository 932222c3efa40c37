/**
 * Test kit: a started core over the gateway world where Cursor's file gives server-memory another
 * environment, so Cursor's calls run on a separate instance `memory@<8 hex>` (issue 30 item 6),
 * resolved once Cursor's list shows memory as listed. The core is pushed onto `open` (trackCores).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { ok, type trackCores } from '../composition/test-cores.js';
import { everythingScript, waitFor } from '../composition/test-world.js';
import { MEMORY_SCRIPT } from '../mcp/testing/test-helpers.js';
import { makeGatewayWorld } from './test-gateway-world.js';

/** Start the core; resolves when Cursor's instance of memory is listed. */
export async function coreWithCursorInstance(open: ReturnType<typeof trackCores>): Promise<ReturnType<typeof createSwitchboardCore>> {
  const { world, cursorFile } = makeGatewayWorld();
  const memoryCursor = { command: process.execPath, args: [MEMORY_SCRIPT], env: { SB_TEST_MARKER: world.marker, MEMORY_FILE_PATH: join(world.root, 'memory-cursor.jsonl') } };
  writeFileSync(cursorFile, JSON.stringify({ mcpServers: { memory: memoryCursor } }, null, 2));
  const core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'web', version: '1.0.0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } }, { watchConfig: false, eventDelayMs: 5 });
  open.push({ world, core });
  await core.start();
  await core.settled();
  // Cursor's first list asks for its instance; it is listed once it has connected.
  const listed = async (): Promise<boolean> => (await ok(core.handlers['gateway:list']({ host: 'cursor' }))).servers.some((s) => s.server === 'memory' && s.state === 'listed');
  expect(await waitFor(listed, 60_000, 250)).toBe(true);
  return core;
}
