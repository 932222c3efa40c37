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
  it('shadowed by the winner, from the snapshot or the row', () => {
    const by = { host: 'switchboard' as const, scope: 'user' as const, file: '/d/servers.json', line: 2 };
    const s = snap({ shadowed: [{ server: summary(), shadowedBy: by }] });
    expect(hostRowState(entry(), s).text).toBe('shadowed by Switchboard (user) /d/servers.json:2');
    expect(hostRowState(entry({ overriddenBy: by })).kind).toBe('shadowed');
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
