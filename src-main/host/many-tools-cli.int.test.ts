/**
 * `switchboard tools <server>` against the purpose-built server of 5,000 tools whose names differ
 * only in digits (issue 14 item 6), as a real child process: before, collision bookkeeping listed
 * every other tool on every tool and the command died with `Invalid string length`. Now it lists
 * all of them, each name unique, and a long name shortened to 64. Since issue 30 item 3 the names
 * keep their digits (`tool0042` is `mcp_many_tool0042`, no collision), and `describe` and `call`
 * still accept the digit-dropped name of before (`mcp_many_tool_42`) for one release, with a note.
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
  it('--json lists all 5,001 under unique names that keep their digits', async () => {
    const run = await runSwitchboard(world, ['tools', 'many', '--json'], { timeoutMs: 120_000 });
    expect(run.stderr).not.toContain('Invalid string length');
    expect(run.code).toBe(0);
    const { tools } = JSON.parse(run.stdout) as ToolsListing;
    expect(tools).toHaveLength(5001);
    expect(new Set(tools.map((t) => t.agentName)).size).toBe(5001);
    const t42 = tools.find((t) => t.name === 'tool0042')!;
    expect(t42).toMatchObject({ agentName: 'mcp_many_tool0042', collidesWith: [] });
    expect(t42.collisionCount).toBeUndefined();
    expect(tools.filter((t) => t.collidesWith.length > 0)).toEqual([]);
    const long = tools.find((t) => t.name === LONG)!;
    expect(long.fullAgentName).toBe(`mcp_many_${LONG}`);
    expect(long.agentName).toMatch(new RegExp(`^mcp_many_${LONG.slice(0, 46)}_[0-9a-f]{8}$`));
    expect(long.agentName).toHaveLength(64);
    expect(tools.every((t) => t.agentName.length <= 64)).toBe(true);
    // It stopped the server it started.
    expect(await waitFor(() => processesWithMarker(world.marker).length === 0, 15_000)).toBe(true);
  }, 150_000);

  it('text: one line per tool, no collision, the shortened name says what it stands for', async () => {
    const run = await runSwitchboard(world, ['tools', 'many'], { timeoutMs: 120_000 });
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(5001);
    expect(lines[41]).toMatch(/^mcp_many_tool0042 +many\/tool0042 +Tool number 42$/);
    expect(lines[5000]).toContain(`[shortened from mcp_many_${LONG}]`);
  }, 150_000);

  it('describe and call accept the name before digits were kept (one release), with a note on stderr', async () => {
    const note = 'note: "mcp_many_tool_42" is the name before digits were kept; the tool is now "mcp_many_tool0042"';
    const described = await runSwitchboard(world, ['describe', 'mcp_many_tool_42', '--json'], { timeoutMs: 120_000 });
    expect(described.code).toBe(0);
    expect(described.stderr.trim()).toBe(note);
    expect(JSON.parse(described.stdout)).toMatchObject({ server: 'many', tool: 'tool0042', agentName: 'mcp_many_tool0042', note: note.slice('note: '.length) });
    const current = await runSwitchboard(world, ['describe', 'mcp_many_tool0042', '--json'], { timeoutMs: 120_000 });
    expect(current.stderr).toBe('');
    expect(JSON.parse(current.stdout)).not.toHaveProperty('note');
    const called = await runSwitchboard(world, ['call', 'mcp_many_tool_42'], { timeoutMs: 120_000 });
    expect(called.code).toBe(0);
    expect(called.stdout.trim()).toBe('called tool0042');
    expect(called.stderr.trim()).toBe(note);
    // --json: the same ToolCallResult as by the current name, the note on stderr only.
    const calledJson = await runSwitchboard(world, ['call', 'mcp_many_tool_42', '--json'], { timeoutMs: 120_000 });
    expect(calledJson.stderr.trim()).toBe(note);
    expect(JSON.parse(calledJson.stdout)).toMatchObject({ server: 'many', tool: 'tool0042', isError: false, text: 'called tool0042' });
    expect(JSON.parse(calledJson.stdout)).not.toHaveProperty('note');
    // The first of the 5,000 kept the bare name before: it is tool0001, not the long tool.
    const first = await runSwitchboard(world, ['call', 'mcp_many_tool'], { timeoutMs: 120_000 });
    expect(first.stdout.trim()).toBe('called tool0001');
    const unknown = await runSwitchboard(world, ['call', 'mcp_many_tool_5002'], { timeoutMs: 120_000 });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown tool "mcp_many_tool_5002"');
  }, 300_000);
});
