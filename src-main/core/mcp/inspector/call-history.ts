/**
 * Per-server call history (docs/inspecting.md "Call history"; issue 5 §3, issue 14 item 12): arguments,
 * duration, outcome and the start of the result of the last calls of each server, newest last,
 * bounded, redacted before they are kept, and (with a `HistoryFile`) kept in the data folder
 * across restarts. Replay is `history:replay` (handlers/history.ts).
 */
import type { CallOutcome, CallRecord } from '../../../../src-shared/api/inspector.js';
import type { CallVia } from '../../../../src-shared/api/gateway.js';
import type { ToolCallResult } from '../../../../src-shared/api/status.js';
import { randomBytes } from 'node:crypto';
import { type HistoryFile, type StoredCallRecord, toCallRecord } from './history-file.js';
import { sliceCopy } from '../logs/string-copy.js';

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

/** Characters of result text kept for opening a past call (`history:get`). */
export const RESULT_TEXT_CHARS = 16 * 1024;

/** Options of `CallHistory`. */
export interface CallHistoryOptions {
  /** Calls kept per server (default `HISTORY_PER_SERVER`). */
  capacity?: number;
  /** The one redaction rule with the core's held secrets (every record passes it before it is kept). */
  redact?: <T>(value: T) => T;
  /** Where records outlive the process (issue 14 item 12); loaded at first use. */
  file?: HistoryFile;
}

/** An id unique across processes sharing a data folder (the owner and one-shot CLIs write one file). */
function newId(): string {
  return `call-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

/** Top-level argument names whose redacted value differs from the value given. */
function redactedNames(args: Record<string, unknown>, redacted: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const name of Object.keys(args)) {
    let same: boolean;
    try {
      same = JSON.stringify(args[name]) === JSON.stringify(redacted[name]);
    } catch {
      same = false;
    }
    if (!same) out.push(name);
  }
  return out;
}

/** Bounded call records per server, redacted, optionally kept in the data folder. */
export class CallHistory {
  private readonly byServer = new Map<string, StoredCallRecord[]>();
  private readonly capacity: number;
  private readonly redact: <T>(value: T) => T;
  private loaded: boolean;

  constructor(private readonly options: CallHistoryOptions = {}) {
    this.capacity = options.capacity ?? HISTORY_PER_SERVER;
    this.redact = options.redact ?? ((v) => v);
    this.loaded = options.file === undefined;
  }

  /**
   * Record a finished call; returns the record (also for the `history:appended` event). `task`: it
   * ran as a task; `rule`: a trigger rule's action made it (kept as the record's `rule`); `via`:
   * the gateway door it came through (kept as the record's `via`); `refused`: the gateway refused it
   * before any server saw it (outcome `refused`, docs/gateway.md § Filters).
   */
  record(args: Record<string, unknown>, startedAt: number, result: ToolCallResult, task = false, rule?: string, via?: CallVia, refused?: CallRecord['refused']): CallRecord {
    this.load();
    const kept: Record<string, unknown> = {};
    const cut: string[] = [];
    for (const [name, value] of Object.entries(args ?? {})) {
      const capped = capArgument(value);
      Object.defineProperty(kept, name, { value: capped.value, enumerable: true, writable: true, configurable: true });
      if (capped.cut) cut.push(name);
    }
    // Redacted before it is kept anywhere (issue 9 item 4's rule): what a replay lacks it asks for.
    const safeArgs = this.redact(kept);
    const redacted = redactedNames(kept, safeArgs);
    const rec: StoredCallRecord = {
      id: newId(),
      server: result.server,
      tool: result.tool,
      args: safeArgs,
      startedAt,
      durationMs: Math.round(result.durationMs * 100) / 100,
      outcome: refused ? 'refused' : outcomeOf(result),
      preview: this.redact(result.text.length > PREVIEW_CHARS ? `${sliceCopy(result.text, 0, PREVIEW_CHARS)}…` : result.text),
    };
    if (task) rec.task = true;
    if (rule !== undefined) rec.rule = rule;
    if (via !== undefined) rec.via = via.instance !== undefined ? { host: via.host, instance: via.instance } : { host: via.host };
    if (refused !== undefined) rec.refused = { name: refused.name, code: refused.code, reason: this.redact(refused.reason) };
    if (cut.length > 0) rec.cut = cut;
    if (redacted.length > 0) rec.redacted = redacted;
    const listed: CallRecord = { ...rec };
    rec.resultText = this.redact(result.text.length > RESULT_TEXT_CHARS ? `${sliceCopy(result.text, 0, RESULT_TEXT_CHARS)}…[cut: ${result.text.length} characters in all]` : sliceCopy(result.text, 0));
    this.keep(rec);
    this.options.file?.append(rec);
    return listed;
  }

  /** Records of one server (or all, by start time), oldest first. */
  list(server?: string): CallRecord[] {
    this.load();
    const all = server !== undefined ? (this.byServer.get(server) ?? []) : [...this.byServer.values()].flat().sort((a, b) => a.startedAt - b.startedAt);
    return all.map(toCallRecord);
  }

  /** One record with the start of its result text, or undefined. */
  get(id: string): (CallRecord & { resultText: string }) | undefined {
    this.load();
    for (const list of this.byServer.values()) {
      const rec = list.find((r) => r.id === id);
      if (rec) return { ...toCallRecord(rec), resultText: rec.resultText ?? rec.preview };
    }
    return undefined;
  }

  /** Write what is not yet on disk (core dispose). */
  flush(): Promise<void> {
    return this.options.file?.flush() ?? Promise.resolve();
  }

  private keep(rec: StoredCallRecord): void {
    const list = this.byServer.get(rec.server) ?? [];
    list.push(rec);
    if (list.length > this.capacity) list.splice(0, list.length - this.capacity);
    this.byServer.set(rec.server, list);
  }

  private load(): void {
    if (this.loaded) return;
    this.loaded = true;
    for (const rec of this.options.file?.load() ?? []) this.keep(rec);
  }
}
