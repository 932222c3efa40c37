import { describe, expect, it } from 'vitest';
import type { ServerState } from '../../../src-shared/api/status.js';
import type { Provenance } from '../../../src-shared/config/server.js';
import { groupServers } from './server-groups.js';

const server = (name: string, source: Omit<Provenance, 'file'>, status: ServerState['status'] = 'connected'): ServerState =>
  ({ server: { name, source: { file: `/f/${source.host}-${source.scope}.json`, ...source } }, status }) as unknown as ServerState;

const names = (groups: ReturnType<typeof groupServers>) => groups.map((g) => [g.label, g.servers.map((s) => s.server.name)]);

describe('groupServers', () => {
  const user = server('filesystem', { host: 'claude-code', scope: 'user' });
  const a = server('everything', { host: 'claude-code', scope: 'project' }, 'untrusted');
  const b = server('broken', { host: 'claude-code', scope: 'project' }, 'untrusted');
  const cursor = server('mem', { host: 'cursor', scope: 'user' });

  it('puts project groups first, then by scope and host label; servers keep the snapshot order', () => {
    expect(names(groupServers([user, cursor, a, b]))).toEqual([
      ['Claude Code (project)', ['everything', 'broken']],
      ['Claude Code (user)', ['filesystem']],
      ['Cursor (user)', ['mem']],
    ]);
  });

  it('gives the same order when trust moves the project servers to the front of the snapshot', () => {
    const untrusted = groupServers([user, cursor, a, b]);
    const trusted = groupServers([{ ...a, status: 'connected' }, { ...b, status: 'error' }, user, cursor]);
    expect(names(trusted)).toEqual(names(untrusted));
  });

  it('returns no groups for no servers', () => {
    expect(groupServers([])).toEqual([]);
  });
});
