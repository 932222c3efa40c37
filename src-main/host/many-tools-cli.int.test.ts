/**
 * `switchboard tools <server>` against the purpose-built server of 5,000 tools whose names differ
 * only in digits (issue 14 item 6), as a real child process: before, collision bookkeeping listed
 * every other tool on every tool and the command died with `Invalid string length`. Now it lists
 * all of them, each name unique, collision lists bounded, and a long name shortened to 64.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolsListing } from '../../src-shared/api/status.js';
import { makeWorld, processesWithMarker, runSwitchboard, waitFor, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';

const FIXTURE = fileURLToPath(new URL('../core/mcp/testing/fixtures/many-tools-server.mjs', import.meta.url));
const LONG = 'summarize_the_quarterly_revenue_report_for_every_region_and_product_line';

let world: TempWorld;
beforeAll(() => {
  world = makeWorld();
  writeOwnServers(world, { many: { transport: 'stdio', command: process.execPath, args: [FIXTURE], env: { SB_TEST_MARKER: world.marker, MANY_TOOLS_LONG: '1' } } });
});
afterAll(() => world.cleanup());

describe('switchboard tools on a server with 5,000 tools differing only in digits', () => {
  it('--json lists all 5,001 under unique names, with bounded collision lists', async () => {
    const run = await runSwitchboard(world, ['tools', 'many', '--json'], { timeoutMs: 120_000 });
    expect(run.stderr).not.toContain('Invalid string length');
    expect(run.code).toBe(0);
    const { tools } = JSON.parse(run.stdout) as ToolsListing;
    expect(tools).toHaveLength(5001);
    expect(new Set(tools.map((t) => t.agentName)).size).toBe(5001);
    const t42 = tools.find((t) => t.name === 'tool0042')!;
    expect(t42).toMatchObject({ agentName: 'mcp_many_tool_42', collisionCount: 4999 });
    expect(t42.collidesWith).toHaveLength(5);
    const long = tools.find((t) => t.name === LONG)!;
    expect(long.fullAgentName).toBe(`mcp_many_${LONG}`);
    expect(long.agentName).toMatch(new RegExp(`^mcp_many_${LONG.slice(0, 46)}_[0-9a-f]{8}$`));
    expect(long.agentName).toHaveLength(64);
    expect(tools.every((t) => t.agentName.length <= 64)).toBe(true);
    // It stopped the server it started.
    expect(await waitFor(() => processesWithMarker(world.marker).length === 0, 15_000)).toBe(true);
  }, 150_000);

  it('text: one line per tool, collisions counted, the shortened name says what it stands for', async () => {
    const run = await runSwitchboard(world, ['tools', 'many'], { timeoutMs: 120_000 });
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(5001);
    expect(lines[41]).toMatch(/^mcp_many_tool_42 +many\/tool0042 +Tool number 42 +\[name collides with many\/tool0001, many\/tool0002, many\/tool0003 and 4,996 more\]$/);
    expect(lines[5000]).toContain(`[shortened from mcp_many_${LONG}]`);
  }, 150_000);
});
