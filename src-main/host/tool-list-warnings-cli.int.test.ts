/**
 * Issue 27 item 6: a tool list that stopped early says so where the list is shown — `switchboard
 * tools` (stderr) and `tools --json` (`warnings`), not only `status`. Real inspector fixtures: one
 * ignores the cursor (its first page again under the same cursor), one has more pages than the
 * page limit (2,600 filler tools in pages of 25 against the limit of 100 pages).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolsListingSchema } from '../../src-shared/api/status.js';
import { makeWorld, runSwitchboard, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';

const FIXTURE = fileURLToPath(new URL('../core/mcp/testing/fixtures/inspector-server.mjs', import.meta.url));
const REPEATED = 'tools/list repeated a cursor, so listing stopped and the list may be incomplete; 25 duplicate tools dropped: 25 tools';
const CAPPED = 'tools/list stopped at its limit of 100 pages, so the list is incomplete: 2500 tools';

let world: TempWorld;

beforeAll(() => {
  world = makeWorld();
  const entry = (env: Record<string, string>) => ({ command: process.execPath, args: [FIXTURE], env: { SB_TEST_MARKER: world.marker, ...env } });
  writeOwnServers(world, {
    liar: entry({ INSPECTOR_TOOLS: '120', INSPECTOR_IGNORE_CURSOR: '1' }),
    huge: entry({ INSPECTOR_TOOLS: '2600' }),
    // A command that does not exist: its tools are missing from every listing.
    gone: { command: '/nonexistent/switchboard-test-server', args: [] },
  });
});

afterAll(() => world?.cleanup());

describe('a tool list that stopped early', () => {
  it('switchboard tools names it and why on stderr, under the list', async () => {
    const run = await runSwitchboard(world, ['tools']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(2525);
    expect(run.stderr).toContain(`Warning: "liar": ${REPEATED}\nWarning: "huge": ${CAPPED}\n`);
    expect(run.stderr).toContain('Failed to connect to "gone"');
  }, 180_000);

  it('tools --json carries the same words in warnings, per server', async () => {
    const run = await runSwitchboard(world, ['tools', 'huge', '--json']);
    expect(run.code).toBe(0);
    const listing = ToolsListingSchema.parse(JSON.parse(run.stdout));
    expect(listing.tools).toHaveLength(2500);
    expect(listing.warnings).toEqual([{ server: 'huge', warning: CAPPED }]);
    const liar = ToolsListingSchema.parse(JSON.parse((await runSwitchboard(world, ['tools', 'liar', '--json'])).stdout));
    expect(liar.warnings).toEqual([{ server: 'liar', warning: REPEATED }]);
  }, 180_000);

  it('tools --json names a server whose tools are missing, and why (trial 8 F11)', async () => {
    const run = await runSwitchboard(world, ['tools', '--json']);
    const listing = ToolsListingSchema.parse(JSON.parse(run.stdout));
    const gone = listing.warnings.filter((w) => w.server === 'gone');
    expect(gone).toHaveLength(1);
    expect(gone[0]!.warning).toMatch(/^not listed: Failed to connect to "gone": .*ENOENT|^not listed: Failed to connect to "gone": .*not found/);
  }, 180_000);
});
