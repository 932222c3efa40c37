/**
 * The door's start-up lines and `servers --host` say when progressive discovery is on for the host
 * (issue 31 item 4): the host's log and the CLI tell why the agent sees three tools.
 */
import { describe, expect, it } from 'vitest';
import type { GatewayList } from '../../../src-shared/api/gateway.js';
import { doorStartLines, gatewayStateLines } from './gateway-held-lines.js';

const list: GatewayList = {
  host: 'claude-code',
  project: '/p',
  tools: [{ name: 'apps_echo', server: 'apps', tool: 'echo', inputSchema: { type: 'object' } }],
  servers: [{ server: 'apps', state: 'listed', tools: 1 }],
  collisions: [],
  progressive: [{ name: 'search_tools', description: 'd', inputSchema: { type: 'object' } }],
};
const LINE = 'progressive discovery is on for Claude Code: the door offers search_tools, describe_tool and call_tool instead of its 1 tool (off: switchboard gateway --host claude-code --progressive off)';

describe('progressive discovery in the door lines', () => {
  it('is said at start-up and under servers --host', () => {
    expect(doorStartLines(list)).toEqual([LINE]);
    expect(gatewayStateLines(list, true)).toEqual(['  through the gateway (switchboard gateway --host claude-code):', `    ${LINE}`, '    ✓ apps  1 tool']);
    const { progressive: _, ...off } = list;
    expect(doorStartLines(off)).toEqual([]);
  });
});

describe('servers --host without a live owner of this folder (new-user trial)', () => {
  it('says none runs, or that the one running serves another folder and serves this door too', () => {
    expect(gatewayStateLines(list, false).at(-1)).toBe('    no Switchboard runs now: which servers the door gives is known once one runs (switchboard serve, or the app)');
    expect(gatewayStateLines(list, false, '/elsewhere').at(-1)).toBe(
      '    the Switchboard running now serves /elsewhere, not this folder: it serves this folder’s door too, once Claude Code connects through it (switchboard gateway --host claude-code); which servers the door gives here is known then',
    );
  });
});
