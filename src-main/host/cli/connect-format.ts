/**
 * `switchboard status <name>`'s lines about the last connect and deprecations in use (issue 15
 * item 4; the facts come from the core, connect-report.ts): printing only.
 */
import type { ServerState } from '../../../src-shared/api/status.js';

/** `Last connect: spawn 12 ms · probe 30 ms · handshake 8 ms · first list 5 ms (55 ms)`, or nothing. */
export function connectTimingsLine(state: ServerState): string | undefined {
  const t = state.connectTimings;
  if (!t) return undefined;
  const ms = (n: number): string => `${Math.round(n)} ms`;
  const parts = [`spawn ${ms(t.spawnMs)}`, ...(t.probeMs !== undefined ? [`probe ${ms(t.probeMs)}`] : []), `handshake ${ms(t.handshakeMs)}`, `first list ${ms(t.firstListMs)}`];
  return `Last connect: ${parts.join(' · ')} (${ms(t.totalMs)})`;
}

/** The overview lines of one server: last connect, then each deprecated feature in use. */
export function overviewLines(state: ServerState): string[] {
  const lines: string[] = [];
  const timings = connectTimingsLine(state);
  if (timings) lines.push(timings);
  for (const d of state.deprecated ?? []) lines.push(`${d.status === 'removed' ? 'Not in 2026-07-28' : 'Deprecated in 2026-07-28'}: ${d.feature} — ${d.detail}`);
  return lines;
}
