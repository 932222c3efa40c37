/**
 * Firing trigger rules (docs/channels.md, issue 13). For each new notification that is not paused, every
 * enabled rule that matches fires in its mode: `notify` (a desktop notification and the tray
 * badge — the faces do that from `triggers:fired`), `confirm` (a pending confirmation until a
 * person answers; yes runs the action) or `auto` (the action runs at once). Every firing is
 * recorded with its outcome, and so is every firing skipped by `rateLimit` or by the no-loop
 * guard: a notification that arrives from a server while a rule's action runs on it (or within
 * `loopGuardMs` after) carries that rule in `causedBy`, and never fires that rule — nor any rule
 * earlier in the same chain — again.
 *
 * Ceilings (issue 27 item 4): an `auto` rule without `rateLimit` runs at most `rulePerMinute` (10)
 * actions in any 60 s, and all `auto` rules together at most `autoPerMinute` (triggers.json, default
 * 60); past either, the firing becomes a pending confirmation whose `reason` says which ceiling.
 */
import type { ChannelEntry, TriggerFiring, TriggerPreviewMatch, TriggersState } from '../../../src-shared/api/channels.js';
import type { ToolCallResult } from '../../../src-shared/api/status.js';
import { actionAllowed, DEFAULT_PROMPT, renderArguments, renderTemplate, ruleMatches, templateValues } from '../../../src-shared/channels/trigger-rules.js';
import type { ConfigWarning } from '../../../src-shared/config/server.js';
import type { TriggerStateSnapshot } from './trigger-state-file.js';
import { ruleView, triggerLimits, type LoadedRule, type LoadedTriggers } from './triggers-file.js';

/** Firings kept (oldest dropped first). */
export const MAX_FIRINGS = 500;
/** Pending confirmations kept; beyond it the oldest expires. */
export const MAX_PENDING = 100;
/** How long after an action ends its server's notifications still count as caused by it (ms). */
export const DEFAULT_LOOP_GUARD_MS = 2_000;
/** Longest tool result text kept in a firing (characters). */
const MAX_RESULT_TEXT = 4_000;
/** The window of the automatic-run ceilings (ms). */
const CEILING_WINDOW_MS = 60_000;

/** Options of `TriggerEngine`. */
export interface TriggerEngineOptions {
  /** Clock (epoch ms); tests inject one to step through rate limits. */
  now?: () => number;
  /**
   * Run a tool for rule `rule` (the core records it in the call history tagged with the rule); may
   * reject (unknown or disconnected server).
   */
  callTool(server: string, tool: string, args: Record<string, unknown>, rule: string): Promise<ToolCallResult>;
  /** Rules, pending confirmations or firings changed. */
  onChange?(): void;
  /** A rule fired (not a skip): `notified`, `pending`, `running`/`ran`/`failed` of `auto`. */
  onFired?(firing: TriggerFiring): void;
  loopGuardMs?: number;
}

/** An action in flight or recently ended on a server, for the no-loop guard. */
interface ActiveAction {
  chain: string[];
  /** Epoch ms until which its server's notifications count as caused by it; Infinity while running. */
  until: number;
}

export class TriggerEngine {
  private loaded: LoadedTriggers = { file: '', text: '', rules: [], warnings: [] };
  private readonly firings: TriggerFiring[] = [];
  private readonly pending = new Map<string, TriggerFiring>();
  private readonly lastFired = new Map<string, number>();
  private readonly counts = new Map<string, number>();
  private readonly active = new Map<string, Set<ActiveAction>>();
  /** Start times of automatic actions in the last minute: all rules, and per rule (the ceilings). */
  private readonly autoRuns: number[] = [];
  private readonly ruleRuns = new Map<string, number[]>();
  private nextId = 1;
  private idPrefix = Date.now().toString(36);
  /** Problems found reading the kept state (`restore`), shown with the file's warnings. */
  private restoreWarnings: ConfigWarning[] = [];
  private readonly now: () => number;
  private readonly loopGuardMs: number;

  constructor(private readonly options: TriggerEngineOptions) {
    this.now = options.now ?? Date.now;
    this.loopGuardMs = options.loopGuardMs ?? DEFAULT_LOOP_GUARD_MS;
  }

  /** Replace the rules (a reload of `triggers.json`). Pending confirmations of rules that are gone expire. */
  setRules(loaded: LoadedTriggers): void {
    this.loaded = loaded;
    // A file that does not parse changes nothing (keepLastGood): its waiting confirmations stay too.
    if (!loaded.syntaxError) {
      const names = new Set(loaded.rules.map((r) => r.rule.name));
      for (const f of [...this.pending.values()]) if (!names.has(f.rule)) this.settle(f, { outcome: 'expired', error: 'the rule was removed or changed to be invalid' });
    }
    this.options.onChange?.();
  }

  /**
   * Take back what a previous owner kept (trigger-state-file.ts; call before the first `setRules`,
   * which then expires confirmations of rules that are gone): counts and last firing times (rate
   * limits go on counting from them), recent firings, waiting confirmations. An action that was
   * running when that owner stopped is recorded `failed` — whether it completed is unknown.
   * `warnings` (damaged lines) are shown with the rules' warnings.
   */
  restore(snapshot: TriggerStateSnapshot, warnings: ConfigWarning[] = []): void {
    for (const [name, r] of snapshot.rules) {
      this.counts.set(name, r.count);
      if (r.lastFired !== undefined) this.lastFired.set(name, r.lastFired);
    }
    const interrupted = { outcome: 'failed' as const, error: 'Switchboard stopped while this action ran; whether it completed is not known' };
    for (const f of snapshot.pendingOnly) if (f.outcome === 'pending') this.pending.set(f.id, f);
    for (const f of snapshot.firings.slice(-MAX_FIRINGS)) {
      if (f.outcome === 'running') Object.assign(f, interrupted);
      this.firings.push(f);
      if (f.outcome === 'pending') this.pending.set(f.id, f);
    }
    // Ids stay unique across owners: a new prefix when an old one (same millisecond) is taken.
    const taken = new Set([...this.firings, ...this.pending.values()].map((f) => f.id.split('-')[0]));
    for (let t = Date.now(); taken.has(this.idPrefix); t++) this.idPrefix = t.toString(36);
    this.restoreWarnings = warnings;
    this.options.onChange?.();
  }

  /** What `restore` takes back after a restart (the objects themselves; serialise before changing them). */
  snapshot(): TriggerStateSnapshot {
    const rules = new Map<string, { count: number; lastFired?: number }>();
    for (const [name, count] of this.counts) rules.set(name, { count });
    for (const [name, at] of this.lastFired) rules.set(name, { count: this.counts.get(name) ?? 0, lastFired: at });
    const listed = new Set(this.firings);
    return { rules, firings: [...this.firings], pendingOnly: [...this.pending.values()].filter((f) => !listed.has(f)) };
  }

  /** The rules as loaded now. */
  get rules(): LoadedTriggers {
    return this.loaded;
  }

  /**
   * Rule names a notification arriving from `server` now is caused by (the no-loop guard), or
   * undefined. Call when the notification is captured, before it is stored.
   */
  causedBy(server: string): string[] | undefined {
    const set = this.active.get(server);
    if (!set) return undefined;
    const now = this.now();
    const names = new Set<string>();
    for (const a of set) {
      if (a.until >= now) for (const n of a.chain) names.add(n);
      else set.delete(a);
    }
    if (set.size === 0) this.active.delete(server);
    return names.size > 0 ? [...names] : undefined;
  }

  /**
   * Fire every matching enabled rule for `entry` (a stored, not paused notification). `manual`
   * (`triggers run <seq>`): rate limits neither apply nor advance. Returns the firings recorded
   * (skips included); actions of `auto` rules run in the background.
   */
  onEntry(entry: ChannelEntry, manual = false): TriggerFiring[] {
    const out: TriggerFiring[] = [];
    for (const loaded of this.loaded.rules) {
      const { rule } = loaded;
      if (rule.enabled === false || !ruleMatches(rule, loaded.regex, entry, loaded.where)) continue;
      const now = this.now();
      const base = this.firingFor(loaded, entry, now, manual);
      if (entry.causedBy?.includes(rule.name)) {
        out.push(this.record({ ...base, outcome: 'loop-guarded' }));
        continue;
      }
      const last = this.lastFired.get(rule.name);
      if (!manual && loaded.rateMs !== undefined && last !== undefined && now - last < loaded.rateMs) {
        out.push(this.record({ ...base, outcome: 'rate-limited' }));
        continue;
      }
      if (!manual) this.lastFired.set(rule.name, now);
      this.counts.set(rule.name, (this.counts.get(rule.name) ?? 0) + 1);
      if (rule.mode === 'notify') {
        out.push(this.fired(this.record({ ...base, outcome: 'notified' })));
      } else if (rule.mode === 'confirm') {
        out.push(this.waitForYes(this.fired(this.record({ ...base, outcome: 'pending' }))));
      } else {
        const reason = manual ? undefined : this.overCeiling(loaded, now);
        if (reason !== undefined) {
          out.push(this.waitForYes(this.fired(this.record({ ...base, outcome: 'pending', reason }))));
          continue;
        }
        const firing = this.fired(this.record({ ...base, outcome: 'running' }));
        out.push(firing);
        void this.runAction(firing, loaded, entry);
      }
    }
    if (out.length > 0) this.options.onChange?.();
    return out;
  }

  /**
   * Answer a pending confirmation: `accept` runs the action (resolves when it ended, outcome `ran`
   * or `failed`; `accepted` for a rule without action), otherwise `declined`. Rejects with a
   * message for an unknown or already answered id.
   */
  async confirm(id: string, accept: boolean, entryOf: (seq: number) => ChannelEntry | undefined): Promise<TriggerFiring> {
    const firing = this.pending.get(id);
    if (!firing) {
      const known = this.firings.find((f) => f.id === id);
      throw new Error(known ? `Confirmation ${id} was already answered (${known.outcome})` : `No pending confirmation ${id}`);
    }
    this.pending.delete(id);
    if (!accept) return this.settle(firing, { outcome: 'declined' });
    const loaded = this.loaded.rules.find((r) => r.rule.name === firing.rule);
    if (!firing.action) return this.settle(firing, { outcome: 'accepted' });
    if (!loaded) return this.settle(firing, { outcome: 'failed', error: `rule "${firing.rule}" no longer exists` });
    const entry = entryOf(firing.seq) ?? ({ seq: firing.seq, server: firing.server, channel: firing.channel, payload: {}, method: '', time: firing.time } as ChannelEntry);
    this.update(firing, { outcome: 'running' });
    return this.runAction(firing, loaded, entry);
  }

  /** Rules with their last firing, warnings, the ceilings, pending confirmations, recent firings. */
  state(): TriggersState {
    const last = new Map<string, TriggerFiring>();
    for (const f of this.firings) last.set(f.rule, f);
    return {
      file: this.loaded.file,
      rules: this.loaded.rules.map((r) => ({
        ...ruleView(r, this.counts.get(r.rule.name) ?? 0),
        ...(last.has(r.rule.name) ? { lastFiring: last.get(r.rule.name)! } : {}),
      })),
      warnings: this.restoreWarnings.length > 0 ? [...this.loaded.warnings, ...this.restoreWarnings] : this.loaded.warnings,
      limits: triggerLimits(this.loaded),
      pending: [...this.pending.values()],
      firings: [...this.firings],
    };
  }

  /** How many confirmations wait. */
  get pendingCount(): number {
    return this.pending.size;
  }

  private firingFor(loaded: LoadedRule, entry: ChannelEntry, now: number, manual: boolean): TriggerFiring {
    const { rule } = loaded;
    const values = templateValues(entry);
    const firing: TriggerFiring = {
      id: `${this.idPrefix}-${this.nextId++}`,
      rule: rule.name,
      mode: rule.mode,
      seq: entry.seq,
      server: entry.server,
      channel: entry.channel,
      time: now,
      outcome: 'pending',
      prompt: renderTemplate(rule.prompt ?? DEFAULT_PROMPT, values),
    };
    if (rule.action) firing.action = { server: rule.action.server, tool: rule.action.tool, arguments: renderArguments(rule.action.arguments, values) };
    if (manual) firing.manual = true;
    return firing;
  }

  /** Keep `firing` as a pending confirmation (the oldest expires past `MAX_PENDING`). */
  private waitForYes(firing: TriggerFiring): TriggerFiring {
    this.pending.set(firing.id, firing);
    while (this.pending.size > MAX_PENDING) {
      const oldest = this.pending.values().next().value!;
      this.settle(oldest, { outcome: 'expired', error: `more than ${MAX_PENDING} confirmations were waiting` });
    }
    return firing;
  }

  /**
   * Why an automatic firing of `loaded` at `now` must wait for a yes (a ceiling is reached), or
   * undefined — then the run is counted against both ceilings.
   */
  private overCeiling(loaded: LoadedRule, now: number): string | undefined {
    const { autoPerMinute, rulePerMinute } = triggerLimits(this.loaded);
    const recent = (times: number[]): number[] => {
      while (times.length > 0 && times[0]! <= now - CEILING_WINDOW_MS) times.shift();
      return times;
    };
    const name = loaded.rule.name;
    const mine = recent(this.ruleRuns.get(name) ?? []);
    this.ruleRuns.set(name, mine);
    if (loaded.rateMs === undefined && mine.length >= rulePerMinute) {
      return `rule "${name}" has no "rateLimit" and already ran ${rulePerMinute} times in the last minute (the most a rule without one runs on its own); this run waits for a yes`;
    }
    const all = recent(this.autoRuns);
    if (all.length >= autoPerMinute) {
      return `automatic rules already ran ${autoPerMinute} times in the last minute (the "autoPerMinute" ceiling in triggers.json); this run waits for a yes`;
    }
    mine.push(now);
    all.push(now);
    return undefined;
  }

  private record(firing: TriggerFiring): TriggerFiring {
    this.firings.push(firing);
    if (this.firings.length > MAX_FIRINGS) this.firings.splice(0, this.firings.length - MAX_FIRINGS);
    return firing;
  }

  private fired(firing: TriggerFiring): TriggerFiring {
    this.options.onFired?.(firing);
    return firing;
  }

  /** Change a recorded firing in place (the list holds the same object) and announce it. */
  private update(firing: TriggerFiring, patch: Partial<TriggerFiring>): TriggerFiring {
    Object.assign(firing, patch, { time: this.now() });
    this.options.onChange?.();
    return firing;
  }

  private settle(firing: TriggerFiring, patch: Partial<TriggerFiring>): TriggerFiring {
    this.pending.delete(firing.id);
    return this.update(firing, patch);
  }

  /** Run a firing's action: allow-list checked again, its server marked for the no-loop guard. */
  private async runAction(firing: TriggerFiring, loaded: LoadedRule, entry: ChannelEntry): Promise<TriggerFiring> {
    const action = firing.action!;
    if (!actionAllowed(loaded.rule, action)) {
      return this.settle(firing, { outcome: 'failed', error: `tool "${action.tool}" is not in the rule's allowedTools` });
    }
    const guard: ActiveAction = { chain: [...new Set([...(entry.causedBy ?? []), loaded.rule.name])], until: Infinity };
    let set = this.active.get(action.server);
    if (!set) this.active.set(action.server, (set = new Set()));
    set.add(guard);
    try {
      const result = await this.options.callTool(action.server, action.tool, action.arguments, loaded.rule.name);
      const text = result.text.length > MAX_RESULT_TEXT ? `${result.text.slice(0, MAX_RESULT_TEXT)} …` : result.text;
      return this.settle(firing, { outcome: 'ran', result: { isError: result.isError, text } });
    } catch (err) {
      return this.settle(firing, { outcome: 'failed', error: err instanceof Error ? err.message : String(err) });
    } finally {
      guard.until = this.now() + this.loopGuardMs;
      this.options.onFired?.(firing);
    }
  }
}

/**
 * What `loaded` would do with `entries` (oldest first), firing nothing: each match is `would fire`
 * or `rate-limited` (rate limits simulated with the entries' own times). Disabled rules and paused
 * entries are left out. Pure.
 */
export function previewRules(loaded: LoadedTriggers, entries: readonly ChannelEntry[]): TriggerPreviewMatch[] {
  const last = new Map<string, number>();
  const out: TriggerPreviewMatch[] = [];
  for (const entry of entries) {
    if (entry.paused) continue;
    for (const { rule, regex, where, rateMs } of loaded.rules) {
      if (rule.enabled === false || !ruleMatches(rule, regex, entry, where)) continue;
      const values = templateValues(entry);
      const prev = last.get(rule.name);
      const limited = rateMs !== undefined && prev !== undefined && entry.time - prev < rateMs;
      if (!limited) last.set(rule.name, entry.time);
      out.push({
        seq: entry.seq,
        server: entry.server,
        channel: entry.channel,
        rule: rule.name,
        outcome: limited ? 'rate-limited' : 'would fire',
        prompt: renderTemplate(rule.prompt ?? DEFAULT_PROMPT, values),
        ...(rule.action ? { arguments: renderArguments(rule.action.arguments, values) } : {}),
      });
    }
  }
  return out;
}
