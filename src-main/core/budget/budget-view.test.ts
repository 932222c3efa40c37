/**
 * The context budget's views (docs/context-budget.md) from fixed listings: names per host, each
 * host's own list semantics (Gemini's exclude wins, Zed's profile switches), Switchboard-only and
 * pin-held tools in the bridge, totals that count only tools that are on, biggest first.
 */
import type { Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { HostId, ServerDefinition } from '../../../src-shared/config/server.js';
import { HOST_LABELS } from '../../../src-shared/config/server.js';
import type { HostView } from '../config/host-view.js';
import { buildBudget, type BudgetInputs } from './budget-view.js';
import { loadTokenCounter } from './tokenizer.js';
import { ToolCostCounter } from './tool-cost.js';

const def = (name: string, host: HostId, extra: Partial<ServerDefinition> = {}): ServerDefinition => ({
  name,
  transport: 'stdio',
  command: 'node',
  enabled: true,
  unresolved: [],
  source: { host, file: `/cfg/${host}.json`, scope: 'user' },
  ...extra,
});
const tool = (name: string, description: string): Tool => ({ name, description, inputSchema: { type: 'object', properties: { q: { type: 'string' } } } });
const TOOLS: Record<string, Tool[]> = {
  gem: [tool('search', 'Search the web for pages that match a query.'), tool('fetch', 'Fetch.'), tool('echo', 'Echo.')],
  z: [tool('read', 'Read a file from the disk and return its text.'), tool('write', 'Write.')],
  cur: [tool('list', 'List.'), tool('get', 'Get one item by its id and return every field.')],
};

async function inputs(overrides: Partial<BudgetInputs> = {}): Promise<BudgetInputs> {
  const gem = def('gem', 'gemini', { enabledTools: ['search', 'echo'], disabledTools: ['echo'] });
  const z = def('z', 'zed');
  const cur = def('cur', 'cursor');
  const view = (host: HostId, d: ServerDefinition): HostView => ({ host, label: HOST_LABELS[host], files: [], entries: [{ definition: d, loaded: true }] });
  return {
    discovery: { servers: [gem, z, cur], shadowed: [], warnings: [], files: [], projectFiles: [] },
    hostViews: [view('gemini', gem), view('zed', z), view('cursor', cur), { host: 'vscode', label: 'VS Code', files: [], entries: [] }],
    listed: (s) => TOOLS[s],
    heldByPin: (s) => new Set(s === 'cur' ? ['list'] : []),
    // The bridge's own toggle (`get`) and one kept for Cursor's gateway door (`list`, issue 30).
    switchboardOff: (s, file, host) => new Set(s === 'cur' && file === '/cfg/cursor.json' ? (host === undefined ? ['get'] : host === 'cursor' ? ['list'] : []) : []),
    zedSwitches: () => ({ tools: { write: false }, othersOn: true }),
    counter: new ToolCostCounter(await loadTokenCounter()),
    ...overrides,
  };
}

describe('buildBudget', () => {
  it('bridge: every server under mcp_ names; host lists, Switchboard-only and pin-held tools are off and not counted', async () => {
    const b = buildBudget(await inputs());
    expect(b.hosts.map((h) => h.id)).toEqual(['bridge', 'gemini', 'zed', 'cursor']);
    const state = Object.fromEntries(b.tools.map((t) => [t.name, t.offBy ?? 'on']));
    expect(state).toEqual({
      mcp_gem_search: 'on',
      mcp_gem_fetch: 'host-list',
      // Gemini's file lists echo in both: the bridge's rule (the allow-list wins) keeps it on.
      mcp_gem_echo: 'on',
      mcp_z_read: 'on',
      mcp_z_write: 'on',
      mcp_cur_list: 'pin',
      mcp_cur_get: 'switchboard',
    });
    expect(b.tools.map((t) => t.tokens.total)).toEqual([...b.tools.map((t) => t.tokens.total)].sort((x, y) => y - x));
    const on = b.tools.filter((t) => t.on);
    expect(b.totals).toEqual({ tools: on.length, tokens: on.reduce((s, t) => s + t.tokens.total, 0), offTools: 3, offTokens: b.tools.filter((t) => !t.on).reduce((s, t) => s + t.tokens.total, 0), skills: 0, skillTokens: 0 });
    expect(b.servers.find((s) => s.server === 'gem')!.toggle).toEqual({ kind: 'file', host: 'gemini', file: '/cfg/gemini.json', keys: 'includeTools / excludeTools' });
    // The bridge does not read Zed's profile: from here a Zed server's tool is switched in Switchboard only.
    expect(b.servers.find((s) => s.server === 'z')!.toggle.kind).toBe('switchboard');
    expect(b.servers.find((s) => s.server === 'cur')!.toggle.kind).toBe('switchboard');
    expect(b.tools.find((t) => t.tool === 'search')!.tokens.description).toBeGreaterThan(0);
  });

  it("each host's own view: its names, its own list semantics, Switchboard-only switches not applied", async () => {
    const all = await inputs();
    const gemini = buildBudget(all, 'gemini');
    expect(gemini.naming).toBe('mcp_<server>_<tool>');
    // Gemini: exclude wins over include.
    expect(gemini.tools.filter((t) => t.on).map((t) => t.name)).toEqual(['mcp_gem_search']);
    const zed = buildBudget(all, 'zed');
    expect(zed.tools.map((t) => [t.name, t.on])).toEqual([['read', true], ['write', false]]);
    expect(zed.servers[0]!.toggle).toMatchObject({ kind: 'file', host: 'zed', keys: 'agent.profiles.<profile>.context_servers.<server>.tools' });
    const cursor = buildBudget(all, 'cursor');
    expect(cursor.naming).toContain('raw tool name');
    // Its per-host toggle kept in Switchboard shows off, by Switchboard; the bridge's own does not reach it.
    expect(cursor.tools.map((t) => [t.tool, t.on, t.offBy]).sort()).toEqual([['get', true, undefined], ['list', false, 'switchboard']]);
    expect(cursor.servers[0]!.toggle).toEqual({
      kind: 'switchboard',
      note: "Cursor's file has no per-tool list: kept in Switchboard for Cursor (its gateway door, switchboard gateway --host cursor, leaves the tool out; Cursor itself still sends it from servers it starts on its own)",
    });
    // A host that loads nothing: an empty view, still named.
    expect(buildBudget(all, 'vscode')).toMatchObject({ host: 'vscode', label: 'VS Code', tools: [], totals: { tools: 0, tokens: 0 } });
  });

  it("a host file `connect` rewrote: its switches are kept in Switchboard (the file holds gateway entries), and applied", async () => {
    const all = await inputs({
      connected: (host, file) => host === 'gemini' && (file === undefined || file === '/cfg/gemini.json'),
      switchboardOff: (s, file, host) => new Set(s === 'gem' && file === '/cfg/gemini.json' && host === 'gemini' ? ['search'] : []),
    });
    const gemini = buildBudget(all, 'gemini');
    expect(gemini.servers[0]?.toggle.kind).toBe('switchboard');
    // Its own list still applies (the moved original keeps it); the switch kept in Switchboard turns search off too.
    expect(gemini.tools.map((t) => [t.tool, t.on, t.offBy ?? 'on']).sort()).toEqual([['echo', false, 'host-list'], ['fetch', false, 'host-list'], ['search', false, 'switchboard']]);
    expect(gemini.gateway?.connected).toBe(true);
    // Not connected: the file's list is the switch, as before.
    expect(buildBudget(await inputs(), 'gemini').servers[0]?.toggle.kind).toBe('file');
  });

  it("the bridge's switch of a server from a file `connect` rewrote: kept in Switchboard, and the note says the host does not get the tool either", async () => {
    // Found trying it as a new user (issue 31): after `connect claude-code`, `budget off memory …` said
    // "Claude Code itself still sends it", though its gateway door leaves the tool out.
    const all = await inputs({ connected: (host, file) => host === 'gemini' && (file === undefined || file === '/cfg/gemini.json') });
    expect(buildBudget(all).servers.find((s) => s.server === 'gem')?.toggle).toEqual({
      kind: 'switchboard',
      note: "Gemini CLI's file holds gateway entries (switchboard connect gemini): kept in Switchboard only (its bridge, library and gateway doors leave the tool out, so Gemini CLI does not get it either)",
    });
    // A host that is not connected: as before.
    expect(buildBudget(all).servers.find((s) => s.server === 'cur')?.toggle).toEqual({
      kind: 'switchboard',
      note: "Cursor's file has no per-tool list: kept in Switchboard only (its bridge and library leave the tool out; Cursor itself still sends it)",
    });
  });

  it('a server that is not connected is listed without tools', async () => {
    const b = buildBudget(await inputs({ listed: (s) => (s === 'gem' ? undefined : TOOLS[s]) }));
    expect(b.servers.find((s) => s.server === 'gem')).toMatchObject({ listed: false, tools: 0, tokens: 0 });
  });

  it('skills a server lists cost their names and descriptions, in its tokens and the totals; a server without skills has none (issue 35 item 3)', async () => {
    const skills = [
      { name: 'refunds', description: 'Process customer refund requests per company policy' },
      { name: 'git-workflow', description: "Follow this team's Git conventions for branching and commits" },
    ];
    const all = await inputs({ skills: (s) => (s === 'cur' ? skills : undefined) });
    const without = buildBudget(await inputs());
    const b = buildBudget(all);
    const each = skills.map((s) => all.counter.tokens(JSON.stringify(s)));
    // The text counted per skill is the compact JSON of its name and description (what an agent loads up front).
    expect(each).toEqual([16, 19]);
    const cur = b.servers.find((s) => s.server === 'cur');
    const curBefore = without.servers.find((s) => s.server === 'cur');
    expect(cur).toMatchObject({ skills: 2, skillTokens: 35, tokens: (curBefore?.tokens ?? 0) + 35 });
    expect(b.servers.find((s) => s.server === 'gem')).not.toHaveProperty('skills');
    expect(b.totals).toMatchObject({ skills: 2, skillTokens: 35, tokens: without.totals.tokens + 35, tools: without.totals.tools });
    expect(b.hosts.find((h) => h.id === 'bridge')?.tokens).toBe(without.totals.tokens + 35);
    // A host loads them only from the servers it loads: Cursor's view counts them, Gemini's does not.
    expect(buildBudget(all, 'cursor').totals).toMatchObject({ skills: 2, skillTokens: 35 });
    expect(buildBudget(all, 'gemini').totals).toMatchObject({ skills: 0, skillTokens: 0 });
  });
});
