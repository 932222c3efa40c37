/**
 * Every door of a tool call goes through the one lookup (tools/resolve-tool.ts, issue 29 item 3):
 * a person's `tools:call`, a trigger rule's action, `history:replay` and `trace:replay` get the same
 * refusal, with the CLI's text, for a tool switched off in Switchboard (a held tool) and a tool the
 * config filters out; and a call made while its server is still connecting gets the
 * required-parameter pre-check (before, the handler looked the tool up before the connect settled,
 * found nothing, and sent the call unchecked). Real notifying servers and server-everything over
 * stdio, a real core.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import type { TriggerFiring } from '../../../src-shared/api/channels.js';
import { everythingScript, makeWorld, waitFor, writeOwnServers, type TempWorld } from '../composition/test-world.js';
import { notifyingEntry, startCore, type CoreHarness } from '../channels/test-fixtures.js';

let world: TempWorld;
let h: CoreHarness;

const rule = (name: string, channel: string, server: string, tool: string) => ({
  name,
  server: 'mon',
  channel,
  mode: 'auto',
  action: { server, tool, arguments: { text: '{{content}}' } },
  allowedTools: [`${server}/${tool}`],
});

const SWITCHED_OFF = 'Tool "echo" on server "ops" is switched off in Switchboard (context budget); switch it on with: switchboard budget on ops echo';
const FILTERED = 'Tool "echo" on server "filt" is filtered out by its enabledTools/disabledTools';
const UNKNOWN = 'Unknown tool "nope" on server "ops"';

beforeAll(async () => {
  world = makeWorld();
  writeOwnServers(world, {
    mon: notifyingEntry(world),
    filt: notifyingEntry(world, { disabledTools: ['echo'] }),
    // server-everything answering only after 4 s: a call made before that waits for the connect.
    slow: {
      command: process.execPath,
      args: ['-e', "setTimeout(() => import(require('node:url').pathToFileURL(process.argv[1]).href), 4000)", everythingScript(), 'stdio'],
      env: { SB_TEST_MARKER: world.marker },
    },
  });
  // Cursor's file has no tool list: switching a tool off there is Switchboard's own (a held tool).
  mkdirSync(join(world.home, '.cursor'), { recursive: true });
  writeFileSync(join(world.home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { ops: notifyingEntry(world) } }, null, 2));
  writeFileSync(
    join(world.dataDir, 'triggers.json'),
    JSON.stringify({ rules: [rule('off', 'build', 'ops', 'echo'), rule('filtered', 'deploy', 'filt', 'echo'), rule('unknown', 'audit', 'ops', 'nope')] }, null, 2),
  );
  h = await startCore(world, {}, 'web', { settle: false });
}, 120_000);

afterAll(async () => {
  await h?.dispose();
  world?.cleanup();
});

async function statusOf(server: string): Promise<string | undefined> {
  const r = await h.core.handlers['servers:list']({});
  return r.ok ? r.data.servers.find((s) => s.server.name === server)?.status : undefined;
}

/** Fire `channel` on mon and return the firing of `ruleName` once it settled. */
async function fire(ruleName: string, channel: string): Promise<TriggerFiring> {
  const sent = await h.core.handlers['tools:call']({ server: 'mon', tool: 'notify', args: { method: `notifications/${channel}/now`, params: { n: 1 } } });
  expect(sent.ok).toBe(true);
  let firing: TriggerFiring | undefined;
  await waitFor(async () => {
    const r = await h.core.handlers['triggers:list']({});
    firing = r.ok ? r.data.firings.find((f) => f.rule === ruleName && f.outcome !== 'pending') : undefined;
    return firing !== undefined;
  }, 60_000);
  assert.exists(firing, `no settled firing of ${ruleName}`);
  return firing;
}

describe('a call to a server still connecting', () => {
  it('waits for the connect, then gets the required-parameter pre-check (the server is not called)', async () => {
    expect(await waitFor(async () => (await statusOf('slow')) === 'connecting', 30_000)).toBe(true);
    const r = await h.core.handlers['tools:call']({ server: 'slow', tool: 'echo', args: {} });
    expect(r.ok && r.data).toMatchObject({ server: 'slow', tool: 'echo', notSent: 'missing-required', isError: true });
    expect(r.ok && r.data.text.startsWith('Error: Missing required parameter: message. Tool mcp_slow_echo (server "slow", tool "echo")')).toBe(true);
    expect(await statusOf('slow')).toBe('connected');
  }, 60_000);
});

describe('one refusal for every door', () => {
  let recordId = '';
  let traceSeq = 0;

  beforeAll(async () => {
    await h.core.settled();
    // A person's call while echo is on: kept in the history and the trace, replayed below.
    const called = await h.core.handlers['tools:call']({ server: 'ops', tool: 'echo', args: { text: 'first' } });
    expect(called.ok && called.data.text).toBe('echo: first');
    const history = await h.core.handlers['history:list']({ server: 'ops' });
    recordId = history.ok ? (history.data.find((c) => c.tool === 'echo')?.id ?? '') : '';
    const traced = await h.core.handlers['trace:get']({ server: 'ops' });
    traceSeq = traced.ok ? (traced.data.find((e) => e.kind === 'request' && e.direction === 'out' && e.method === 'tools/call')?.seq ?? 0) : 0;
    const off = await h.core.handlers['budget:setTool']({ server: 'ops', tool: 'echo', on: false });
    expect(off.ok && off.data.target.kind).toBe('switchboard');
  }, 120_000);

  it('a tool switched off in Switchboard: tools:call, the rule, history and trace replays say the same', async () => {
    const refusal = { ok: false, error: { code: 'NOT_FOUND', message: SWITCHED_OFF } };
    expect(await h.core.handlers['tools:call']({ server: 'ops', tool: 'echo', args: { text: 'x' } })).toEqual(refusal);
    expect(await h.core.handlers['history:replay']({ id: recordId, args: {} })).toEqual(refusal);
    expect(await h.core.handlers['trace:replay']({ server: 'ops', seq: traceSeq })).toEqual(refusal);
    expect(await fire('off', 'build')).toMatchObject({ outcome: 'failed', error: SWITCHED_OFF });
  }, 120_000);

  it('a tool the config filters out, and an unknown tool: the rule gets the tools:call text', async () => {
    expect(await h.core.handlers['tools:call']({ server: 'filt', tool: 'echo', args: {} })).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: FILTERED } });
    expect(await fire('filtered', 'deploy')).toMatchObject({ outcome: 'failed', error: FILTERED });
    expect(await h.core.handlers['tools:call']({ server: 'ops', tool: 'nope', args: {} })).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: UNKNOWN } });
    expect(await fire('unknown', 'audit')).toMatchObject({ outcome: 'failed', error: UNKNOWN });
  }, 120_000);

  it('refused calls are not in the history: only the first call to ops is', async () => {
    const history = await h.core.handlers['history:list']({});
    expect(history.ok && history.data.filter((c) => c.server !== 'mon').map((c) => [c.server, c.tool, c.rule ?? null])).toEqual([['ops', 'echo', null]]);
  });
});
