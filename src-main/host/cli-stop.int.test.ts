/**
 * How a one-shot CLI command stops the stdio server it started (issue 32 item 1;
 * docs/connections-supervision.md "Stop"): stdin ends first, then SIGTERM after the one-shot grace
 * (`ONE_SHOT_STDIN_GRACE_MS`, 50 ms) instead of the owner's 300 ms, and no process is left when the
 * CLI exits. The server (fixtures/raw-stdio-server.mjs, FAULT_STOP_LOG) records `eof`, `term`, and
 * would exit by itself 250 ms after EOF (`exit`): under the owner's grace it gets there first, under
 * the one-shot grace SIGTERM comes first. The order is what is asserted, not a duration.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { makeWorld, processesWithMarker, runSwitchboard, writeOwnServers } from '../core/composition/test-world.js';

const RAW = fileURLToPath(new URL('../core/mcp/testing/fixtures/raw-stdio-server.mjs', import.meta.url));

describe('one-shot stop of a stdio server', () => {
  const world = makeWorld();
  afterAll(() => world.cleanup());

  it('ends stdin, sends SIGTERM after the short one-shot grace, and leaves no process', async () => {
    const stopLog = join(world.root, 'stop.log');
    writeOwnServers(world, {
      raw: { command: process.execPath, args: [RAW], env: { FAULT_STOP_LOG: stopLog, FAULT_EXIT_AFTER_EOF_MS: '250', SB_TEST_MARKER: world.marker } },
    });
    const run = await runSwitchboard(world, ['tools', 'raw']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('mcp_raw_echo');
    expect(readFileSync(stopLog, 'utf8').split('\n').filter(Boolean)).toEqual(['eof', 'term']);
    expect(processesWithMarker(world.marker)).toEqual([]);
  });
});
