/**
 * Per-server call history (docs/inspecting.md "call history with latency"; issue 5 §3): arguments, duration
 * and outcome of the last calls of each server, newest last, bounded. Replay is the face's job
 * (it sends the recorded arguments again).
 */
import type { CallOutcome, CallRecord } from '../../../src-shared/api/inspector.js';
import type { ToolCallResult } from '../../../src-shared/api/status.js';
import { sliceCopy } from './string-copy.js';

/** Calls kept per server. */
export const HISTORY_PER_SERVER = 100;
/** Characters of result text kept in a record's preview. */
export const PREVIEW_CHARS = 200;
/** Most bytes (UTF-8) of one argument kept in a record (issue 9: 30 calls of 8 MB must not grow the owner by 240 MB). */
export const MAX_RECORDED_ARG_BYTES = 64 * 1024;

/**
 * An argument as history keeps it: unchanged when its JSON text fits `MAX_RECORDED_ARG_BYTES`,
 * else the start of that text (a string as itself) plus `…[cut: <n> bytes in all]`. `cut` says
 * whether it was shortened.
 */
export function capArgument(value: unknown, max = MAX_RECORDED_ARG_BYTES): { value: unknown; cut: boolean } {
  if (typeof value === 'string' && value.length <= max / 4) return { value, cut: false };
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
  } catch {
    return { value: '…[cut: not serialisable]', cut: true };
  }
  const bytes = Buffer.byteLength(text);
  if (bytes <= max) return { value, cut: false };
  let kept = sliceCopy(text, 0, max);
  while (Buffer.byteLength(kept) > max) kept = sliceCopy(kept, 0, Math.floor(kept.length * 0.9));
  return { value: `${kept}…[cut: ${bytes} bytes in all]`, cut: true };
}

/** How a mapped result ended, by its typed outcome: cancelled, failed (the call itself), error (the tool's isError) or ok. */
export function outcomeOf(result: ToolCallResult): CallOutcome {
  if (result.failure?.code === 'cancelled') return 'cancelled';
  if (result.failure) return 'failed';
  return result.isError ? 'error' : 'ok';
}

let nextId = 1;

/** Bounded call records per server. */
export class CallHistory {
  private readonly byServer = new Map<string, CallRecord[]>();

  constructor(private readonly capacity = HISTORY_PER_SERVER) {}

  /** Record a finished call; returns the record (also for the `history:appended` event). */
  record(args: Record<string, unknown>, startedAt: number, result: ToolCallResult, task = false): CallRecord {
    const kept: Record<string, unknown> = {};
    const cut: string[] = [];
    for (const [name, value] of Object.entries(args ?? {})) {
      const capped = capArgument(value);
      Object.defineProperty(kept, name, { value: capped.value, enumerable: true, writable: true, configurable: true });
      if (capped.cut) cut.push(name);
    }
    const rec: CallRecord = {
      id: `call-${nextId++}`,
      server: result.server,
      tool: result.tool,
      args: kept,
      startedAt,
      durationMs: Math.round(result.durationMs * 100) / 100,
      outcome: outcomeOf(result),
      preview: result.text.length > PREVIEW_CHARS ? `${sliceCopy(result.text, 0, PREVIEW_CHARS)}…` : result.text,
    };
    if (task) rec.task = true;
    if (cut.length > 0) rec.cut = cut;
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
