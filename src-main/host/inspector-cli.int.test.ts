/**
 * Deferred schemas and browsing from the CLI (as real child processes) and the library entry
 * (in process), against the real server-everything in a temp machine (issue 5 §2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingEntry, makeWorld, processesWithMarker, runSwitchboard, writeOwnServers, BROKEN_ENTRY, type TempWorld } from '../core/composition/test-world.js';
import { discoverAndLoadMCPTools } from './library.js';

let world: TempWorld;

beforeAll(() => {
  world = makeWorld();
  writeOwnServers(world, { everything: everythingEntry(world), broken: BROKEN_ENTRY });
});

afterAll(() => world?.cleanup());

describe('CLI', () => {
  it('tools --catalog prints names and [MCP:server] descriptions only', async () => {
    const run = await runSwitchboard(world, ['tools', 'everything', '--catalog', '--json']);
    expect(run.code).toBe(0);
    const catalog = JSON.parse(run.stdout) as { name: string; description: string }[];
    expect(catalog.find((c) => c.name === 'mcp_everything_echo')?.description).toMatch(/^\[MCP:everything\] /);
    expect(Object.keys(catalog[0]!).sort()).toEqual(['description', 'name']);
  });

  it('describe <name> prints server, description, schema and invocation; unknown names exit 2', async () => {
    const run = await runSwitchboard(world, ['describe', 'mcp_everything_get_sum']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('server:      everything');
    expect(run.stdout).toContain(`invocation:  switchboard call mcp_everything_get_sum --args '{"a":0,"b":0}'`);
    expect(run.stdout).toContain('"required"');
    const unknown = await runSwitchboard(world, ['describe', 'everything', 'no-such-tool']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown tool "no-such-tool" on server "everything"');
  });

  it('call without a required parameter is our pre-check, with the schema (exit 64); --no-check sends it anyway', async () => {
    // Trial 6 finding 11: it read like the tool's own isError result (exit 1) though nothing was sent.
    const run = await runSwitchboard(world, ['call', 'everything', 'get-sum', '--args', '{"a":1}']);
    expect(run.code).toBe(64);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain("Not sent: Switchboard's pre-check (not the server) found Missing required parameter: b.");
    expect(run.stderr).toContain('"properties"');
    expect(run.stderr).toContain('add --no-check');
    const json = await runSwitchboard(world, ['call', 'everything', 'get-sum', '--args', '{"a":1}', '--json']);
    expect(json.code).toBe(64);
    expect(JSON.parse(json.stdout)).toMatchObject({ notSent: 'missing-required', isError: true });
    // Sent as written: the server's own validation answers (not our pre-check).
    const sent = await runSwitchboard(world, ['call', 'everything', 'get-sum', '--args', '{"a":1}', '--no-check', '--json']);
    expect(sent.code).not.toBe(64);
    expect(sent.stderr).not.toContain('pre-check');
    expect(JSON.parse(sent.stdout).notSent).toBeUndefined();
  });

  it('resources lists and reads; prompts lists and gets', async () => {
    const list = await runSwitchboard(world, ['resources', 'everything', '--json']);
    expect(list.code).toBe(0);
    const parsed = JSON.parse(list.stdout) as { resources: { uri: string }[]; templates: unknown[] };
    expect(parsed.resources.length).toBeGreaterThan(0);
    const read = await runSwitchboard(world, ['resources', 'everything', parsed.resources[0]!.uri]);
    expect(read.code).toBe(0);
    expect(read.stdout.length).toBeGreaterThan(0);
    const prompts = await runSwitchboard(world, ['prompts', 'everything']);
    expect(prompts.stdout).toContain('simple-prompt');
    const got = await runSwitchboard(world, ['prompts', 'everything', 'args-prompt', '--args', '{"city":"Paris"}']);
    expect(got.code).toBe(0);
    expect(got.stdout).toMatch(/^user: .*Paris/m);
    expect(processesWithMarker(world.marker)).toEqual([]);
  });
});

describe('discoverAndLoadMCPTools', () => {
  it('returns the loaded tools and a per-server error list, calls by agent name, and leaves no process', async () => {
    const loaded = await discoverAndLoadMCPTools({ projectDir: world.project, dataDir: world.dataDir, platform: world.platform });
    try {
      expect(loaded.tools.map((t) => t.name)).toContain('mcp_everything_echo');
      expect(loaded.errors).toEqual([expect.objectContaining({ server: 'broken', status: 'error', message: expect.stringContaining('/nonexistent/mcp-server-broken') })]);
      expect(loaded.catalog.find((c) => c.name === 'mcp_everything_echo')?.description).toMatch(/^\[MCP:everything\]/);
      expect(loaded.describe('mcp_everything_echo')?.required).toEqual(['message']);
      expect((await loaded.call('mcp_everything_echo', { message: 'hi' })).text).toBe('Echo: hi');
      const echo = loaded.tools.find((t) => t.name === 'mcp_everything_echo')!;
      expect((await echo.call({})).text).toMatch(/^Error: Missing required parameter: message/);
      expect((await loaded.call('mcp_nope')).isError).toBe(true);
    } finally {
      await loaded.close();
    }
    expect(processesWithMarker(world.marker)).toEqual([]);
  });
});
