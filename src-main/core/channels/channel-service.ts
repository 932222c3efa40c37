/**
 * Channels as one service of the core (docs/channels.md, issue 13): `capture()` is the seam every server
 * notification enters through (the transport wrapper in `mcp/logs/rpc-trace.ts` sees every inbound
 * message on every transport; a 2026-07-28 `subscriptions/listen` stream arrives on the same
 * transport and so through the same seam). Captured entries are stored (`channels.jsonl` when this
 * core owns the data folder), matched by trigger rules, and announced as batched events.
 */
import { join } from 'node:path';
import type { EmitEvent } from '../../../src-shared/api/contract.js';
import type {
  ChannelEntry,
  ChannelPage,
  ChannelQuery,
  ChannelSummary,
  TriggerFiring,
  TriggerPreview,
  TriggersState,
  ChannelEntryView,
} from '../../../src-shared/api/channels.js';
import type { ToolCallResult } from '../../../src-shared/api/status.js';
import { writeDataFile } from '../data/data-files.js';
import { ConfigWatcher } from '../config/config-watcher.js';
import { CoreError } from '../facade/errors.js';
import { Batcher, Coalescer } from '../events/event-batcher.js';
import { DATA_FILES } from '../data/paths.js';
import { markRedacted } from '../redaction/redacted-payloads.js';
import { StateStore } from '../data/state-store.js';
import { toChannelEntry, type ServerNotification } from './channel-capture.js';
import { contextMarkdown } from './channel-context.js';
import { ChannelFile } from './channel-file.js';
import { ChannelMarks } from './channel-marks.js';
import { ChannelStore, type NewChannelEntry } from './channel-store.js';
import { entryFilter } from '../../../src-shared/channels/channel-filter.js';
import type { ChannelAllowList } from '../../../src-shared/channels/channel-names.js';
import { previewRules, TriggerEngine } from './trigger-engine.js';
import { warningText } from './line-warnings.js';
import { readTriggerState, TriggerStateWriter } from './trigger-state-file.js';
import { EXAMPLE_TRIGGERS, keepLastGood, parseTriggersText, readTriggersFile } from './triggers-file.js';

/** Options of `ChannelService`. */
export interface ChannelServiceOptions {
  dataDir: string;
  /** Write `channels.jsonl` and keep acks/pauses in `state.json` (only the data folder's owner does). */
  persist: boolean;
  /** Load `triggers.json` and fire its rules (the owner; a one-shot core or the library does not). */
  triggers: boolean;
  /** Reload `triggers.json` when it changes. */
  watchTriggers?: boolean;
  emit: EmitEvent;
  /**
   * The core's held secret values now (`SecretRedactor.held()`): captured messages come redacted
   * with them (rpc-trace.ts), so a `channels:appended` batch is marked as such (redacted-payloads.ts)
   * and the core's emit does not copy it again. Absent: batches are redacted by the emit.
   */
  heldValues?: () => unknown;
  /** Batching window of the events (ms). Default 50. */
  eventDelayMs?: number;
  /** Clock (epoch ms). */
  now?: () => number;
  /** The server's `channels` allow-list (absent = every channel; literal for ChatCLI's servers). */
  allowList(server: string): ChannelAllowList | undefined;
  /** Run a tool for rule `rule`'s action (the core calls it and records it in the call history). */
  callTool(server: string, tool: string, args: Record<string, unknown>, rule: string): Promise<ToolCallResult>;
  /** Problems found loading `channels.jsonl` or writing to it. */
  onWarning?(text: string): void;
  windowSize?: number;
  windowBytes?: number;
  maxFileBytes?: number;
  loopGuardMs?: number;
}

/** What an ack asks for. */
export type AckRequest = { seq: number } | { all: true; server?: string; channel?: string; text?: string };

export class ChannelService {
  readonly store: ChannelStore;
  readonly engine: TriggerEngine;
  readonly triggersFile: string;
  private readonly marks: ChannelMarks;
  private readonly appended: Batcher<ChannelEntryView>;
  private readonly firedBatch: Batcher<TriggerFiring>;
  private readonly summaryChanged: Coalescer;
  private readonly triggersChanged: Coalescer;
  private readonly listeners = new Set<(entry: ChannelEntry) => void>();
  private watcher: ConfigWatcher | undefined;
  /** Writes `trigger-state.jsonl` (the owner only: persist and triggers). */
  private readonly stateWriter: TriggerStateWriter | undefined;
  private disposed = false;
  /** The held values the entries waiting in `appended` were redacted with (one batch, one set). */
  private batchHeld: unknown;
  /** Resolves once `triggers.json` has been read (immediately when rules are off). */
  readonly ready: Promise<void>;

  constructor(private readonly options: ChannelServiceOptions) {
    const delay = options.eventDelayMs ?? 50;
    this.triggersFile = join(options.dataDir, DATA_FILES.triggers);
    this.marks = new ChannelMarks(options.persist ? new StateStore(options.dataDir) : undefined);
    this.store = new ChannelStore({
      marks: this.marks,
      ...(options.persist ? { file: new ChannelFile(join(options.dataDir, DATA_FILES.channels), { maxBytes: options.maxFileBytes }) } : {}),
      windowSize: options.windowSize,
      windowBytes: options.windowBytes,
      now: options.now,
      onWriteError: (err) => options.onWarning?.(`channels.jsonl: could not write a notification (${err instanceof Error ? err.message : String(err)})`),
    });
    for (const w of this.store.loadWarnings) options.onWarning?.(w);
    this.appended = new Batcher((entries) => options.emit('channels:appended', this.batchHeld === undefined ? entries : markRedacted(entries, this.batchHeld)), delay);
    this.firedBatch = new Batcher((firings) => options.emit('triggers:fired', firings), delay);
    this.summaryChanged = new Coalescer(() => options.emit('channels:changed', this.summary()), delay);
    this.triggersChanged = new Coalescer(() => {
      options.emit('triggers:changed', this.engine.state());
      this.summaryChanged.poke();
    }, delay);
    this.engine = new TriggerEngine({
      now: options.now,
      callTool: options.callTool,
      loopGuardMs: options.loopGuardMs,
      onChange: () => {
        this.triggersChanged.poke();
        this.stateWriter?.schedule();
      },
      // A copy: the engine keeps updating its own record of the firing.
      onFired: (f) => this.firedBatch.push({ ...f }),
    });
    if (options.persist && options.triggers) {
      // docs/channels.md "Trigger state across restarts": taken back before the rules are read, so
      // a confirmation of a rule that is gone expires and the others keep waiting.
      const stateFile = join(options.dataDir, DATA_FILES.triggerState);
      const kept = readTriggerState(stateFile);
      for (const w of kept.warnings) options.onWarning?.(warningText(w));
      this.engine.restore(kept.snapshot, kept.warnings);
      this.stateWriter = new TriggerStateWriter(stateFile, () => this.engine.snapshot(), (err) =>
        options.onWarning?.(`${stateFile}: could not keep the trigger state (${err instanceof Error ? err.message : String(err)})`),
      );
    }
    this.ready = options.triggers ? this.reloadTriggers() : Promise.resolve();
    if (options.triggers && options.watchTriggers) {
      this.watcher = new ConfigWatcher({ onChange: () => this.reloadTriggers() });
      this.watcher.setFiles([this.triggersFile]);
    }
  }

  /**
   * The seam: a notification (a JSON-RPC message without `id`, secrets already redacted — with
   * `heldValues()` too when that option is given) that `server` sent. Stores it unless it is not a channel entry (progress) or the server's allow-list
   * filters it out; fires the rules unless it is paused. Returns the stored entry. Never throws.
   */
  capture(server: string, message: ServerNotification): ChannelEntry | undefined {
    if (this.disposed) return undefined;
    const json: { payload?: string } = {};
    const input = toChannelEntry(server, message, this.options.allowList(server), json);
    if (!input) return undefined;
    return this.keep(input, json.payload, true);
  }

  /**
   * Events occurrences (or a gap) of one subscription (issue 34, ext-events/event-intake.ts): stored
   * as entries like notifications (no allow-list: the subscription is the person's choice), rules
   * fired unless `fire` is false (a gap). Written to `channels.jsonl` before this returns (the owner):
   * `written` is false when that write failed, so the caller keeps its cursor where it was.
   */
  captureEvents(inputs: readonly NewChannelEntry[], fire = true): { entries: ChannelEntry[]; written: boolean } {
    if (this.disposed) return { entries: [], written: false };
    const entries = inputs.map((input) => this.keep({ ...input }, undefined, fire));
    return { entries, written: this.store.flushWrites() };
  }

  private keep(input: NewChannelEntry, payloadJson: string | undefined, fire: boolean): ChannelEntry {
    const server = input.server;
    const causedBy = this.engine.causedBy(server);
    if (causedBy) input.causedBy = causedBy;
    const entry = this.store.append(input, payloadJson);
    const held = this.options.heldValues?.();
    if (held !== this.batchHeld) {
      // Redacted with other values than the entries waiting: those go first, as their own batch.
      this.appended.flushNow();
      this.batchHeld = held;
    }
    this.appended.push(this.store.view(entry));
    this.summaryChanged.poke();
    for (const listener of this.listeners) {
      try {
        listener(entry);
      } catch {
        // a faulty library listener must not stop capture
      }
    }
    if (!entry.paused && fire) this.engine.onEntry(entry);
    return entry;
  }

  /** Follow every stored entry (the library's `onNotification`); returns an unsubscribe function. */
  subscribe(listener: (entry: ChannelEntry) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  list(q: ChannelQuery): ChannelPage {
    return this.store.query(q);
  }

  summary(): ChannelSummary {
    return { ...this.store.summary(), pendingConfirmations: this.engine.pendingCount };
  }

  /** Acknowledge one entry or everything so far (optionally one server / channel pattern). NOT_FOUND for an unknown seq. */
  async ack(request: AckRequest): Promise<ChannelSummary> {
    if ('seq' in request) {
      if (request.seq > this.store.last || !this.store.get(request.seq)) throw new CoreError('NOT_FOUND', `No notification #${request.seq}`);
      await this.marks.ackOne(request.seq);
    } else if (request.text !== undefined || (request.channel !== undefined && request.server === undefined)) {
      // What the view's filters show: a text (or a channel on every server) has no watermark, so the
      // matching unread entries of the window are acknowledged one by one.
      const matches = entryFilter({ server: request.server, channel: request.channel, text: request.text });
      await this.marks.ackMany(this.store.recent(Number.POSITIVE_INFINITY, (e) => matches(e) && this.store.isUnread(e)).map((e) => e.seq));
    } else {
      await this.marks.ackThrough(this.store.last, request.server, request.channel);
    }
    return this.marksChanged();
  }

  /** The Notifications view showed everything up to `through` (default: the newest): none of it is unread any more (issue 32). */
  async seen(through: number = this.store.last): Promise<ChannelSummary> {
    await this.marks.markSeen(Math.min(through, this.store.last));
    return this.marksChanged();
  }

  async pause(server: string, channel?: string): Promise<ChannelSummary> {
    await this.marks.pause(server, channel);
    return this.marksChanged();
  }

  async resume(server: string, channel?: string): Promise<ChannelSummary> {
    await this.marks.resume(server, channel);
    return this.marksChanged();
  }

  /** The last `limit` (default 20) matching notifications as markdown. */
  context(q: { server?: string; channel?: string; limit?: number; unread?: boolean }): { markdown: string; count: number } {
    const matches = entryFilter(q);
    const entries = this.store.recent(q.limit ?? 20, (e) => matches(e) && (!q.unread || this.store.isUnread(e)));
    return { markdown: contextMarkdown(entries), count: entries.length };
  }

  /** Rules, warnings, pending confirmations and firings, with the file's text (or an example when missing). */
  triggers(): TriggersState {
    const text = this.engine.rules.text;
    return { ...this.engine.state(), file: this.triggersFile, text: text === '' ? EXAMPLE_TRIGGERS : text };
  }

  /** Answer a pending confirmation (NOT_FOUND when it is not pending). */
  async confirm(id: string, accept: boolean): Promise<TriggerFiring> {
    try {
      return { ...(await this.engine.confirm(id, accept, (seq) => this.store.get(seq))) };
    } catch (err) {
      if (err instanceof CoreError) throw err;
      throw new CoreError('NOT_FOUND', err instanceof Error ? err.message : String(err));
    }
  }

  /** Evaluate the rules against stored entry `seq` now (no rate limit). */
  run(seq: number): TriggerFiring[] {
    const entry = this.store.get(seq);
    if (!entry) throw new CoreError('NOT_FOUND', `No notification #${seq}`);
    return this.engine.onEntry(entry, true).map((f) => ({ ...f }));
  }

  /** Write `triggers.json` when `text` has no problem; INVALID_CONFIG listing them otherwise (nothing written). */
  async save(text: string): Promise<TriggersState> {
    const checked = parseTriggersText(this.triggersFile, text);
    if (checked.warnings.length > 0) {
      const first = checked.warnings.slice(0, 3).map((w) => `${w.line !== undefined ? `line ${w.line}: ` : ''}${w.message}`);
      throw new CoreError('INVALID_CONFIG', `Nothing written to ${this.triggersFile}: ${checked.warnings.length} problem${checked.warnings.length === 1 ? '' : 's'} — ${first.join('; ')}`);
    }
    await writeDataFile(this.triggersFile, text.endsWith('\n') ? text : `${text}\n`);
    await this.reloadTriggers();
    return this.triggers();
  }

  /** Test `text`'s rules against the last `limit` (default 100) notifications, firing nothing. */
  preview(text: string, limit = 100): TriggerPreview {
    const checked = parseTriggersText(this.triggersFile, text);
    const entries = this.store.recent(limit);
    return { warnings: checked.warnings, tested: entries.length, matches: previewRules(checked, entries) };
  }

  /**
   * Stop watching, send no further events, close the file; resolves once the trigger state is
   * written (the owner stopping keeps what its rules did).
   */
  dispose(): Promise<void> {
    this.disposed = true;
    this.watcher?.close();
    this.appended.cancel();
    this.firedBatch.cancel();
    this.summaryChanged.cancel();
    this.triggersChanged.cancel();
    this.listeners.clear();
    this.store.close();
    return this.stateWriter?.flush() ?? Promise.resolve();
  }

  private marksChanged(): ChannelSummary {
    this.store.recount();
    this.summaryChanged.poke();
    return this.summary();
  }

  private async reloadTriggers(): Promise<void> {
    const loaded = await readTriggersFile(this.triggersFile);
    if (this.disposed) return;
    this.engine.setRules(keepLastGood(this.engine.rules, loaded));
  }
}
