/**
 * What the trace view derives from the entries main sends (issue 15 item 2): each request's reply
 * (paired by id and direction: our request ↔ the server's reply, the server's request ↔ ours), the
 * messages between them, which replies are failures (JSON-RPC errors and tool results with
 * `isError: true`), filters, pretty JSON and the JSON-lines export. Pure.
 */
import type { TraceEntry } from '../../../src-shared/api/lifecycle.js';

/** Which direction the filter keeps. */
export type DirectionFilter = 'all' | 'out' | 'in';

/**
 * The trace filters: direction, exact method ('' = any), text (case-insensitive, '' = any), server ('' or absent = any),
 * W3C trace id (the one a request's traceparent carries, any case; '' or absent = any; issue 35 item 4).
 */
export interface TraceFilter {
  direction: DirectionFilter;
  method: string;
  text: string;
  server?: string;
  traceId?: string;
}

// Ids are per connection: every server's first request is #0, so the server is part of the key.
const key = (server: string, direction: TraceEntry['direction'], id: string | number): string => `${server}\u0000${direction}:${typeof id}:${String(id)}`;

/** seq of a request → seq of its reply, and reply → request (within each server's entries). */
export function pairTrace(entries: readonly TraceEntry[]): Map<number, number> {
  const open = new Map<string, number>();
  const pairs = new Map<number, number>();
  for (const e of entries) {
    if (e.id === undefined) continue;
    if (e.kind === 'request') open.set(key(e.server, e.direction, e.id), e.seq);
    else if (e.kind === 'response' || e.kind === 'error') {
      const asked = e.direction === 'in' ? 'out' : 'in';
      const req = open.get(key(e.server, asked, e.id));
      if (req === undefined) continue;
      open.delete(key(e.server, asked, e.id));
      pairs.set(req, e.seq);
      pairs.set(e.seq, req);
    }
  }
  return pairs;
}

/** Whether an entry is a failure: a JSON-RPC error, or a result with `isError: true`. */
export function isFailure(e: TraceEntry): boolean {
  if (e.kind === 'error') return true;
  if (e.kind !== 'response') return false;
  // The text may be cut (bounded in main): look for the flag without needing it to parse.
  return /"isError"\s*:\s*true/.test(e.text);
}

/** The entries `filter` keeps. */
export function filterTrace(entries: readonly TraceEntry[], filter: TraceFilter): readonly TraceEntry[] {
  const text = filter.text.trim().toLowerCase();
  const server = filter.server ?? '';
  const traceId = (filter.traceId ?? '').trim().toLowerCase();
  if (filter.direction === 'all' && filter.method === '' && text === '' && server === '' && traceId === '') return entries;
  return entries.filter(
    (e) =>
      (server === '' || e.server === server) &&
      (traceId === '' || e.traceId === traceId) &&
      (filter.direction === 'all' || e.direction === filter.direction) &&
      (filter.method === '' || e.method === filter.method) &&
      (text === '' || e.text.toLowerCase().includes(text) || (e.method ?? '').toLowerCase().includes(text)),
  );
}

/** The servers seen, sorted. */
export function traceServers(entries: readonly TraceEntry[]): string[] {
  return [...new Set(entries.map((e) => e.server))].sort();
}

/** The methods seen, sorted. */
export function traceMethods(entries: readonly TraceEntry[]): string[] {
  return [...new Set(entries.map((e) => e.method).filter((m): m is string => !!m))].sort();
}

/** A message pretty-printed (2-space JSON); a text cut short in main stays as it is. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * The gateway tag of an entry a door sent for its host (docs/gateway.md): `via <host>`, plus
 * ` · <instance>` when a separate instance served it (as the History tab shows); undefined otherwise.
 */
export function traceVia(e: TraceEntry): string | undefined {
  if (!e.via) return undefined;
  return `via ${e.via.host}${e.via.instance !== undefined ? ` · ${e.via.instance}` : ''}`;
}

/** Entries as JSON lines: one `{seq,time,server,direction,kind,method,id,latencyMs,via,message}` per line (`via` only when a gateway door sent it), each ending in `\n` (`wc -l` counts the records; trial 6); `''` for none. */
export function traceJsonl(entries: readonly TraceEntry[]): string {
  return entries
    .map((e) => {
      let message: unknown = e.text;
      try {
        message = JSON.parse(e.text);
      } catch {
        // cut in main: kept as text
      }
      return `${JSON.stringify({ seq: e.seq, time: new Date(e.time).toISOString(), server: e.server, direction: e.direction, kind: e.kind, method: e.method, id: e.id, latencyMs: e.latencyMs, via: e.via, message })}\n`;
    })
    .join('');
}

/** The tool call a traced `tools/call` request made (the replay asks first for a destructive tool), or undefined for other messages. */
export function replayableCall(e: TraceEntry): { tool: string; args: Record<string, unknown> } | undefined {
  if (e.kind !== 'request' || e.direction !== 'out' || e.method !== 'tools/call') return undefined;
  try {
    const msg = JSON.parse(e.text) as { params?: { name?: unknown; arguments?: unknown } };
    if (typeof msg.params?.name !== 'string') return undefined;
    const args = msg.params.arguments;
    return { tool: msg.params.name, args: args && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {} };
  } catch {
    return undefined;
  }
}
