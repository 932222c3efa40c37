import { describe, expect, it } from 'vitest';
import { ServersSnapshotSchema } from '../../../src-shared/api/status.js';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import type { DiscoveryResult } from '../config/types.js';
import type { ServerRuntime } from '../mcp/manager/types.js';
import { buildSnapshot, desiredState, managedServers, summarizeServer } from './snapshot.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

const SECRET = 'sk-live-5ecr3t-value-never-on-the-wire';

function def(name: string, extra: Partial<ServerDefinition> = {}): ServerDefinition {
  return {
    name,
    transport: 'stdio',
    command: 'node',
    args: ['s.js'],
    enabled: true,
    source: { host: 'claude-code', file: '/p/.mcp.json', line: 2, scope: 'project' },
    unresolved: [],
    ...extra,
  };
}

describe('desiredState', () => {
  it('is untrusted for project servers of an untrusted folder, before disabled', () => {
    expect(desiredState(def('a', { enabled: false }), false)).toBe('untrusted');
    expect(desiredState(def('a'), true)).toBe('run');
    expect(desiredState(def('a', { enabled: false }), true)).toBe('disabled');
  });
  it('never marks non-project scopes untrusted', () => {
    for (const scope of ['app', 'local', 'user', 'managed'] as const) {
      expect(desiredState(def('a', { source: { host: 'cursor', file: '/f', scope } }), false)).toBe('run');
    }
  });
  it('stops servers outside an `only` set', () => {
    expect(desiredState(def('a'), true, new Set(['b']))).toBe('stopped');
    expect(desiredState(def('b'), true, new Set(['b']))).toBe('run');
  });
});

describe('summarizeServer', () => {
  it('keeps env/header keys and the auth type, never their values', () => {
    const summary = summarizeServer(
      def('api', {
        transport: 'http',
        command: undefined,
        args: undefined,
        url: 'https://api.example/mcp',
        env: { API_KEY: SECRET },
        headers: { Authorization: `Bearer ${SECRET}` },
        auth: { type: 'bearer', token: SECRET },
        timeout: 5_000,
      }),
    );
    expect(summary.envKeys).toEqual(['API_KEY']);
    expect(summary.headerKeys).toEqual(['Authorization']);
    expect(summary.authType).toBe('bearer');
    expect(summary.timeoutMs).toBe(5_000);
    expect(JSON.stringify(summary)).not.toContain(SECRET);
  });
});

describe('buildSnapshot', () => {
  const winner = def('everything', { env: { TOKEN: SECRET }, source: { host: 'switchboard', file: '/d/servers.json', line: 3, scope: 'app' } });
  const loser = def('everything', { env: { TOKEN: SECRET } });
  const discovery: DiscoveryResult = {
    servers: [winner, def('broken'), def('off', { enabled: false, source: { host: 'cursor', file: '/h/.cursor/mcp.json', scope: 'user' } })],
    shadowed: [{ definition: loser, shadowedBy: winner.source }],
    warnings: [{ file: '/p/.mcp.json', line: 9, message: 'Invalid server config: x', ...warningCode('invalid-server') }],
    files: [],
    projectFiles: ['/p/.mcp.json'],
  };
  const runtimes: Record<string, ServerRuntime> = {
    everything: { name: 'everything', status: 'connected', toolCount: 13, connectedAt: 1000, restartCount: 0, recentLatencyMs: [1, 2] },
    broken: { name: 'broken', status: 'error', toolCount: 0, lastError: 'spawn x ENOENT', restartCount: 0, recentLatencyMs: [] },
  };

  it('joins definitions, runtimes, shadows and totals, and parses against the schema', () => {
    const snap = buildSnapshot({ discovery, projectDir: '/p', projectTrusted: true, runtime: (n) => runtimes[n] });
    expect(ServersSnapshotSchema.parse(snap)).toEqual(snap);
    expect(snap.servers.map((s) => [s.server.name, s.status, s.toolCount])).toEqual([
      ['everything', 'connected', 13],
      ['broken', 'error', 0],
      ['off', 'disabled', 0],
    ]);
    expect(snap.servers[0]!.shadows).toEqual([loser.source]);
    expect(snap.servers[1]!.lastError).toBe('spawn x ENOENT');
    expect(snap.shadowed).toEqual([{ server: summarizeServer(loser), shadowedBy: winner.source }]);
    expect(snap.totals).toEqual({ servers: 3, connected: 1, tools: 13 });
    expect(snap.project).toEqual({ dir: '/p', trusted: true, projectFiles: ['/p/.mcp.json'] });
    expect(JSON.stringify(snap)).not.toContain(SECRET);
  });

  it('derives statuses from desired state when the manager has no runtime', () => {
    const snap = buildSnapshot({ discovery, projectDir: '/p', projectTrusted: false, runtime: () => undefined });
    expect(snap.servers.map((s) => s.status)).toEqual(['disconnected', 'untrusted', 'disabled']);
    expect(managedServers(discovery, false).map((m) => m.desired)).toEqual(['run', 'untrusted', 'disabled']);
  });
});

describe('URL secrets', () => {
  it('masks a URL password and secret query values in the summary and in the last error', () => {
    const url = `http://user:${SECRET}@127.0.0.1:1/mcp?api_key=${SECRET}&transport=http`;
    const remote = def('remote', { transport: 'http', command: undefined, args: undefined, url, source: { host: 'cursor', file: '/h/.cursor/mcp.json', scope: 'user' } });
    const discovery: DiscoveryResult = { servers: [remote], shadowed: [], warnings: [], files: [], projectFiles: [] };
    const runtime: ServerRuntime = {
      name: 'remote',
      status: 'error',
      toolCount: 0,
      lastError: `Request cannot be constructed from a URL that includes credentials: ${url}`,
      restartCount: 0,
      recentLatencyMs: [],
    };
    const snap = buildSnapshot({ discovery, projectDir: '/p', projectTrusted: true, runtime: () => runtime });
    expect(snap.servers[0]!.server.url).toBe('http://user:***@127.0.0.1:1/mcp?api_key=***&transport=http');
    expect(snap.servers[0]!.lastError).toContain('http://user:***@127.0.0.1:1/mcp');
    expect(JSON.stringify(snap)).not.toContain(SECRET);
  });
});
