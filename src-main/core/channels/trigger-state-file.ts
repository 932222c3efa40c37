/**
 * `trigger-state.jsonl` in the data folder (docs/channels.md "Trigger state across restarts"): what the
 * trigger rules did, kept so an owner restart (switchboard serve, the desktop app) loses none of it —
 * confirmations still waiting, every rule's firing count and last firing time (so a `rateLimit` counts
 * firings from before the restart) and the recent firings. One JSON object per line, so a damaged line
 * costs only itself: it is skipped with a warning naming file:line, every other line still loads.
 * The file is rewritten whole and atomically (temp file + fsync + rename), at most every `delayMs`
 * while things change and once more when the owner stops; its size is bounded by the engine's own
 * bounds (`MAX_FIRINGS` firings, `MAX_PENDING` waiting confirmations, texts cut to 4,000 characters).
 */
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { TriggerFiringSchema, type TriggerFiring } from '../../../src-shared/api/channels.js';
import type { ConfigWarning } from '../../../src-shared/config/server.js';
import { readDataText, writeDataFile } from '../data/data-files.js';
import { lineWarnings } from './line-warnings.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

/** Most rules whose counts are kept (a file of renamed rules does not grow without end). */
const MAX_RULE_LINES = 1_000;
/** Longest prompt, result or error text kept per firing (characters). */
const MAX_TEXT = 4_000;

/** A rule's record: how often it fired and when it last fired (epoch ms; the rate limit's start). */
export interface RuleRecord {
  count: number;
  lastFired?: number;
}

/** What is kept across restarts. */
export interface TriggerStateSnapshot {
  rules: Map<string, RuleRecord>;
  /** Recent firings, oldest first (waiting confirmations among them have outcome `pending`). */
  firings: TriggerFiring[];
  /** Waiting confirmations no longer among `firings` (pushed out by newer ones). */
  pendingOnly: TriggerFiring[];
}

const RuleLineSchema = z.object({ rule: z.string(), count: z.number().int().nonnegative(), lastFired: z.number().optional() }).strict();
const FiringLineSchema = z.object({ firing: TriggerFiringSchema }).strict();
const PendingLineSchema = z.object({ pending: TriggerFiringSchema }).strict();

const cut = (text: string): string => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)} …` : text);

/** A firing as stored: its texts bounded. */
function bounded(f: TriggerFiring): TriggerFiring {
  const out: TriggerFiring = { ...f, prompt: cut(f.prompt) };
  if (f.result) out.result = { ...f.result, text: cut(f.result.text) };
  if (f.error !== undefined) out.error = cut(f.error);
  return out;
}

/** The file's text for `snapshot` (one line per rule record, firing and extra pending confirmation). Pure. */
export function triggerStateText(snapshot: TriggerStateSnapshot): string {
  const lines: string[] = [];
  for (const [rule, r] of [...snapshot.rules].slice(-MAX_RULE_LINES)) lines.push(JSON.stringify({ rule, count: r.count, ...(r.lastFired !== undefined ? { lastFired: r.lastFired } : {}) }));
  for (const f of snapshot.firings) lines.push(JSON.stringify({ firing: bounded(f) }));
  for (const f of snapshot.pendingOnly) lines.push(JSON.stringify({ pending: bounded(f) }));
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/**
 * Read `text` (the file at `path`) leniently: every valid line is kept; an empty line is nothing; any
 * other line is skipped with a warning `{file, line}` (`lineWarnings`: the first few one by one, the
 * rest counted). Pure.
 */
export function parseTriggerState(path: string, text: string): { snapshot: TriggerStateSnapshot; warnings: ConfigWarning[] } {
  const snapshot: TriggerStateSnapshot = { rules: new Map(), firings: [], pendingOnly: [] };
  const bad: number[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      bad.push(i + 1);
      return;
    }
    const rule = RuleLineSchema.safeParse(value);
    if (rule.success) {
      snapshot.rules.set(rule.data.rule, { count: rule.data.count, ...(rule.data.lastFired !== undefined ? { lastFired: rule.data.lastFired } : {}) });
      return;
    }
    const firing = FiringLineSchema.safeParse(value);
    if (firing.success) {
      snapshot.firings.push(firing.data.firing);
      return;
    }
    const pending = PendingLineSchema.safeParse(value);
    if (pending.success) snapshot.pendingOnly.push(pending.data.pending);
    else bad.push(i + 1);
  });
  return { snapshot, warnings: lineWarnings(path, bad, 'not a trigger record (a damaged line) — skipped; the other lines were read') };
}

/** Read the file at `path`: missing → empty state, no warning; unreadable → empty state and a warning. */
export function readTriggerState(path: string): { snapshot: TriggerStateSnapshot; warnings: ConfigWarning[] } {
  let text: string;
  try {
    text = readDataText(path);
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      snapshot: { rules: new Map(), firings: [], pendingOnly: [] },
      warnings: missing ? [] : [{ file: path, ...warningCode('data-file-reset'), message: `could not be read (${err instanceof Error ? err.message : String(err)}); trigger firings start afresh` }],
    };
  }
  return parseTriggerState(path, text);
}

/**
 * The writer: `schedule()` after each change writes the snapshot `take()` returns at most every
 * `delayMs` (default 200), one write at a time; `flush()` writes now (the owner stopping). A failed
 * write is reported through `onError` and retried with the next change.
 */
export class TriggerStateWriter {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;

  constructor(
    private readonly path: string,
    private readonly take: () => TriggerStateSnapshot,
    private readonly onError: (err: unknown) => void,
    private readonly delayMs = 200,
  ) {}

  /** Something changed: write within `delayMs`. */
  schedule(): void {
    this.dirty = true;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.delayMs);
  }

  /** Write the current state now if anything changed since the last write; resolves when written. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.writing = this.writing.then(async () => {
      if (!this.dirty) return;
      this.dirty = false;
      try {
        const text = triggerStateText(this.take());
        // Nothing to keep and no file yet: write nothing (an owner that never fired a rule leaves no
        // empty file behind; same-answer.int compares the files each face wrote).
        if (text === '' && !existsSync(this.path)) return;
        await writeDataFile(this.path, text);
      } catch (err) {
        this.dirty = true;
        this.onError(err);
      }
    });
    return this.writing;
  }
}
