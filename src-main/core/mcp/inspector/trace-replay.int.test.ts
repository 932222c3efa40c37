/**
 * The trace across servers and `trace:replay` (issue 15 item 2; docs/inspecting.md "Replay") on a
 * real core with two real server-everything processes: the merged trace, refusals (the handshake,
 * params the trace redacted, a message the server sent), and replays of `resources/read` — a
 * result and a JSON-RPC error — whose new exchange is in the trace.
 */
import { describe, expect, it } from 'vitest';
import type { TraceEntry } from '../../../../src-shared/api/lifecycle.js';
import { createSwitchboardCore } from '../../composition/switchboard-core.js';
import { ok, trackCores } from '../../composition/test-cores.js';
import { everythingEntry, everythingScript, makeWorld, writeOwnServers } from '../../composition/test-world.js';

const cores = trackCores();

async function twoEverythings() {
  const world = makeWorld();
  writeOwnServers(world, { alpha: everythingEntry(world), beta: everythingEntry(world) });
  const core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'cli', version: '0.0.0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'], env: { SB_TEST_MARKER: world.marker } } });
  cores.push({ world, core });
  await core.start();
  await core.settled();
  const snap = await ok(core.handlers['servers:list']({}));
  expect(snap.servers.map((s) => [s.server.name, s.status])).toEqual([
    ['alpha', 'connected'],
    ['beta', 'connected'],
  ]);
  return core;
}

const find = (entries: TraceEntry[], method: string, kind: TraceEntry['kind'] = 'request') => entries.filter((e) => e.method === method && e.kind === kind);

describe('trace across servers and replay of any request', () => {
  it('merges every server\'s trace in seq order; one server\'s stays its own', async () => {
    const core = await twoEverythings();
    const all = await ok(core.handlers['trace:get']({}));
    expect(new Set(all.map((e) => e.server))).toEqual(new Set(['alpha', 'beta']));
    expect(all.map((e) => e.seq)).toEqual([...all.map((e) => e.seq)].sort((a, b) => a - b));
    const alpha = await ok(core.handlers['trace:get']({ server: 'alpha' }));
    expect(alpha.length).toBeGreaterThan(0);
    expect(alpha.every((e) => e.server === 'alpha')).toBe(true);
    expect(all.filter((e) => e.server === 'alpha')).toEqual(alpha);
    const later = await ok(core.handlers['trace:get']({ afterSeq: all.at(-2)!.seq }));
    expect(later).toEqual([all.at(-1)]);
  }, 120_000);

  it('refuses the handshake, a message the server sent and params the trace redacted; sends nothing for them', async () => {
    const core = await twoEverythings();
    let trace = await ok(core.handlers['trace:get']({ server: 'alpha' }));
    const init = find(trace, 'initialize')[0]!;
    const refusedInit = await core.handlers['trace:replay']({ server: 'alpha', seq: init.seq });
    expect(refusedInit).toEqual({ ok: false, error: { code: 'BAD_REQUEST', message: expect.stringMatching(/^initialize cannot be replayed: it is the connection's handshake/) } });
    const reply = find(trace, 'initialize', 'response')[0]!;
    const refusedReply = await core.handlers['trace:replay']({ server: 'alpha', seq: reply.seq });
    expect(refusedReply.ok === false && refusedReply.error.message).toMatch(/^Only a request Switchboard sent can be replayed; this is a message the server sent/);

    // A call whose arguments held a secret-named value: the trace keeps "[redacted]", not the value.
    await ok(core.handlers['tools:call']({ server: 'alpha', tool: 'echo', args: { message: 'hi', api_key: 'sk-replay-secret-0001' }, validate: false }));
    trace = await ok(core.handlers['trace:get']({ server: 'alpha' }));
    const call = find(trace, 'tools/call').at(-1)!;
    expect(call.text).toContain('"api_key":"[redacted]"');
    const before = find(trace, 'tools/call').length;
    const refusedSecret = await core.handlers['trace:replay']({ server: 'alpha', seq: call.seq });
    expect(refusedSecret.ok === false && refusedSecret.error).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('held a secret the trace redacted ("[redacted]")') });
    trace = await ok(core.handlers['trace:get']({ server: 'alpha' }));
    expect(find(trace, 'tools/call')).toHaveLength(before);
    expect(JSON.stringify(trace)).not.toContain('sk-replay-secret-0001');

    const gone = await core.handlers['trace:replay']({ server: 'alpha', seq: 999_999 });
    expect(gone.ok === false && gone.error.code).toBe('NOT_FOUND');
  }, 120_000);

  it('replays a resources/read: the result comes back as data and the new exchange is in the trace', async () => {
    const core = await twoEverythings();
    const listed = await ok(core.handlers['resources:list']({ server: 'beta' }));
    const uri = listed.resources[0]!.uri;
    const read = await ok(core.handlers['resources:read']({ server: 'beta', uri }));
    let trace = await ok(core.handlers['trace:get']({ server: 'beta' }));
    const original = find(trace, 'resources/read').at(-1)!;

    const replay = await ok(core.handlers['trace:replay']({ server: 'beta', seq: original.seq }));
    expect(replay).toMatchObject({ server: 'beta', method: 'resources/read' });
    expect(replay.error).toBeUndefined();
    expect((replay.result as { contents: { uri: string }[] }).contents[0]!.uri).toBe(uri);
    expect((replay.result as { contents: unknown[] }).contents).toEqual(read.contents);
    expect(replay.requestSeq).toBeGreaterThan(original.seq);
    trace = await ok(core.handlers['trace:get']({ server: 'beta' }));
    const again = trace.find((e) => e.seq === replay.requestSeq)!;
    expect(again).toMatchObject({ server: 'beta', direction: 'out', kind: 'request', method: 'resources/read' });
    expect(JSON.parse(again.text).params.uri).toBe(uri);
    expect(trace.some((e) => e.kind === 'response' && e.method === 'resources/read' && e.id === again.id)).toBe(true);
    // The other server saw nothing of it.
    const alpha = await ok(core.handlers['trace:get']({ server: 'alpha' }));
    expect(find(alpha, 'resources/read')).toHaveLength(0);
  }, 120_000);

  it('replays a request the server answers with a JSON-RPC error: the error is the outcome, as data', async () => {
    const core = await twoEverythings();
    const missing = await core.handlers['resources:read']({ server: 'alpha', uri: 'demo://no/such/resource' });
    expect(missing.ok).toBe(false);
    const trace = await ok(core.handlers['trace:get']({ server: 'alpha' }));
    const original = find(trace, 'resources/read').at(-1)!;
    const replay = await ok(core.handlers['trace:replay']({ server: 'alpha', seq: original.seq }));
    expect(replay.result).toBeUndefined();
    expect(replay.error).toMatchObject({ code: expect.any(Number), message: expect.stringMatching(/\S/) });
    // tools/list and ping, other requests of ours, replay too.
    const list = find(trace, 'tools/list')[0]!;
    const relisted = await ok(core.handlers['trace:replay']({ server: 'alpha', seq: list.seq }));
    expect((relisted.result as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
  }, 120_000);
});
