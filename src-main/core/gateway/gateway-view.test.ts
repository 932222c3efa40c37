/**
 * One host's gateway list from fixed inputs (issue 30 item 2 and 4, docs/gateway.md): every filter
 * and every refusal's words — a host-list toggle (Codex), a per-host Switchboard toggle, a bridge
 * toggle, a block-mode pin, untrusted / changed / not-ready / disabled servers listed with why, a
 * server outside the host's own — and names that stay put when a tool is switched off.
 */
import type { Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { ServerStatusName } from '../../../src-shared/api/status.js';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import type { HostView } from '../config/host-view.js';
import { buildGatewayList, gatewayLookup, type GatewayInputs } from './gateway-view.js';

const def = (name: string, extra: Partial<ServerDefinition> = {}): ServerDefinition => ({
  name,
  transport: 'stdio',
  command: 'node',
  enabled: true,
  unresolved: [],
  source: { host: 'codex', file: '/h/.codex/config.toml', scope: 'user' },
  ...extra,
});
const tool = (name: string): Tool => ({ name, inputSchema: { type: 'object' } });
const LISTED: Record<string, Tool[]> = { a: [tool('z.last'), tool('first'), tool('pinned'), tool('mine'), tool('bridged')], b: [tool('x')] };
const STATUS: Record<string, ServerStatusName> = { a: 'connected', b: 'connected', u: 'untrusted', c: 'changed', n: 'backoff' };

function inputs(overrides: Partial<GatewayInputs> = {}): GatewayInputs {
  const view: HostView = {
    host: 'codex',
    label: 'Codex',
    files: [],
    entries: ['b', 'a', 'u', 'c', 'n'].map((n) => ({ definition: def(n, n === 'a' ? { disabledTools: ['first'] } : {}), loaded: true })).concat([{ definition: def('d', { enabled: false }), loaded: true }]),
  };
  return {
    host: 'codex',
    project: '/p',
    view,
    state: (s) => {
      const status = STATUS[s];
      return status ? { status, ...(s === 'n' ? { lastError: 'spawn ENOENT' } : {}) } : undefined;
    },
    listed: (s) => LISTED[s] ?? [],
    heldByPin: (s) => new Set(s === 'a' ? ['pinned'] : []),
    switchboardOff: (s) => new Set(s === 'a' ? ['mine'] : []),
    bridgeOff: (s) => new Set(s === 'a' ? ['bridged'] : []),
    managed: ['a', 'b', 'other'],
    ...overrides,
  };
}

describe('gateway list and gate', () => {
  it('a host connected --each shows each tool under its server\'s own entry, named as that single-server door names it', () => {
    // Found trying issue 31 as a new user: after `connect claude-code` the Gateway view listed
    // mcp__switchboard__memory_read_graph while Claude Code shows mcp__memory__read_graph.
    const { list, gate } = buildGatewayList(inputs({ entryPerServer: true }));
    expect(list.tools.map((t) => [t.name, t.shown])).toEqual([
      ['a_z_last', 'mcp__a__z_last'],
      ['b_x', 'mcp__b__x'],
    ]);
    // Only the shown names change: the aggregated door's own names and gate stay.
    expect([...gate.served.keys()]).toEqual(['a_z_last', 'b_x']);
    // A single-server door (the entry itself) is not affected.
    expect(buildGatewayList(inputs({ entryPerServer: true, server: 'a' })).list.tools.map((t) => [t.name, t.shown])).toEqual([['z_last', 'mcp__switchboard__z_last']]);
  });

  it('lists by server key then raw name, leaves held tools out and says why each server gives none', () => {
    const { list, gate } = buildGatewayList(inputs());
    expect(list.tools.map((t) => [t.name, t.server, t.tool, t.shown])).toEqual([
      ['a_z_last', 'a', 'z.last', 'mcp__switchboard__a_z_last'],
      ['b_x', 'b', 'x', 'mcp__switchboard__b_x'],
    ]);
    expect(list.servers).toEqual([
      { server: 'a', state: 'listed', tools: 1 },
      { server: 'b', state: 'listed', tools: 1 },
      { server: 'c', state: 'changed', reason: 'server changed since it was approved; see: switchboard trust', tools: 0 },
      { server: 'd', state: 'disabled', reason: "disabled in Codex's file /h/.codex/config.toml", tools: 0 },
      { server: 'n', state: 'not-ready', reason: 'server not ready (backoff): spawn ENOENT', tools: 0 },
      { server: 'u', state: 'untrusted', reason: 'server not trusted; see: switchboard trust', tools: 0 },
    ]);
    const refuse = (name: string): unknown => gatewayLookup(gate, 'codex', name, false);
    expect(refuse('a_first')).toEqual({ code: 'DISABLED', message: 'Tool "a_first" is switched off for Codex in its own file /h/.codex/config.toml' });
    expect(refuse('a_mine')).toEqual({ code: 'DISABLED', message: 'Tool "a_mine" is switched off for Codex in Switchboard; switch it on with: switchboard budget on a mine --host codex' });
    expect(refuse('a_bridged')).toEqual({ code: 'DISABLED', message: 'Tool "a_bridged" is switched off in Switchboard for every face; switch it on with: switchboard budget on a bridged' });
    expect(refuse('a_pinned')).toEqual({ code: 'DISABLED', message: 'Tool "a_pinned" is held by a pin in block mode (it changed since it was pinned); see: switchboard pins a' });
    expect(refuse('u_any')).toEqual({ code: 'UNTRUSTED', message: 'Tool "u_any": server "u": server not trusted; see: switchboard trust' });
    expect(refuse('c_any')).toEqual({ code: 'UNTRUSTED', message: 'Tool "c_any": server "c": server changed since it was approved; see: switchboard trust' });
    expect(refuse('n_any')).toEqual({ code: 'NOT_CONNECTED', message: 'Tool "n_any": server "n": server not ready (backoff): spawn ENOENT' });
    expect(refuse('other_x')).toEqual({ code: 'NOT_FOUND', message: 'Tool "other_x": server "other" is not in Codex\'s servers' });
    expect(refuse('A_z_last')).toEqual({
      code: 'NOT_FOUND',
      message: 'Unknown tool "A_z_last" for Codex: it differs only in case or Unicode form from "a_z_last", and names are matched exactly',
    });
    // A full-width Latin "ａ" is the same name in NFKC form only: refused, not matched.
    expect(refuse('\uFF41_z_last')).toMatchObject({ code: 'NOT_FOUND' });
    expect(refuse('a_z_last')).toEqual({ server: 'a', tool: 'z.last' });
  });

  it('gives out names before the filters: switching a tool on renames nothing', () => {
    const off = buildGatewayList(inputs()).list.tools.map((t) => t.name);
    const on = buildGatewayList(inputs({ heldByPin: () => new Set(), switchboardOff: () => new Set(), bridgeOff: () => new Set() })).list.tools.map((t) => t.name);
    expect(on).toEqual(['a_bridged', 'a_mine', 'a_pinned', 'a_z_last', 'b_x']);
    expect(off.every((n) => on.includes(n))).toBe(true);
  });

  it("applies Zed's agent-profile tool switches (named tools, and the others by enable_all_context_servers)", () => {
    const zedInputs = (othersOn: boolean) =>
      inputs({ host: 'zed', view: { ...inputs().view, host: 'zed', label: 'Zed' }, zedSwitches: (_f, s) => ({ tools: (s === 'b' ? { x: false } : { first: true }) as Record<string, boolean>, othersOn }) });
    const on = buildGatewayList(zedInputs(true));
    expect(on.list.tools.map((t) => t.name)).toEqual(['a_first', 'a_z_last']);
    expect(gatewayLookup(on.gate, 'zed', 'b_x', false)).toEqual({ code: 'DISABLED', message: 'Tool "b_x" is switched off for Zed in its agent profile in /h/.codex/config.toml' });
    // Others off in the profile: only the tool switched on by name stays.
    expect(buildGatewayList(zedInputs(false)).list.tools.map((t) => t.name)).toEqual(['a_first']);
  });

  it('holds back an MCP Apps tool whose visibility lacks "model" and refuses it as app-only; other _meta.ui tools pass', () => {
    const ui = (visibility?: unknown): Tool => ({ ...tool('x'), _meta: { ui: { resourceUri: 'ui://b/view', ...(visibility !== undefined ? { visibility } : {}) } } });
    const listed: Record<string, Tool[]> = { b: [{ ...ui(['app']), name: 'refresh' }, { ...ui(), name: 'show' }, { ...ui(['model']), name: 'model_only' }, { ...ui([]), name: 'nobody' }] };
    const { list, gate } = buildGatewayList(inputs({ listed: (s) => listed[s] ?? [] }));
    expect(list.tools.map((t) => t.name)).toEqual(['b_model_only', 'b_show']);
    expect(list.servers.find((s) => s.server === 'b')).toEqual({ server: 'b', state: 'listed', tools: 2 });
    expect(gatewayLookup(gate, 'codex', 'b_refresh', false)).toEqual({
      code: 'NOT_FOUND',
      message: 'Tool "b_refresh" is app-only: its server marks it for MCP Apps only (_meta.ui.visibility ["app"]), so Switchboard\'s gateway never gives it to Codex\'s agent',
    });
    expect(gatewayLookup(gate, 'codex', 'b_nobody', false)).toEqual({
      code: 'NOT_FOUND',
      message: 'Tool "b_nobody" is app-only: its server marks it for MCP Apps only (_meta.ui.visibility []), so Switchboard\'s gateway never gives it to Codex\'s agent',
    });
    // A name that differs only in case from the app-only one is refused as such, never matched.
    expect(gatewayLookup(gate, 'codex', 'B_refresh', false)).toEqual({
      code: 'NOT_FOUND',
      message: 'Unknown tool "B_refresh" for Codex: it differs only in case or Unicode form from "b_refresh", and names are matched exactly',
    });
  });
});
