/**
 * Pure display helpers shared by the components (docs/operator-verbs.md#status-view: the UI shows the same facts as the CLI).
 */
import { HOST_LABELS, type Provenance } from '../../../src-shared/config/server.js';
import type { ServerStatusName, ServerSummary } from '../../../src-shared/api/status.js';

/** `file:line` (or `file:line:column`, or just `file`). */
export function fileAt(file: string, line?: number, column?: number): string {
  if (line === undefined) return file;
  return column === undefined ? `${file}:${line}` : `${file}:${line}:${column}`;
}

/** `Claude Code · /p/.mcp.json:3` — where a definition came from. */
export function provenanceLabel(p: Provenance): string {
  return `${HOST_LABELS[p.host] ?? p.host} · ${fileAt(p.file, p.line)}`;
}

/** Host label plus scope, e.g. `Claude Code (project)`. */
export function hostScopeLabel(p: Provenance): string {
  return `${HOST_LABELS[p.host] ?? p.host} (${p.scope})`;
}

/** A duration in ms as `2m 15s` / `1h 3m` / `12s`: the CLI's uptime form (docs/operator-verbs.md#status-view), one implementation. */
export { formatUptime as formatDuration } from '../../../src-shared/format-uptime.js';

/** A call duration in ms: `84 ms` below a second, `1.25 s` above. */
export function formatLatency(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** `1 tool` / `3 tools`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Mantine colour per status: green up, yellow on the way, red failed, grey off. */
export const STATUS_COLORS: Record<ServerStatusName, string> = {
  connected: 'teal',
  connecting: 'yellow',
  backoff: 'orange',
  disconnected: 'gray',
  error: 'red',
  disabled: 'gray',
  stopped: 'gray',
  untrusted: 'grape',
  changed: 'grape',
  'needs-auth': 'orange',
};

/** Filled dot for live servers, hollow otherwise (as the CLI prints ● / ○). */
export function isLive(status: ServerStatusName): boolean {
  return status === 'connected' || status === 'connecting';
}

/** What a server runs: `command args…` for stdio, `HTTP <url>` / `SSE <url>` for remote ones. */
export function launchText(s: Pick<ServerSummary, 'transport' | 'command' | 'args' | 'url'>): string {
  if (s.transport === 'stdio') return [s.command ?? '', ...(s.args ?? [])].join(' ').trim();
  return `${s.transport.toUpperCase()} ${s.url ?? ''}`.trim();
}
