/**
 * The tray's agents line (issue 31 item 2, docs/gateway.md § Agents): how many requests agents have
 * in flight through the gateway and how many they made in the last minute. The core counts them
 * (`agents:recent` / `agents:activity`'s `counts`, core/agents/agent-activity.ts); this only words
 * them. Pure, so it is unit-tested without Electron.
 */
import type { AgentCounts } from '../../src-shared/api/agents.js';

/** How often the tray reads the counts again while it runs (the last minute's count ages without events), ms. */
export const TRAY_AGENTS_REFRESH_MS = 15_000;

/** `Agents: 2 in flight · 7 in the last minute`; empty when both are 0 (or not read yet). */
export function agentsLine(counts: AgentCounts | undefined): string {
  if (!counts || (counts.inFlight === 0 && counts.lastMinute === 0)) return '';
  return `Agents: ${counts.inFlight} in flight · ${counts.lastMinute} in the last minute`;
}

/** The tooltip with the agents line added (after a ` · `) when there is one. */
export function withAgentsLine(tooltip: string, counts: AgentCounts | undefined): string {
  const line = agentsLine(counts);
  return line ? `${tooltip} · ${line}` : tooltip;
}
