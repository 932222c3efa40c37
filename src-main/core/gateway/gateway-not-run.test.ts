/**
 * A trial finding (issue 30 item 3): a door whose project is not the one the owner serves listed the
 * project's servers as `not-ready` with no way forward. The reason now says which folder the owner
 * serves and the next step; for the owner's own folder the words stay as they were.
 */
import { describe, expect, it } from 'vitest';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import { buildGatewayList, gatewayLookup, type GatewayInputs } from './gateway-view.js';

const def: ServerDefinition = { name: 'proj', transport: 'stdio', command: 'node', enabled: true, unresolved: [], source: { host: 'claude-code', file: '/b/.mcp.json', scope: 'project' } };

function inputs(project: string, ownerProject?: string): GatewayInputs {
  return {
    host: 'claude-code',
    project,
    ...(ownerProject !== undefined ? { ownerProject } : {}),
    view: { host: 'claude-code', label: 'Claude Code', files: [], entries: [{ definition: def, loaded: true }] },
    state: () => undefined,
    listed: () => [],
    heldByPin: () => new Set(),
    switchboardOff: () => new Set(),
    bridgeOff: () => new Set(),
    managed: [],
  };
}

describe('a server the owner runs none of', () => {
  it('another folder than the owner’s: says which folder the owner serves and the next step', () => {
    const { list, gate } = buildGatewayList(inputs('/b', '/a'));
    const reason =
      'Switchboard serves /a, not /b, and runs no server "proj": open /b in Switchboard (switchboard serve --project /b, or the app in that folder), or start the gateway with --project /a if that is the host\'s project';
    expect(list.servers).toEqual([{ server: 'proj', state: 'not-ready', reason, tools: 0 }]);
    expect(gatewayLookup(gate, 'claude-code', 'proj_x', false)).toEqual({ code: 'NOT_CONNECTED', message: `Tool "proj_x": server "proj": ${reason}` });
  });

  it('the owner’s own folder: the words as before', () => {
    expect(buildGatewayList(inputs('/a')).list.servers[0]?.reason).toBe('Switchboard runs no server "proj" (it runs the servers of its own project folder)');
  });
});
