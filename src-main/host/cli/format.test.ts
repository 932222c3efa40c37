import { describe, expect, it } from 'vitest';
import type { ServerState, ServersSnapshot, ToolInfo } from '../../../src-shared/api/status.js';
import { formatServers, formatStatus, formatTools, formatUptime } from './format.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

const NOW = 1_700_000_000_000;

function state(name: string, status: ServerState['status'], extra: Partial<ServerState> = {}): ServerState {
  return {
    server: {
      name,
      transport: 'stdio',
      command: 'node',
      args: ['server.js'],
      envKeys: [],
      headerKeys: [],
      enabled: true,
      timeoutMs: 30_000,
      source: { host: 'claude-code', file: '/p/.mcp.json', line: 3, scope: 'project' },
      unresolved: [],
    },
    status,
    toolCount: 0,
    restartCount: 0,
    recentLatencyMs: [],
    shadows: [],
    ...extra,
  };
}

function snapshot(servers: ServerState[], extra: Partial<ServersSnapshot> = {}): ServersSnapshot {
  const connected = servers.filter((s) => s.status === 'connected');
  return {
    project: { dir: '/p', trusted: true, projectFiles: ['/p/.mcp.json'] },
    servers,
    shadowed: [],
    warnings: [],
    totals: { servers: servers.length, connected: connected.length, tools: connected.reduce((n, s) => n + s.toolCount, 0) },
    ...extra,
  };
}

describe('formatUptime', () => {
  it.each([
    [0, '0s'],
    [59_999, '59s'],
    [135_000, '2m 15s'],
    [3_600_000 + 5 * 60_000, '1h 5m'],
    [2 * 86_400_000 + 4 * 3_600_000, '2d 4h'],
    [-5_000, '0s'],
  ])('%i ms → %s', (ms, text) => expect(formatUptime(ms)).toBe(text));
});

describe('formatStatus', () => {
  it('a connect that gets no answer says so, how long and when it gives up; a retry marks the reason as the previous attempt\'s', () => {
    const wait = { startedAt: NOW - 12_000, givesUpAt: NOW + 18_000, waitingFor: 'initialize' };
    const lines = formatStatus(
      snapshot([
        state('frozen', 'connecting', { lastError: 'no answer to initialize yet', failure: { code: 'timeout', retryable: true }, connectWait: { ...wait, stalled: true } }),
        state('retry', 'connecting', { lastError: 'Connection timed out after 30000 ms', failure: { code: 'timeout', retryable: true }, connectWait: { ...wait, stalled: false } }),
      ]),
      { now: NOW, trustCommand: 'switchboard trust' },
    );
    expect(lines).toContain('  ↳ no answer to initialize yet (for 12s; this attempt gives up in 18s)');
    expect(lines).toContain('  ↳ Connection timed out after 30000 ms (previous attempt; trying again, gives up in 18s)');
  });

  it('lists the gateway instances a server runs under it, each with its status (issue 30 item 6)', () => {
    const lines = formatStatus(
      snapshot([state('memory', 'connected', { toolCount: 9, connectedAt: NOW - 5_000, gatewayInstances: [{ name: 'memory@1a2b3c4d', status: 'connected' }, { name: 'memory@5e6f7a8b', status: 'connecting' }] })]),
      { now: NOW, trustCommand: 'switchboard trust' },
    );
    expect(lines.slice(0, 2)).toEqual(['● memory        connected     9 tools  (5s)', '  ↳ gateway instances: memory@1a2b3c4d (connected), memory@5e6f7a8b (connecting)']);
  });

  it('prints the docs/operator-verbs.md#status-view example exactly', () => {
    const started = NOW - 135_000;
    const lines = formatStatus(
      snapshot([
        state('filesystem', 'connected', { toolCount: 3, connectedAt: started }),
        state('web-search', 'connected', { toolCount: 2, connectedAt: started }),
        state('database', 'error', {
          lastError: 'start MCP server "mcp-postgres": exec: not found',
          failure: { code: 'command-not-found', retryable: false, hint: 'Check that the command exists and runs from a terminal: mcp-postgres' },
        }),
      ]),
      { now: NOW, trustCommand: 'switchboard trust' },
    );
    expect(lines).toEqual([
      '● filesystem    connected     3 tools  (2m 15s)',
      '● web-search    connected     2 tools  (2m 15s)',
      '○ database      error',
      '  ↳ Failed to connect to "database": start MCP server "mcp-postgres": exec: not found',
      '    Check that the command exists and runs from a terminal: mcp-postgres',
      'Total: 3 servers, 5 tools available',
    ]);
  });

  it('hints at trust under untrusted servers and lists shadowed definitions and warnings', () => {
    const lines = formatStatus(
      snapshot([state('everything', 'untrusted')], {
        project: { dir: '/p', trusted: false, projectFiles: ['/p/.mcp.json'] },
        shadowed: [
          {
            server: { ...state('everything', 'untrusted').server, source: { host: 'cursor', file: '/h/.cursor/mcp.json', line: 2, scope: 'user' } },
            shadowedBy: { host: 'claude-code', file: '/p/.mcp.json', line: 3, scope: 'project' },
          },
        ],
        warnings: [{ file: '/p/.mcp.json', line: 9, message: 'Invalid server config: stdio transport requires "command"', ...warningCode('invalid-server') }],
      }),
      { now: NOW, trustCommand: 'switchboard trust' },
    );
    expect(lines).toEqual([
      '○ everything    untrusted',
      '  ↳ project folder not trusted, nothing started; run: switchboard trust',
      'Total: 1 server, 0 tools available',
      '',
      'Shadowed definitions:',
      '  everything  Cursor /h/.cursor/mcp.json:2 (user)',
      '    shadowed by Claude Code /p/.mcp.json:3 (project)',
      '',
      'Config warnings:',
      '  /p/.mcp.json:9: Invalid server config: stdio transport requires "command"',
    ]);
  });

  it('widens the name column for long names and says "1 tool"', () => {
    const lines = formatStatus(snapshot([state('a-very-long-server-name', 'connected', { toolCount: 1, connectedAt: NOW - 5_000 })]), {
      now: NOW,
      trustCommand: 'switchboard trust',
    });
    expect(lines[0]).toBe('● a-very-long-server-name    connected     1 tool  (5s)');
  });

  it('names five changed tools then counts the rest, and keeps a finding\'s server text on one line', () => {
    const drift = Array.from({ length: 32 }, (_, i) => ({ tool: `t${i}`, change: 'changed' as const, changes: [], held: i < 3 }));
    const finding = { rule: 'tool-names', title: "Names another server's tool", where: 'instructions', match: '## Cross-Feature\n\nRelationships\r\n  echo' };
    const lines = formatStatus(
      snapshot([state('e', 'connected', { toolCount: 32, connectedAt: NOW - 5_000, pins: { server: 'e', mode: 'block', pinned: 32, drift }, findings: [finding] })]),
      { now: NOW, trustCommand: 'switchboard trust' },
    );
    expect(lines[1]).toBe('  ↳ tools changed since pinned: t0 (changed), t1 (changed), t2 (changed), t3 (changed), t4 (changed) and 27 more; 3 held back; see: switchboard pins e');
    expect(lines[2]).toBe(`  ↳ Names another server's tool: instructions: "## Cross-Feature Relationships echo"`);
    expect(lines.every((l) => !l.includes('\n'))).toBe(true);
  });
});

describe('formatServers', () => {
  it("shows host, file:line, scope, transport, launch, enabled and trust; a server that starts nothing in status's words", () => {
    const disabled = { ...state('off', 'disabled').server, enabled: false, transport: 'http' as const, url: 'http://127.0.0.1:1/mcp', command: undefined, args: undefined };
    const lines = formatServers(
      {
        project: { dir: '/p', trusted: false, projectFiles: [] },
        servers: [{ ...state('everything', 'untrusted').server, status: 'untrusted' }, { ...disabled, status: 'untrusted' }, { ...state('new-one', 'changed').server, status: 'changed' }, { ...state('user', 'connected').server, source: { host: 'cursor', file: '/h/.cursor/mcp.json', scope: 'user' } }],
        shadowed: [],
        warnings: [],
      },
      'switchboard trust /p',
    );
    expect(lines).toEqual([
      'everything  stdio  node server.js',
      '  Claude Code /p/.mcp.json:3 (project)  untrusted (project folder not trusted, nothing started; run: switchboard trust /p)',
      'off  http  http://127.0.0.1:1/mcp',
      '  Claude Code /p/.mcp.json:3 (project)  untrusted (project folder not trusted, nothing started; run: switchboard trust /p)  disabled',
      'new-one  stdio  node server.js',
      // Trial finding: a new project server awaiting approval was listed as `enabled`.
      '  Claude Code /p/.mcp.json:3 (project)  changed (not approved as it is now, nothing started; run: switchboard trust --review)',
      'user  stdio  node server.js',
      '  Cursor /h/.cursor/mcp.json (user)  enabled',
      '',
      'Project: /p (not trusted)',
    ]);
  });
});

describe('formatTools', () => {
  it('aligns agent name, raw name and first description line; marks collisions', () => {
    const base = { inputSchema: { type: 'object', properties: {} }, agentDescription: '' };
    const tools: ToolInfo[] = [
      { ...base, server: 'everything', name: 'echo', agentName: 'mcp_everything_echo', description: 'Echoes back\nthe input', collidesWith: [] },
      { ...base, server: 'my-server', name: 'read-file', agentName: 'mcp_my_server_read_file', description: 'Reads', collidesWith: [{ server: 'my.server', tool: 'read-file' }] },
    ];
    expect(formatTools(tools)).toEqual([
      'mcp_everything_echo      everything/echo      Echoes back',
      'mcp_my_server_read_file  my-server/read-file  Reads  [name collides with my.server/read-file]',
    ]);
    expect(formatTools([])).toEqual(['No tools available.']);
  });

  it('tags a tool whose MCP Apps visibility lacks "model" as app-only', () => {
    const base = { inputSchema: { type: 'object', properties: {} }, agentDescription: '', collidesWith: [] };
    const tools: ToolInfo[] = [
      { ...base, server: 'apps', name: 'refresh', agentName: 'mcp_apps_refresh', description: 'Refresh', visibility: ['app'] },
      { ...base, server: 'apps', name: 'show', agentName: 'mcp_apps_show', description: 'Show', visibility: ['model', 'app'] },
    ];
    expect(formatTools(tools)).toEqual(['mcp_apps_refresh  apps/refresh  Refresh  [app-only]', 'mcp_apps_show     apps/show     Show']);
  });
});
