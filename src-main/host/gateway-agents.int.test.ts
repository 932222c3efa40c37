/**
 * Issue 31 item 2 with real parts: a real owner (its core, its 127.0.0.1 listener) over the gateway
 * world (Claude Code: server-everything and server-memory; Cursor: server-memory). Real SDK clients
 * call through both doors — the HTTP door in both eras and the built CLI's stdio door attached to
 * the owner — and every request shows with its host: in the call history and the trace (`via`), in
 * `agents:recent` and the `agents:activity` feed (arguments, result, duration, error, a call in
 * flight and its progress), and
 * `trace --host` / `history --host` (the built CLI) show one host's traffic only, `-f` included.
 */
import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentActivityEvent } from '../../src-shared/api/agents.js';
import { CLI_BIN, runSwitchboard, waitFor } from '../core/composition/test-world.js';
import { connectHttp, printedHttp, startHttpDoor, stopHttpDoor, type HttpDoorTest } from '../wires/test-fixtures.js';
import { stdioDoor } from './test-gateway-door.js';

let t: HttpDoorTest | undefined;
const events: AgentActivityEvent[] = [];
let urls: { claude: { url: string; token: string }; cursor: { url: string; token: string } };

const started = (): HttpDoorTest => {
  if (!t) throw new Error('the owner did not start');
  return t;
};

beforeAll(async () => {
  t = await startHttpDoor();
  t.owner.core.subscribe((event, payload) => {
    if (event === 'agents:activity') events.push(payload as AgentActivityEvent);
  });
  urls = { claude: await printedHttp(t.world, 'claude-code'), cursor: await printedHttp(t.world, 'cursor') };
}, 120_000);

afterAll(async () => {
  if (t) await stopHttpDoor(t);
}, 120_000);

describe('what agents do through the gateway (issue 31 item 2)', () => {
  it('tags each door’s requests with the host in history, trace and the agents feed; --host filters', async () => {
    const w = started();
    const api = w.owner.core.handlers;
    const { client: http } = await connectHttp(w, urls.claude.url, urls.claude.token);
    await http.callTool({ name: 'everything_echo', arguments: { message: 'agents-http' } });
    const { client: modern } = await connectHttp(w, urls.claude.url, urls.claude.token, '2026-07-28');
    await modern.callTool({ name: 'everything_echo', arguments: { message: 'agents-modern' } });
    // The stdio door attaches to this owner (its endpoint in the data folder).
    const stdio = new Client({ name: 'gateway-agents-test', version: '1.0.0' });
    w.clients.push(stdio);
    await stdio.connect(stdioDoor(w.world));
    await stdio.callTool({ name: 'everything_echo', arguments: { message: 'agents-stdio' } });
    const resource = (await http.listResources()).resources[0];
    if (!resource) throw new Error('server-everything lists no resource');
    await http.readResource({ uri: resource.uri });
    const prompt = (await http.listPrompts()).prompts.find((p) => !(p.arguments ?? []).some((a) => a.required));
    if (!prompt) throw new Error('server-everything lists no prompt without required arguments');
    await http.getPrompt({ name: prompt.name, arguments: {} });
    await expect(http.callTool({ name: 'nope', arguments: {} })).rejects.toThrow('Unknown tool "nope" for Claude Code');
    const { client: cursor } = await connectHttp(w, urls.cursor.url, urls.cursor.token);
    await cursor.callTool({ name: 'memory_read_graph', arguments: {} });

    // The call history, by host.
    const claudeHistory = await api['history:list']({ host: 'claude-code' });
    if (!claudeHistory.ok) throw new Error(claudeHistory.error.message);
    expect(claudeHistory.data.map((r) => [r.tool, r.via?.host, r.args.message ?? null, r.outcome])).toEqual([
      ['echo', 'claude-code', 'agents-http', 'ok'],
      ['echo', 'claude-code', 'agents-modern', 'ok'],
      ['echo', 'claude-code', 'agents-stdio', 'ok'],
      ['nope', 'claude-code', null, 'refused'],
    ]);
    const cursorHistory = await api['history:list']({ host: 'cursor' });
    expect(cursorHistory.ok && cursorHistory.data.map((r) => [r.server, r.tool, r.via?.host])).toEqual([['memory', 'read_graph', 'cursor']]);

    // The trace, by host: each door's tools/call request and reply, the resource read.
    const cursorTrace = await api['trace:get']({ host: 'cursor' });
    if (!cursorTrace.ok) throw new Error(cursorTrace.error.message);
    expect(new Set(cursorTrace.data.map((e) => e.via?.host))).toEqual(new Set(['cursor']));
    expect(cursorTrace.data.filter((e) => e.method === 'tools/call').map((e) => [e.server, e.kind])).toEqual([['memory', 'request'], ['memory', 'response']]);
    const claudeCalls = await api['trace:get']({ host: 'claude-code', method: 'tools/call' });
    expect(claudeCalls.ok && claudeCalls.data.filter((e) => e.kind === 'request').map((e) => /agents-(http|modern|stdio)/.exec(e.text)?.[0])).toEqual(['agents-http', 'agents-modern', 'agents-stdio']);
    const reads = await api['trace:get']({ host: 'claude-code', method: 'resources/read' });
    expect(reads.ok && reads.data.map((e) => e.kind)).toEqual(['request', 'response']);

    // The agents feed: newest first, with arguments, result, duration and the refusal's words.
    const recent = await api['agents:recent']({ host: 'claude-code' });
    if (!recent.ok) throw new Error(recent.error.message);
    expect(recent.data.hosts.map((h) => [h.host, h.inFlight.length])).toEqual([['claude-code', 0]]);
    const calls = recent.data.hosts[0]?.recent ?? [];
    expect(calls.map((c) => [c.kind, c.name, c.server ?? null, c.outcome])).toEqual([
      ['tools/call', 'nope', null, 'refused'],
      ['prompts/get', prompt.name, null, 'ok'],
      ['resources/read', resource.uri, null, 'ok'],
      ['tools/call', 'everything_echo', 'everything', 'ok'],
      ['tools/call', 'everything_echo', 'everything', 'ok'],
      ['tools/call', 'everything_echo', 'everything', 'ok'],
    ]);
    expect(calls[0]?.error).toBe('Unknown tool "nope" for Claude Code: no tool of that name in its list through Switchboard\'s gateway');
    expect(calls[3]).toMatchObject({ args: { message: 'agents-stdio' }, summary: 'Echo: agents-stdio' });
    expect(typeof calls[3]?.durationMs).toBe('number');
    expect(calls[1]?.summary).toMatch(/^\d+ messages?$/);
    expect(recent.data.counts).toEqual({ inFlight: 0, lastMinute: 7 });
    // Each request was announced when it started and when it finished.
    const stdioEvents = events.filter((e) => e.call.args.message === 'agents-stdio').map((e) => [e.phase, e.call.outcome]);
    expect(stdioEvents).toEqual([['started', 'running'], ['finished', 'ok']]);

    // The CLI: one host's traffic only.
    const traced = await runSwitchboard(w.world, ['trace', '--host', 'cursor']);
    expect(traced.code).toBe(0);
    // Each entry's via mark (`formatTraceEntry`); the door's own re-reads of its lists may add entries meanwhile.
    const marks = traced.stdout.match(/ via [a-z-]+ /g) ?? [];
    expect(marks.length).toBeGreaterThanOrEqual(cursorTrace.data.length);
    expect(new Set(marks)).toEqual(new Set([' via cursor ']));
    expect(traced.stdout).toMatch(/ memory → req {3}tools\/call #\d+ via cursor \{"method":"tools\/call","params":\{"name":"read_graph"/);
    const history = await runSwitchboard(w.world, ['history', '--host', 'cursor']);
    expect(history.code).toBe(0);
    expect(history.stdout.trim().split('\n').map((l) => l.split('  ').slice(1, 4))).toEqual([['memory', 'read_graph', 'ok']]);

    // A call in flight is listed as such, its progress is fed, and it ends among the recent ones.
    const long = stdio.callTool({ name: 'everything_trigger-long-running-operation', arguments: { duration: 1, steps: 2 } }, { onprogress: () => undefined });
    const inFlight = async (): Promise<string[]> => {
      const r = await api['agents:recent']({ host: 'claude-code', limit: 0 });
      return r.ok ? (r.data.hosts[0]?.inFlight ?? []).map((c) => `${c.name} ${c.outcome}`) : [];
    };
    expect(await waitFor(async () => (await inFlight()).includes('everything_trigger-long-running-operation running'), 30_000)).toBe(true);
    await long;
    expect(await inFlight()).toEqual([]);
    const longEvents = events.filter((e) => e.call.name === 'everything_trigger-long-running-operation');
    expect(longEvents.map((e) => e.phase)).toEqual(['started', 'progress', 'progress', 'finished']);
    expect(longEvents.map((e) => e.call.progress)).toEqual([undefined, { progress: 1, total: 2 }, { progress: 2, total: 2 }, { progress: 2, total: 2 }]);
    expect(longEvents[3]?.call.outcome).toBe('ok');
  }, 180_000);

  it('trace --host <id> -f follows that host’s new requests only', async () => {
    const w = started();
    const follow = spawn(process.execPath, [CLI_BIN, 'trace', '--host', 'cursor', '-f'], { cwd: w.world.project, env: w.world.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    follow.stdout.on('data', (d: Buffer) => (out += d.toString()));
    try {
      expect(await waitFor(() => out.includes('via cursor'), 60_000)).toBe(true);
      const { client: claude } = await connectHttp(w, urls.claude.url, urls.claude.token);
      await claude.callTool({ name: 'memory_search_nodes', arguments: { query: 'follow-claude' } });
      const { client: cursor } = await connectHttp(w, urls.cursor.url, urls.cursor.token);
      await cursor.callTool({ name: 'memory_search_nodes', arguments: { query: 'follow-cursor' } });
      expect(await waitFor(() => out.includes('follow-cursor'), 60_000)).toBe(true);
      expect(out).not.toContain('follow-claude');
      expect(out).not.toContain('via claude-code');
    } finally {
      follow.kill('SIGINT');
      await waitFor(() => follow.exitCode !== null, 60_000);
    }
  }, 180_000);
});
