/**
 * The MCP Events extension on Switchboard's side (issue 34; docs/extensions.md § Events,
 * docs/channels.md § Events as channels): event types per server, Switchboard's own subscriptions
 * and their delivery into the channel store. The one place its rules live; the `events:*` handlers,
 * the CLI and the window are thin over it.
 *
 * - Types: `events/list` (every page) only on a 2026-07-28 connection whose server advertised the
 *   extension in `server/discover` (event-wire.ts `eventsUnavailable`); cached per server and
 *   connection, dropped on `notifications/events/list_changed` (asked for on the
 *   `subscriptions/listen` stream, listen-stream.ts) and on a stream's `terminated`.
 * - Subscriptions: kept in `event-subscriptions.json` (subscriptions-file.ts) by the data folder's
 *   owner (`owner`: the desktop app or `serve`); a one-shot core lists types but holds none.
 * - Delivery: one `SubscriptionRunner` per subscription (poll or push); each occurrence becomes a
 *   channel entry (event-intake.ts) before its cursor is kept.
 */
import { randomBytes } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/client';
import type { EmitEvent } from '../../../src-shared/api/contract.js';
import {
  EVENTS_POLL_DEFAULT_MS,
  EVENTS_POLL_MAX_MS,
  EVENTS_POLL_MIN_MS,
  EventSubscribeInputSchema,
  type EventSubscribeInput,
  type EventSubscription,
  type EventType,
  type EventTypeList,
  type SubscriptionState,
} from '../../../src-shared/api/events.js';
import type { ServerRuntime } from '../mcp/manager/types.js';
import type { ChannelService } from '../channels/channel-service.js';
import { Coalescer } from '../events/event-batcher.js';
import { CoreError } from '../facade/errors.js';
import type { McpManager } from '../mcp/manager/manager.js';
import { failureMessage } from '../mcp/failures/failure-text.js';
import { DedupWindow, gapEntry, occurrenceEntries, type IntakeTarget } from './event-intake.js';
import { eventsUnavailable, listEventTypes, schemaProblems, SUBSCRIPTION_ID_META, unavailableText, type Occurrence } from './event-wire.js';
import { readSubscriptions, SubscriptionsWriter, type StoredSubscription } from './subscriptions-file.js';
import { StreamTerminated, SubscriptionRunner, type RunnerHost } from './subscription-runner.js';

/** What the service is built from (switchboard-core.ts). */
export interface EventsServiceOptions {
  dataDir: string;
  /** The data folder's owner: holds and runs subscriptions. */
  owner: boolean;
  manager: McpManager;
  channels: ChannelService;
  emit: EmitEvent;
  /** Secrets out of what a poll returned (push notifications come redacted by the manager). */
  redact<T>(value: T): T;
  onWarning?(text: string): void;
  /** A push stream silent this long is opened again (ms, default 75 000). */
  silenceMs?: number;
}

interface Live {
  sub: StoredSubscription;
  state: SubscriptionState;
  lastError?: string;
  seen: DedupWindow;
  runner?: SubscriptionRunner;
}

const WEBHOOK_REFUSED =
  'Webhook delivery needs a public https receiver for the server to POST to, which Switchboard does not run: subscribe with poll (events/poll on an interval) or push (one long-lived events/stream) instead';

export class EventsService {
  readonly owner: boolean;
  private readonly subs = new Map<string, Live>();
  private readonly types = new Map<string, { client: Client; types: EventType[]; listedAt: number }>();
  private readonly routes = new Map<string, (method: string, params: Record<string, unknown>) => void>();
  /** Runners waiting for a server's next status change (resolved all at once on dispose). */
  private readonly statusWaiters = new Set<{ server: string; resolve: () => void }>();
  private readonly writer: SubscriptionsWriter | undefined;
  private readonly changed: Coalescer;
  private disposed = false;
  private readonly onStatus = (rt: ServerRuntime): void => {
    for (const w of [...this.statusWaiters]) if (w.server === rt.name) w.resolve();
  };
  private readonly onNotification = (server: string, message: { method: string; params?: unknown }): void => {
    if (!message.method.startsWith('notifications/events/')) return;
    const params = (message.params ?? {}) as Record<string, unknown>;
    if (message.method === 'notifications/events/list_changed') {
      this.types.delete(server);
      return;
    }
    const id = (params._meta as Record<string, unknown> | undefined)?.[SUBSCRIPTION_ID_META];
    if (typeof id === 'string' || typeof id === 'number') this.routes.get(routeKey(server, id))?.(message.method, params);
  };

  constructor(private readonly options: EventsServiceOptions) {
    this.owner = options.owner;
    this.changed = new Coalescer(() => options.emit('events:changed', this.subscriptions()), 50);
    options.manager.on('notification', this.onNotification);
    options.manager.on('status', this.onStatus);
    if (!options.owner) return;
    this.writer = new SubscriptionsWriter(options.dataDir, () => [...this.subs.values()].map((l) => l.sub), (t) => options.onWarning?.(t));
    const { subscriptions, warnings } = readSubscriptions(options.dataDir);
    for (const w of warnings) options.onWarning?.(w);
    const seen = this.seenFromChannels();
    for (const sub of subscriptions) {
      const live: Live = { sub, state: sub.stopped ? 'stopped' : 'waiting', seen: seen.get(sub.id) ?? new DedupWindow() };
      this.subs.set(sub.id, live);
      if (!sub.stopped) this.run(live);
    }
  }

  /** Each subscription's eventIds kept in the channel store's window (rebuilds dedup after a restart). */
  private seenFromChannels(): Map<string, DedupWindow> {
    const out = new Map<string, DedupWindow>();
    for (const e of this.options.channels.store.recent(Number.POSITIVE_INFINITY, (x) => x.event?.eventId !== undefined)) {
      const ref = e.event;
      if (!ref?.eventId) continue;
      let w = out.get(ref.subscriptionId);
      if (!w) out.set(ref.subscriptionId, (w = new DedupWindow()));
      w.add(ref.eventId);
    }
    return out;
  }

  /** `events:list`: the server's types (cached per connection; `refresh` lists again). */
  async listTypes(serverId: string, refresh: boolean): Promise<EventTypeList> {
    const client = await this.clientOf(serverId);
    const why = eventsUnavailable(client);
    if (why || !client) return { serverId, supported: false, unavailable: why ?? 'not-connected', message: unavailableText(serverId, why ?? 'not-connected'), types: [] };
    const cached = this.types.get(serverId);
    if (!refresh && cached && cached.client === client) return { serverId, supported: true, types: cached.types, listedAt: cached.listedAt };
    const types = await listEventTypes(client);
    const listedAt = Date.now();
    this.types.set(serverId, { client, types, listedAt });
    return { serverId, supported: true, types, listedAt };
  }

  /** `events:subscriptions` (one server's when named). */
  subscriptions(serverId?: string): EventSubscription[] {
    return [...this.subs.values()].filter((l) => serverId === undefined || l.sub.serverId === serverId).map(view);
  }

  /** `events:subscribe`: checked against the server's current descriptor, stored, started. */
  async subscribe(raw: EventSubscribeInput): Promise<EventSubscription> {
    const input = EventSubscribeInputSchema.parse(raw);
    if (input.delivery === 'webhook') throw new CoreError('BAD_REQUEST', WEBHOOK_REFUSED);
    const delivery = input.delivery;
    const intervalMs = input.intervalMs ?? EVENTS_POLL_DEFAULT_MS;
    if (intervalMs < EVENTS_POLL_MIN_MS || intervalMs > EVENTS_POLL_MAX_MS) {
      throw new CoreError('BAD_REQUEST', `The poll interval must be between ${EVENTS_POLL_MIN_MS / 1000} s and ${EVENTS_POLL_MAX_MS / 3_600_000} h, got ${intervalMs} ms`);
    }
    const list = await this.listTypes(input.serverId, false);
    if (!list.supported) throw new CoreError(list.unavailable === 'not-connected' ? 'NOT_CONNECTED' : 'BAD_REQUEST', list.message ?? 'Events are not available');
    const type = list.types.find((t) => t.name === input.name);
    if (!type) throw new CoreError('NOT_FOUND', `"${input.serverId}" has no event type "${input.name}"${list.types.length ? ` (it has: ${list.types.map((t) => t.name).join(', ')})` : ''}`);
    if (!type.delivery.includes(delivery)) {
      throw new CoreError('BAD_REQUEST', `"${input.name}" is not delivered by ${delivery} (the server offers: ${type.delivery.join(', ') || 'nothing'})${type.delivery.includes('webhook') ? `; ${WEBHOOK_REFUSED}` : ''}`);
    }
    const problem = schemaProblems(type.inputSchema, input.arguments);
    if (problem !== undefined) throw new CoreError('BAD_REQUEST', `The arguments do not fit the input schema of "${input.name}": ${problem}`);
    const same = [...this.subs.values()].find((l) => l.sub.serverId === input.serverId && l.sub.name === input.name && l.sub.delivery === delivery && JSON.stringify(l.sub.arguments) === JSON.stringify(input.arguments) && !l.sub.stopped);
    if (same) throw new CoreError('CONFLICT', `Already subscribed to "${input.name}" of "${input.serverId}" with these arguments (${same.sub.id})`);
    const sub: StoredSubscription = {
      id: `evs_${randomBytes(6).toString('hex')}`,
      serverId: input.serverId,
      name: input.name,
      arguments: input.arguments,
      delivery,
      intervalMs,
      lastCursor: null,
      received: 0,
      invalid: 0,
      gaps: 0,
      createdAt: Date.now(),
    };
    const live: Live = { sub, state: 'starting', seen: new DedupWindow() };
    this.subs.set(sub.id, live);
    await this.writer?.schedule();
    this.run(live);
    this.changed.poke();
    return view(live);
  }

  /** `events:unsubscribe`: stopped and forgotten (its entries stay). */
  async unsubscribe(id: string): Promise<EventSubscription> {
    const live = this.subs.get(id);
    if (!live) throw new CoreError('NOT_FOUND', `No event subscription "${id}"`);
    live.runner?.stop();
    this.subs.delete(id);
    await this.writer?.schedule();
    this.changed.poke();
    return { ...view(live), state: 'stopped', stopReason: 'unsubscribed' };
  }

  /** Stop every runner and finish the last write (the owner ends). */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    for (const l of this.subs.values()) l.runner?.stop();
    this.options.manager.off('notification', this.onNotification);
    this.options.manager.off('status', this.onStatus);
    this.changed.cancel();
    for (const w of [...this.statusWaiters]) w.resolve();
    await this.writer?.schedule();
    await this.writer?.settled();
  }

  private async clientOf(server: string): Promise<Client | undefined> {
    const rt = this.options.manager.runtime(server);
    if (!rt) throw new CoreError('NOT_FOUND', `Unknown server "${server}"`);
    if (rt.status !== 'connected' && rt.status !== 'connecting') return undefined;
    try {
      return await this.options.manager.withClient(server, async (c) => c);
    } catch {
      return undefined;
    }
  }

  private nextStatus(server: string, life: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (this.disposed || life.aborted) return resolve();
      const waiter = {
        server,
        resolve: () => {
          life.removeEventListener('abort', waiter.resolve);
          this.statusWaiters.delete(waiter);
          resolve();
        },
      };
      this.statusWaiters.add(waiter);
      life.addEventListener('abort', waiter.resolve, { once: true });
    });
  }

  private run(live: Live): void {
    const { sub } = live;
    const host: RunnerHost = {
      connected: async (server, life) => {
        for (;;) {
          if (life.aborted || this.disposed) return undefined;
          const rt = this.options.manager.runtime(server);
          const client = rt ? await this.clientOf(server).catch(() => undefined) : undefined;
          if (client) return client;
          this.setState(live, 'waiting', rt ? `"${server}" is not connected (${rt.lastError ?? rt.status})` : `"${server}" is not configured`);
          await this.nextStatus(server, life);
        }
      },
      nextStatus: (server, life) => this.nextStatus(server, life),
      describe: async () => void (await this.listTypes(sub.serverId, false)),
      route: (server, id, to) => {
        if (to) this.routes.set(routeKey(server, id), to);
        else this.routes.delete(routeKey(server, id));
      },
      intake: (events, truncated, cursor, method) => this.intake(live, events, truncated, cursor, method),
      cursor: (cursor) => this.keepCursor(live, cursor),
      setState: (state, lastError) => this.setState(live, state, lastError),
      onContractChange: (err) => this.contractChanged(live, err),
      stop: (reason) => this.stopSub(live, reason),
    };
    live.runner = new SubscriptionRunner(sub, host, { silenceMs: this.options.silenceMs });
    live.runner.start();
  }

  private target(live: Live): IntakeTarget {
    const cached = this.types.get(live.sub.serverId)?.types.find((t) => t.name === live.sub.name);
    return { subscriptionId: live.sub.id, server: live.sub.serverId, name: live.sub.name, payloadSchema: cached?.payloadSchema };
  }

  /** Entries first (one synchronous write), then the cursor (coalesced write): see event-intake.ts. */
  private intake(live: Live, events: readonly Occurrence[], truncated: boolean, cursor: string | null | undefined, method: string): void {
    if (!this.subs.has(live.sub.id)) return;
    const target = this.target(live);
    const redacted = method === 'events/poll' ? this.options.redact(events) : events;
    const { entries, invalid } = occurrenceEntries(target, redacted, live.seen, method);
    const gap = truncated ? [gapEntry(target, method)] : [];
    if (gap.length > 0) {
      const g = this.options.channels.captureEvents(gap, false);
      if (!g.written) return this.setState(live, 'retrying', 'channels.jsonl could not be written: the cursor was kept where it was');
      live.sub.gaps++;
    }
    if (entries.length > 0) {
      const r = this.options.channels.captureEvents(entries);
      if (!r.written) return this.setState(live, 'retrying', 'channels.jsonl could not be written: the cursor was kept where it was');
      live.sub.received += entries.length;
      live.sub.invalid += invalid;
      live.sub.lastEventAt = Date.now();
    }
    if (cursor !== undefined) this.keepCursor(live, cursor);
    else if (entries.length > 0 || gap.length > 0) this.changed.poke();
  }

  private keepCursor(live: Live, cursor: string | null): void {
    if (cursor === live.sub.lastCursor || !this.subs.has(live.sub.id)) return;
    live.sub.lastCursor = cursor;
    live.sub.lastCursorAt = Date.now();
    void this.writer?.schedule();
    this.changed.poke();
  }

  private setState(live: Live, state: SubscriptionState, lastError?: string): void {
    if (live.state === state && live.lastError === lastError) return;
    live.state = state;
    live.lastError = lastError;
    this.changed.poke();
  }

  private stopSub(live: Live, reason: string): void {
    live.runner?.stop();
    live.sub.stopped = true;
    live.sub.stopReason = reason;
    this.setState(live, 'stopped', reason);
    void this.writer?.schedule();
  }

  /**
   * A `terminated` stream, or NotFound / Unsupported: list again; resubscribe when the type is
   * still there, still offers this delivery and the stored arguments still fit its inputSchema;
   * otherwise stop with the reason.
   */
  private async contractChanged(live: Live, err: unknown): Promise<'resubscribe' | { stop: string }> {
    const { sub } = live;
    const said = err instanceof StreamTerminated ? err.message : failureMessage(err);
    this.types.delete(sub.serverId);
    let list: EventTypeList;
    try {
      list = await this.listTypes(sub.serverId, true);
    } catch (e) {
      this.setState(live, 'retrying', `${said}; listing the event types again failed: ${failureMessage(e)}`);
      return 'resubscribe';
    }
    if (!list.supported) {
      this.setState(live, 'waiting', list.message);
      return 'resubscribe';
    }
    const type = list.types.find((t) => t.name === sub.name);
    if (!type) return { stop: `${said}: the server no longer offers "${sub.name}"` };
    if (!type.delivery.includes(sub.delivery)) return { stop: `${said}: "${sub.name}" is no longer delivered by ${sub.delivery} (offered: ${type.delivery.join(', ')})` };
    const problem = schemaProblems(type.inputSchema, sub.arguments);
    if (problem !== undefined) return { stop: `${said}: the subscription's arguments no longer fit the input schema of "${sub.name}" (${problem})` };
    this.setState(live, 'retrying', `${said}: listed again, resubscribing`);
    return 'resubscribe';
  }
}

const routeKey = (server: string, id: string | number): string => `${server}\u0000${typeof id}:${String(id)}`;

function view(live: Live): EventSubscription {
  const { stopped: _stopped, ...sub } = live.sub;
  return { ...sub, state: live.state, ...(live.lastError !== undefined ? { lastError: live.lastError } : {}) };
}
