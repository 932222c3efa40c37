/**
 * Per-server call history (SPEC §9 "call history with latency"; issue 5 §3): arguments, duration
 * and outcome of the last calls of each server, newest last, bounded. Replay is the face's job
 * (it sends the recorded arguments again).
 */
import type { CallOutcome, CallRecord } from '../../../src-shared/api/inspector.js';
import type { ToolCallResult } from '../../../src-shared/api/status.js';

/** Calls kept per server. */
export const HISTORY_PER_SERVER = 100;
/** Characters of result text kept in a record's preview. */
export const PREVIEW_CHARS = 200;

/** How a mapped result ended: cancelled, failed (`MCP error: …`), error (isError) or ok. */
export function outcomeOf(result: ToolCallResult): CallOutcome {
  if (!result.isError) return 'ok';
  if (result.text === 'Cancelled') return 'cancelled';
  return result.text.startsWith('MCP error:') ? 'failed' : 'error';
}

let nextId = 1;

/** Bounded call records per server. */
export class CallHistory {
  private readonly byServer = new Map<string, CallRecord[]>();

  constructor(private readonly capacity = HISTORY_PER_SERVER) {}

  /** Record a finished call; returns the record (also for the `history:appended` event). */
  record(args: Record<string, unknown>, startedAt: number, result: ToolCallResult, task = false): CallRecord {
    const rec: CallRecord = {
      id: `call-${nextId++}`,
      server: result.server,
      tool: result.tool,
      args,
      startedAt,
      durationMs: Math.round(result.durationMs * 100) / 100,
      outcome: outcomeOf(result),
      preview: result.text.length > PREVIEW_CHARS ? `${result.text.slice(0, PREVIEW_CHARS)}…` : result.text,
    };
    if (task) rec.task = true;
    const list = this.byServer.get(rec.server) ?? [];
    list.push(rec);
    if (list.length > this.capacity) list.splice(0, list.length - this.capacity);
    this.byServer.set(rec.server, list);
    return rec;
  }

  /** Records of one server (or all, by start time), oldest first. */
  list(server?: string): CallRecord[] {
    if (server !== undefined) return [...(this.byServer.get(server) ?? [])];
    return [...this.byServer.values()].flat().sort((a, b) => a.startedAt - b.startedAt);
  }
}
