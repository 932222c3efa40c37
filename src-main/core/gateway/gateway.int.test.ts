/**
 * Issue 30 (first slice) with real servers: Claude Code's file holds server-everything and
 * server-memory, Cursor's only server-memory. `gateway:list` gives each host exactly its own
 * servers' tools under `<server>_<tool>`; a tool switched off for Claude Code in Switchboard is gone
 * from its next list and refused by `gateway:call` with the words that say why (Cursor and the
 * bridge unaffected); a name that differs only in case is refused; a call through the gateway is in
 * the history tagged with its host.
 */
import { describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { ok, trackCores } from '../composition/test-cores.js';
import { everythingScript } from '../composition/test-world.js';
import { makeGatewayWorld } from './test-gateway-world.js';

const open = trackCores();

describe('the gateway’s per-host list and call (issue 30)', () => {
  it('lists exactly each host’s servers, applies a per-host toggle, refuses with words, tags history', async () => {
    const { world } = makeGatewayWorld();
    const core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'web', version: '1.0.0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } }, { watchConfig: false, eventDelayMs: 5 });
    open.push({ world, core });
    await core.start();
    await core.settled();

    const raw = async (server: string): Promise<string[]> => (await ok(core.handlers['tools:list']({ server }))).map((t) => t.name).sort();
    const everything = await raw('everything');
    const memory = await raw('memory');
    expect(everything).toContain('echo');
    expect(memory).toEqual(['add_observations', 'create_entities', 'create_relations', 'delete_entities', 'delete_observations', 'delete_relations', 'open_nodes', 'read_graph', 'search_nodes']);
    const names = (server: string, tools: string[]): string[] => [...tools].sort().map((t) => `${server}_${t.replace(/[^A-Za-z0-9_-]/g, '_')}`);

    // (1) Claude Code: both servers, ordered by server key then raw tool name; Cursor: only memory.
    const claude = await ok(core.handlers['gateway:list']({ host: 'claude-code' }));
    expect(claude.project).toBe(world.project);
    expect(claude.tools.map((t) => t.name)).toEqual([...names('everything', everything), ...names('memory', memory)]);
    expect(claude.servers).toEqual([
      { server: 'everything', state: 'listed', tools: everything.length },
      { server: 'memory', state: 'listed', tools: memory.length },
    ]);
    expect(claude.collisions).toEqual([]);
    const echo = claude.tools.find((t) => t.name === 'everything_echo');
    expect(echo).toMatchObject({ server: 'everything', tool: 'echo' });
    expect(echo?.inputSchema).toMatchObject({ type: 'object', properties: { message: { type: 'string' } } });
    const cursor = await ok(core.handlers['gateway:list']({ host: 'cursor' }));
    expect(cursor.tools.map((t) => t.name)).toEqual(names('memory', memory));
    expect(cursor.servers).toEqual([{ server: 'memory', state: 'listed', tools: memory.length }]);
    // The single-server door: raw names, made host-safe.
    const single = await ok(core.handlers['gateway:list']({ host: 'cursor', server: 'memory' }));
    expect(single.tools.map((t) => t.name)).toEqual(memory);

    // A call through Claude Code's door: the echo, and a history record tagged with the host.
    const called = await ok(core.handlers['gateway:call']({ host: 'claude-code', name: 'everything_echo', args: { message: 'through the gateway' } }));
    expect(called.text).toBe('Echo: through the gateway');
    const history = await ok(core.handlers['history:list']({ server: 'everything' }));
    expect(history.map((r) => [r.tool, r.via])).toEqual([['echo', { host: 'claude-code' }]]);

    // Cursor does not load everything: refused, and why.
    const foreign = await core.handlers['gateway:call']({ host: 'cursor', name: 'everything_echo', args: { message: 'x' } });
    expect(foreign).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Tool "everything_echo": server "everything" is not in Cursor\'s servers' } });

    // (3) Only the case differs: refused, never matched.
    const cased = await core.handlers['gateway:call']({ host: 'claude-code', name: 'Everything_Echo', args: { message: 'x' } });
    expect(cased).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Unknown tool "Everything_Echo" for Claude Code: it differs only in case or Unicode form from "everything_echo", and names are matched exactly' },
    });
    const unknown = await core.handlers['gateway:call']({ host: 'claude-code', name: 'nothing_here', args: {} });
    expect(unknown).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Unknown tool "nothing_here" for Claude Code: no tool of that name in its list through Switchboard\'s gateway' } });

    // (2) Switched off for Claude Code in Switchboard (its file has no per-tool list).
    const toggled = await ok(core.handlers['budget:setTool']({ server: 'everything', tool: 'echo', on: false, host: 'claude-code' }));
    expect(toggled).toMatchObject({ on: false, unchanged: false, target: { kind: 'switchboard' } });
    const after = await ok(core.handlers['gateway:list']({ host: 'claude-code' }));
    expect(after.tools.map((t) => t.name)).toEqual([...names('everything', everything.filter((t) => t !== 'echo')), ...names('memory', memory)]);
    expect(after.servers[0]).toEqual({ server: 'everything', state: 'listed', tools: everything.length - 1 });
    const off = await core.handlers['gateway:call']({ host: 'claude-code', name: 'everything_echo', args: { message: 'x' } });
    expect(off).toEqual({
      ok: false,
      error: { code: 'DISABLED', message: 'Tool "everything_echo" is switched off for Claude Code in Switchboard; switch it on with: switchboard budget on everything echo --host claude-code' },
    });
    // Only Claude Code's door: Switchboard's own call path still runs it.
    expect((await ok(core.handlers['tools:call']({ server: 'everything', tool: 'echo', args: { message: 'bridge' } }))).text).toBe('Echo: bridge');
    // On again: back in the list under the same name.
    await ok(core.handlers['budget:setTool']({ server: 'everything', tool: 'echo', on: true, host: 'claude-code' }));
    expect((await ok(core.handlers['gateway:list']({ host: 'claude-code' }))).tools.map((t) => t.name)).toEqual(claude.tools.map((t) => t.name));
  }, 120_000);
});
