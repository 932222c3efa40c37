/**
 * Issue 30 (first slice) with real servers: Claude Code's file holds server-everything and
 * server-memory, Cursor's only server-memory. `gateway:list` gives each host exactly its own
 * servers' tools under `<server>_<tool>`; a tool switched off for Claude Code in Switchboard is gone
 * from its next list and refused by `gateway:call` with the words that say why (Cursor and the
 * bridge unaffected); a name that differs only in case is refused; a call through the gateway is in
 * the history tagged with its host. Resources and prompts (issue 30 item 2): each host gets exactly
 * its listed servers' resources, templates and prompts (`<server>_<prompt>`); a read and a getPrompt
 * give what the inspector's handlers give; a resource or prompt outside the host's list is refused
 * with words; the trace entries of a gateway call and read carry `via: { host }`.
 */
import { describe, expect, it } from 'vitest';
import { ok, trackCores } from '../composition/test-cores.js';
import { startedGatewayCore } from './test-gateway-world.js';

const open = trackCores();

/** A core over the gateway world, started and settled (closed after the test). */
const startedCore = () => startedGatewayCore(open);

describe('the gateway’s per-host list and call (issue 30)', () => {
  it('lists exactly each host’s servers, applies a per-host toggle, refuses with words, tags history', async () => {
    const { world, core } = await startedCore();

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

  it('lists and reads each host’s resources and prompts through the same gate; the trace tags gateway calls with the host', async () => {
    const { world, core } = await startedCore();

    // What the inspector lists of each server is what the host gets, in server-key order, each with its server.
    const listOf = async (server: string) => ({
      resources: (await ok(core.handlers['resources:list']({ server }))).resources.map((r) => [server, r.uri]),
      templates: (await ok(core.handlers['resources:templates']({ server }))).templates.map((t) => [server, t.uriTemplate]),
      prompts: (await ok(core.handlers['prompts:list']({ server }))).prompts.map((p) => p.name).sort().map((n) => [`${server}_${n.replace(/[^A-Za-z0-9_-]/g, '_')}`, server, n]),
    });
    const everything = await listOf('everything');
    const memory = await listOf('memory');
    expect(everything.resources.length).toBeGreaterThan(0);
    expect(everything.prompts.map((p) => p[2])).toContain('simple-prompt');
    expect(memory.resources).toEqual([['memory', 'memory://knowledge-graph']]);
    const claude = await ok(core.handlers['gateway:resources']({ host: 'claude-code' }));
    expect(claude.resources.map((r) => [r.server, r.uri])).toEqual([...everything.resources, ...memory.resources]);
    expect(claude.templates.map((t) => [t.server, t.uriTemplate])).toEqual([...everything.templates, ...memory.templates]);
    expect(claude.collisions).toEqual([]);
    expect(claude.failures).toEqual([]);
    const prompts = await ok(core.handlers['gateway:prompts']({ host: 'claude-code' }));
    expect(prompts.prompts.map((p) => [p.name, p.server, p.prompt])).toEqual([...everything.prompts, ...memory.prompts]);
    // Cursor's only server is memory.
    const cursor = await ok(core.handlers['gateway:resources']({ host: 'cursor' }));
    expect([cursor.resources.map((r) => [r.server, r.uri]), cursor.templates.map((t) => [t.server, t.uriTemplate])]).toEqual([memory.resources, memory.templates]);
    expect((await ok(core.handlers['gateway:prompts']({ host: 'cursor' }))).prompts.map((p) => [p.name, p.server, p.prompt])).toEqual(memory.prompts);

    // A read and a getPrompt give what the inspector's own handlers give.
    const uri = everything.resources[0]?.[1] ?? '';
    const read = await ok(core.handlers['gateway:read']({ host: 'claude-code', uri }));
    const direct = await ok(core.handlers['resources:read']({ server: 'everything', uri }));
    expect(read.contents).toEqual(direct.contents);
    const got = await ok(core.handlers['gateway:getPrompt']({ host: 'claude-code', name: 'everything_simple-prompt', args: {} }));
    expect(got.messages).toEqual((await ok(core.handlers['prompts:get']({ server: 'everything', name: 'simple-prompt', args: {} }))).messages);

    // Outside the host's list: refused, with words.
    expect(await core.handlers['gateway:read']({ host: 'cursor', uri })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: `Unknown resource "${uri}" for Cursor: no resource or resource template of its servers gives that URI through Switchboard's gateway` },
    });
    expect(await core.handlers['gateway:read']({ host: 'cursor', uri: `switchboard-gateway://everything/${uri}` })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: `Resource "switchboard-gateway://everything/${uri}": server "everything" is not in Cursor's servers` },
    });
    expect(await core.handlers['gateway:read']({ host: 'cursor', server: 'everything', uri })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: `Server "everything" is not in Cursor's servers (for ${world.project})` },
    });
    expect(await core.handlers['gateway:getPrompt']({ host: 'cursor', name: 'everything_simple-prompt', args: {} })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Prompt "everything_simple-prompt": server "everything" is not in Cursor\'s servers' },
    });
    expect(await core.handlers['gateway:getPrompt']({ host: 'claude-code', name: 'Everything_Simple-Prompt', args: {} })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Unknown prompt "Everything_Simple-Prompt" for Claude Code: it differs only in case or Unicode form from "everything_simple-prompt", and names are matched exactly' },
    });

    // The trace: a call through Claude Code's door is tagged with it, request and reply; a bridge call is not.
    await ok(core.handlers['gateway:call']({ host: 'claude-code', name: 'everything_echo', args: { message: 'traced' } }));
    await ok(core.handlers['tools:call']({ server: 'everything', tool: 'echo', args: { message: 'bridge' } }));
    const calls = await ok(core.handlers['trace:get']({ server: 'everything', method: 'tools/call' }));
    expect(calls.map((e) => [e.kind, JSON.parse(e.text).params?.arguments?.message ?? null, e.via ?? null])).toEqual([
      ['request', 'traced', { host: 'claude-code' }],
      ['response', null, { host: 'claude-code' }],
      ['request', 'bridge', null],
      ['response', null, null],
    ]);
    const reads = await ok(core.handlers['trace:get']({ server: 'everything', method: 'resources/read' }));
    expect(reads.map((e) => e.via ?? null)).toEqual([{ host: 'claude-code' }, { host: 'claude-code' }, null, null]);
  }, 120_000);
});

