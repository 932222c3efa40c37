/**
 * The tray's status in words (issue 37 item 4, docs/accessibility.md § Tray): the icon's colour says
 * green / amber / grey, which a screen reader (and a person who does not tell the colours apart)
 * cannot read; the tooltip — what the OS reads out for a tray icon — starts with the same status in
 * words, then the servers line, the attention note and the agents line. Pure.
 */
import type { AgentCounts } from '../../src-shared/api/agents.js';
import { trayTooltip, type TrayAttention } from './tray-attention.js';
import { withAgentsLine } from './tray-agents.js';
import type { TrayLevel, TrayState } from './tray-state.js';

/** The words for each icon colour (tray-state.ts's levels). */
export const TRAY_LEVEL_WORDS: Record<TrayLevel, string> = {
  green: 'all servers running',
  amber: 'some servers need attention',
  grey: 'no server running',
};

/** The words for gateway calls waiting for a confirmation (tray-guard.ts), which also turn the icon's attention dot on; '' for none. */
export function waitingCallsNote(waiting: number): string {
  if (waiting <= 0) return '';
  return waiting === 1 ? '1 call waits for Allow/Deny' : `${waiting} calls wait for Allow/Deny`;
}

/**
 * The tray's tooltip: `MCP Switchboard: <level in words> · <N of M servers connected>[ · <attention
 * note>][ · <N calls wait for Allow/Deny>][ · <agents line>]`, e.g. "MCP Switchboard: some servers
 * need attention · 1 of 2 servers connected". `waiting` (default 0) counts the gateway calls
 * waiting for a confirmation: the icon's attention dot shows them too, so the words must.
 */
export function trayStatusTooltip(state: Pick<TrayState, 'level' | 'tooltip'>, attention: TrayAttention, agents: AgentCounts | undefined, waiting = 0): string {
  const note = waitingCallsNote(waiting);
  const base = trayTooltip(`MCP Switchboard: ${TRAY_LEVEL_WORDS[state.level]} · ${state.tooltip}`, attention);
  return withAgentsLine(note ? `${base} · ${note}` : base, agents);
}
