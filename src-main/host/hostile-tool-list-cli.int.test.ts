/**
 * One server's malformed `tools/list` leaves every other listing whole (a "break it" trial: a tool
 * named `123` made `switchboard tools`, `budget`, `describe` on a healthy server and the gateway's
 * `tools/list` fail with `raw.toLowerCase is not a function`; `tools` sent as a string counted as
 * 8 tools). Real servers: the badschema fixture in its hostile modes beside server-everything.
 * What cannot be named is left out and said (docs/tool-bridge.md#invalid-tools); a tool whose
 * fields have the wrong types is kept, flagged invalid with the field.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolsListingSchema } from '../../src-shared/api/status.js';
import { EVERYTHING_SCRIPT } from '../core/mcp/testing/test-helpers.js';
import { makeWorld, runSwitchboard, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';

const FIXTURE = fileURLToPath(new URL('../core/mcp/testing/fixtures/badschema-server.mjs', import.meta.url));

let world: TempWorld;

beforeAll(() => {
  world = makeWorld();
  const hostile = (mode: string) => ({ command: process.execPath, args: [FIXTURE], env: { SB_TEST_MARKER: world.marker, BADSCHEMA_HOSTILE: mode } });
  writeOwnServers(world, {
    ev: { command: process.execPath, args: [EVERYTHING_SCRIPT, 'stdio'], env: { SB_TEST_MARKER: world.marker } },
    items: hostile('items'),
    str: hostile('not-a-list'),
    deep: hostile('deep'),
  });
});

afterAll(() => world?.cleanup());

describe('a server whose tools/list is malformed', () => {
  it('leaves every other server listed; what cannot be named is left out and said, the rest kept and flagged', async () => {
    const run = await runSwitchboard(world, ['tools', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const listing = ToolsListingSchema.parse(JSON.parse(run.stdout));
    const of = (server: string) => listing.tools.filter((t) => t.server === server).map((t) => t.name);
    expect(of('ev')).toContain('echo');
    expect(of('items')).toEqual(['numdesc', 'strschema', 'fine']);
    expect(of('str')).toEqual([]);
    // Nested 1,000 deep (attack pass, issue 32: the process died of a stack overflow): kept, flagged, a plain schema.
    expect(of('deep')).toEqual(['deep', 'fine']);
    const deep = listing.tools.find((t) => t.server === 'deep' && t.name === 'deep');
    expect(deep?.inputSchema).toEqual({ type: 'object', properties: {} });
    expect(deep?.problems?.map((p) => p.path)).toContain('inputSchema');
    expect(listing.warnings).toEqual([
      { server: 'items', warning: 'tools/list: 3 tools left out: not an object with a string "name"' },
      { server: 'str', warning: 'tools/list: "tools" is a string, not a list: no tools' },
    ]);
    const numdesc = listing.tools.find((t) => t.server === 'items' && t.name === 'numdesc');
    expect(numdesc?.description).toBe('');
    expect(numdesc?.problems?.map((p) => p.path)).toEqual(['title', 'description']);
    const strschema = listing.tools.find((t) => t.name === 'strschema');
    expect(strschema?.problems?.map((p) => p.path)).toEqual(['inputSchema', 'annotations']);
  }, 180_000);

  it('describe and call on a healthy server, the budget, and a call of a kept tool still work', async () => {
    const budget = await runSwitchboard(world, ['budget']);
    expect(budget.code, budget.stderr).toBe(0);
    const status = await runSwitchboard(world, ['status']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain('deep: nested too deeply to be checked');
    const described = await runSwitchboard(world, ['describe', 'ev', 'echo']);
    expect(described.code, described.stderr).toBe(0);
    expect(described.stdout).toContain('echo');
    const called = await runSwitchboard(world, ['call', 'items', 'fine', '--args', '{}']);
    expect(called.code, called.stderr).toBe(0);
    expect(called.stdout).toContain('called fine {}');
  }, 180_000);
});
