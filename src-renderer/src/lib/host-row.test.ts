import { describe, expect, it } from 'vitest';
import type { HostView } from '../../../src-shared/api/config.js';
import type { ServerSummary, ServersSnapshot } from '../../../src-shared/api/status.js';
import { hostRowState } from './host-row.js';

const summary = (over: Partial<ServerSummary> = {}): ServerSummary => ({
  name: 'mem',
  transport: 'stdio',
  command: 'node',
  args: ['m.js'],
  envKeys: [],
  headerKeys: [],
  enabled: true,
  timeoutMs: 30000,
  source: { host: 'cursor', scope: 'user', file: '/h/.cursor/mcp.json', line: 3 },
  unresolved: [],
  ...over,
});
const entry = (over: Partial<HostView['entries'][number]> = {}): HostView['entries'][number] => ({ server: summary(), loaded: true, ...over });
const snap = (over: Partial<ServersSnapshot>): ServersSnapshot => ({
  project: { dir: '/p', trusted: true, projectFiles: [] },
  servers: [],
  shadowed: [],
  warnings: [],
  totals: { servers: 0, connected: 0, tools: 0 },
  ...over,
});

describe('hostRowState', () => {
  it('active with its status when it is the running definition', () => {
    const s = snap({ servers: [{ server: summary(), status: 'connected', toolCount: 1, restartCount: 0, recentLatencyMs: [], shadows: [] }] });
    expect(hostRowState(entry(), s)).toEqual({ kind: 'active', text: 'active · connected', launch: 'node m.js' });
  });
  it("shadowed only by the host's own earlier definition, never by another host's (issue 14 item 4)", () => {
    const own = { host: 'cursor' as const, scope: 'project' as const, file: '/p/.cursor/mcp.json', line: 2 };
    expect(hostRowState(entry({ loaded: false, overriddenBy: own })).text).toBe('shadowed by Cursor (project) /p/.cursor/mcp.json:2');
    const other = { host: 'switchboard' as const, scope: 'app' as const, file: '/d/servers.json', line: 2 };
    const s = snap({ shadowed: [{ server: summary(), shadowedBy: other }] });
    expect(hostRowState(entry(), s).kind).toBe('active');
  });
  it('disabled, not loaded, and the fields a newer main sends', () => {
    expect(hostRowState(entry({ server: summary({ enabled: false }) })).text).toBe('disabled');
    expect(hostRowState(entry({ loaded: false, note: 'project not trusted by Codex' }))).toMatchObject({ kind: 'not-loaded', text: 'project not trusted by Codex' });
    expect(hostRowState(entry({ loaded: false, note: 'x', state: 'shadowed', stateText: 'shadowed by X', launch: 'HTTP https://h/mcp' } as never))).toEqual({
      kind: 'shadowed',
      text: 'shadowed by X',
      launch: 'HTTP https://h/mcp',
    });
  });
  it('a remote launch line names the transport', () => {
    expect(hostRowState(entry({ server: summary({ transport: 'http', command: undefined, args: undefined, url: 'https://h/mcp' }) })).launch).toBe('HTTP https://h/mcp');
  });
});
