/** The tray's status in words (issue 37 item 4): each icon colour has its words at the start of the tooltip. */
import { describe, expect, it } from 'vitest';
import type { ServerState, ServerStatusName } from '../../src-shared/api/status.js';
import { summarizeAttention } from './tray-attention.js';
import { summarizeTray } from './tray-state.js';
import { trayStatusTooltip } from './tray-text.js';

const server = (name: string, status: ServerStatusName) => ({ server: { name }, status }) as unknown as ServerState;
const quiet = summarizeAttention(undefined, []);

describe('trayStatusTooltip', () => {
  it('says in words what each icon colour shows', () => {
    const green = summarizeTray({ servers: [server('a', 'connected')] });
    const amber = summarizeTray({ servers: [server('a', 'connected'), server('b', 'error')] });
    const grey = summarizeTray({ servers: [server('a', 'stopped')] });
    expect([green.level, amber.level, grey.level]).toEqual(['green', 'amber', 'grey']);
    expect(trayStatusTooltip(green, quiet, undefined)).toBe('MCP Switchboard: all servers running · 1 of 1 servers connected');
    expect(trayStatusTooltip(amber, quiet, undefined)).toBe('MCP Switchboard: some servers need attention · 1 of 2 servers connected');
    expect(trayStatusTooltip(grey, quiet, undefined)).toBe('MCP Switchboard: no server running · 0 of 1 servers connected');
  });

  it('keeps the attention note and the agents line after the words', () => {
    const attention = summarizeAttention({ unread: 2, unreadByServer: { a: 2 } }, []);
    expect(trayStatusTooltip(summarizeTray({ servers: [server('a', 'connected')] }), attention, { inFlight: 1, lastMinute: 3 })).toBe(
      `MCP Switchboard: all servers running · 1 of 1 servers connected · ${attention.note} · Agents: 1 in flight · 3 in the last minute`,
    );
  });

  it('names the gateway calls waiting for Allow/Deny, which light the attention dot too', () => {
    const green = summarizeTray({ servers: [server('a', 'connected')] });
    expect([1, 3].map((n) => trayStatusTooltip(green, quiet, { inFlight: 1, lastMinute: 1 }, n))).toEqual([
      'MCP Switchboard: all servers running · 1 of 1 servers connected · 1 call waits for Allow/Deny · Agents: 1 in flight · 1 in the last minute',
      'MCP Switchboard: all servers running · 1 of 1 servers connected · 3 calls wait for Allow/Deny · Agents: 1 in flight · 1 in the last minute',
    ]);
  });
});
