/**
 * The library's names (issue 30 item 3, docs/tool-bridge.md), against a real stdio server of 12 tools whose
 * names differ only in digits (`tool01` … `tool12`): by default they keep their digits; `naming: 'xcsh'`
 * gives the seed's digit-dropping names (what Switchboard gave before: `mcp_many_tool`, `…_2` …); a name
 * from before digits were kept still describes and calls its tool for one release, `describe` saying so.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';
import { discoverAndLoadMCPTools, type LoadedMcpTools } from './library.js';

const FIXTURE = fileURLToPath(new URL('../core/mcp/testing/fixtures/many-tools-server.mjs', import.meta.url));
let world: TempWorld;
let loaded: LoadedMcpTools;
let xcsh: LoadedMcpTools;

beforeAll(async () => {
  world = makeWorld();
  writeOwnServers(world, { many: { transport: 'stdio', command: process.execPath, args: [FIXTURE], env: { SB_TEST_MARKER: world.marker, MANY_TOOLS: '12' } } });
  const options = { projectDir: world.project, dataDir: world.dataDir, platform: world.platform };
  loaded = await discoverAndLoadMCPTools(options);
  xcsh = await discoverAndLoadMCPTools({ ...options, naming: 'xcsh' });
}, 90_000);

afterAll(async () => {
  await loaded?.close();
  await xcsh?.close();
  world?.cleanup();
});

describe('library names', () => {
  it('keep digits by default, each tool its own name', () => {
    expect(loaded.errors).toEqual([]);
    expect(loaded.tools.map((t) => t.name)).toEqual(Array.from({ length: 12 }, (_, i) => `mcp_many_tool${String(i + 1).padStart(2, '0')}`));
    expect(loaded.catalog[2]).toEqual({ name: 'mcp_many_tool03', description: '[MCP:many] Tool number 3' });
  });

  it('a name from before digits were kept describes (with a note) and calls the same tool', async () => {
    expect(loaded.describe('mcp_many_tool_3')).toMatchObject({
      tool: 'tool03',
      agentName: 'mcp_many_tool03',
      note: '"mcp_many_tool_3" is the name before digits were kept; the tool is now "mcp_many_tool03"',
    });
    expect(loaded.describe('mcp_many_tool03')).not.toHaveProperty('note');
    expect((await loaded.call('mcp_many_tool_3')).text).toBe('called tool03');
    expect((await loaded.call('mcp_many_tool')).text).toBe('called tool01');
    expect(loaded.describe('mcp_many_tool_13')).toBeUndefined();
  });

  it("naming: 'xcsh' gives the digit-dropping names, suffixed in order, and calls by them", async () => {
    expect(xcsh.tools.map((t) => t.name)).toEqual(['mcp_many_tool', ...Array.from({ length: 11 }, (_, i) => `mcp_many_tool_${i + 2}`)]);
    expect(xcsh.tools[2]).toMatchObject({ server: 'many', tool: 'tool03', name: 'mcp_many_tool_3' });
    expect(xcsh.tools[2]?.info).toMatchObject({ agentName: 'mcp_many_tool_3', collisionCount: 11 });
    expect(xcsh.describe('mcp_many_tool_3')).toMatchObject({ tool: 'tool03', agentName: 'mcp_many_tool_3' });
    expect(xcsh.describe('mcp_many_tool_3')).not.toHaveProperty('note');
    expect((await xcsh.call('mcp_many_tool_3')).text).toBe('called tool03');
    // No fallback the other way: under xcsh the digit-keeping name is unknown.
    expect(xcsh.describe('mcp_many_tool03')).toBeUndefined();
    expect((await xcsh.call('mcp_many_tool03')).isError).toBe(true);
  });
});
