/**
 * Text output shared by the lifecycle commands (start/stop/restart/reload/test/logs).
 */
import type { TestReport } from '../../../../src-shared/api/lifecycle.js';
import type { LogEntry, ServerState } from '../../../../src-shared/api/status.js';
import { plural } from '../format.js';
import { clockTime as dayTime } from '../../../../src-shared/format-clock.js';

/** One server's status line: `● foo  connected  3 tools` / `○ foo  stopped (stopped by you)` (+ `↳ lastError`). */
export function formatServerLine(s: ServerState): string[] {
  const dot = s.status === 'connected' ? '●' : '○';
  const extra = s.status === 'connected' ? `  ${plural(s.toolCount, 'tool')}` : s.manualStop ? ' (stopped by you)' : '';
  const lines = [`${dot} ${s.server.name}  ${s.status}${extra}`];
  if (s.lastError && s.status !== 'connected' && s.status !== 'stopped') {
    lines.push(`  ↳ ${s.lastError}`);
    if (s.failure?.hint) lines.push(`    ${s.failure.hint}`);
  }
  return lines;
}

/** `HH:MM:SS.mmm stderr  text` — the same entries (and seq) the UI's log view shows. */
export function formatLogEntry(e: LogEntry): string {
  return `${clockTime(e.time)} ${e.stream.padEnd(6)} ${e.text}`;
}

/** `hh:mm:ss.mmm` of an epoch-ms time, local (log and trace lines). */
export function clockTime(ms: number): string {
  return dayTime(ms, true);
}

/** `✓ foo  connect 312 ms · tools/list 4.1 ms (12 tools) · ping 0.8 ms` or `✕ foo  <error>` (the core's summary). */
export function formatTestReport(r: TestReport): string {
  return `${r.ok ? '✓' : '✕'} ${r.server}  ${r.summary}`;
}
