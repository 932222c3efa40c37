/**
 * One subscription's delivery loop (issue 34; docs/extensions.md § Events → Delivery):
 *
 * - `poll`: `events/poll` with the last cursor every `intervalMs` (a `null` cursor first: "from
 *   now"); `hasMore` polls again at once. A restart or reconnect resumes with the stored cursor
 *   straight away.
 * - `push`: one long-lived `events/stream` per subscription, with the last cursor. Its
 *   notifications (`active`, `event`, `heartbeat`, `error`, `terminated`) are routed here by the
 *   stream's request id (`_meta["io.modelcontextprotocol/subscriptionId"]`). A stream that ends,
 *   drops or stays silent past `silenceMs` (default 75 s: a heartbeat is due every 30 s) is opened again.
 *
 * Failures back off from 1 s doubling to 60 s (20 % jitter). `terminated`, NotFound and Unsupported
 * answers go to `onContractChange` (list again; resubscribe or stop with the reason). A server that
 * is not connected — or cannot speak Events — leaves the subscription `waiting` until it is; no
 * `events/*` request is ever sent on a connection that did not negotiate the extension.
 */
import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { SubscriptionState } from '../../../src-shared/api/events.js';
import { backoffDelay, type RestartPolicy } from '../mcp/manager/backoff.js';
import { onRequestId, REQUEST_ID_KEY } from '../mcp/client/request-ids.js';
import { failureMessage } from '../mcp/failures/failure-text.js';
import { eventsUnavailable, parseOccurrence, pollEvents, unavailableText, type Occurrence } from './event-wire.js';

/** Re-open / retry delays: 1 s doubling to 60 s. */
export const EVENTS_BACKOFF: RestartPolicy = { baseDelayMs: 1_000, maxDelayMs: 60_000, maxFailedStarts: 0, jitter: 0.2 };

/** A stream's end by `notifications/events/terminated` (the error the server gave). */
export class StreamTerminated extends Error {
  constructor(readonly error: { code?: unknown; message?: unknown; data?: unknown }) {
    super(`the server ended the stream (${typeof error.message === 'string' ? error.message : 'terminated'})`);
    this.name = 'StreamTerminated';
  }
}

/** What a runner needs from the service. */
export interface RunnerHost {
  /** The live client of `server` once connected (undefined: `life` aborted while waiting). */
  connected(server: string, life: AbortSignal): Promise<Client | undefined>;
  /** Resolves at the server's next status change (or when `life` is aborted). */
  nextStatus(server: string, life: AbortSignal): Promise<void>;
  /** Make sure the server's event types are listed for this connection (the payload schema is checked against them). */
  describe(): Promise<void>;
  /** Route a push stream's notifications of (`server`, request `id`) to `to` (undefined: stop routing). */
  route(server: string, id: string | number, to: ((method: string, params: Record<string, unknown>) => void) | undefined): void;
  /** Store occurrences (and a gap), then advance the cursor. Resolves once the entries are written. */
  intake(events: readonly Occurrence[], truncated: boolean, cursor: string | null | undefined, method: string): void;
  /** Set the cursor alone (`active`, `heartbeat`, a poll's empty answer). */
  cursor(cursor: string | null): void;
  setState(state: SubscriptionState, lastError?: string): void;
  /** A terminated / NotFound / Unsupported answer: 'resubscribe' or a stop reason. */
  onContractChange(err: unknown): Promise<'resubscribe' | { stop: string }>;
  /** A stop for good (arguments refused, access revoked). */
  stop(reason: string): void;
}

/** The subscription as the runner reads it (live object: the service updates `lastCursor`). */
export interface RunnerSubscription {
  serverId: string;
  name: string;
  arguments: Record<string, unknown>;
  delivery: 'poll' | 'push';
  intervalMs: number;
  lastCursor: string | null;
}

const Loose = z.object({}).passthrough();
/** The SDK's longest timer: an events/stream has no request timeout (its heartbeat is the liveness signal). */
const NO_TIMEOUT = 2_147_483_647;
const codeOf = (err: unknown): unknown => (err as { code?: unknown } | null)?.code;
const CONTRACT_CODES = new Set<unknown>([-32011, -32014]);
const INVALID_PARAMS = -32602;
const FORBIDDEN = -32012;

export class SubscriptionRunner {
  private stopped = false;
  /** Aborted by `stop()`: ends any wait for the server. */
  private readonly life = new AbortController();
  private abort: AbortController | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private wake: (() => void) | undefined;
  private failures = 0;

  constructor(
    private readonly sub: RunnerSubscription,
    private readonly host: RunnerHost,
    private readonly options: { silenceMs?: number; backoff?: RestartPolicy } = {},
  ) {}

  start(): void {
    void this.loop();
  }

  /** Stop for good (unsubscribed, or the owner ends): the open request is cancelled. */
  stop(): void {
    this.stopped = true;
    this.life.abort();
    this.abort?.abort();
    clearTimeout(this.timer);
    this.wake?.();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const client = await this.host.connected(this.sub.serverId, this.life.signal);
      if (this.stopped || !client) return;
      const why = eventsUnavailable(client);
      if (why) {
        this.host.setState('waiting', unavailableText(this.sub.serverId, why));
        await this.host.nextStatus(this.sub.serverId, this.life.signal);
        continue;
      }
      try {
        await this.host.describe();
        if (this.sub.delivery === 'poll') await this.pollLoop(client);
        else await this.streamOnce(client);
      } catch (err) {
        if (this.stopped) return;
        if (err instanceof StreamTerminated || CONTRACT_CODES.has(codeOf(err))) {
          const next = await this.host.onContractChange(err);
          if (this.stopped) return;
          if (next !== 'resubscribe') return this.host.stop(next.stop);
          this.failures++;
        } else if (codeOf(err) === INVALID_PARAMS) {
          // Arguments refused: after an in-place schema change the stream's `terminated` may be
          // heard after its end, so the list says whether they no longer fit (the clearer reason).
          const next = await this.host.onContractChange(err);
          if (this.stopped) return;
          return this.host.stop(next === 'resubscribe' ? `the server refused the arguments: ${failureMessage(err)}` : next.stop);
        } else if (codeOf(err) === FORBIDDEN) {
          return this.host.stop(`the server refused access (Forbidden): ${failureMessage(err)}`);
        } else {
          this.failures++;
          this.host.setState('retrying', failureMessage(err));
        }
      }
      if (this.stopped) return;
      await this.sleep(backoffDelay(Math.max(0, this.failures - 1), this.options.backoff ?? EVENTS_BACKOFF));
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
      this.timer = setTimeout(resolve, ms);
      this.timer.unref?.();
    });
  }

  private async pollLoop(client: Client): Promise<void> {
    while (!this.stopped) {
      const abort = (this.abort = new AbortController());
      const cursor = this.sub.lastCursor;
      const r = await pollEvents(client, this.sub.name, this.sub.arguments, cursor, abort.signal);
      if (this.stopped) return;
      this.failures = 0;
      this.host.setState('active');
      // A null cursor starts "from now" (normally no events; a type without replay may send some and keeps a null cursor).
      this.host.intake(r.events, r.truncated && cursor !== null, r.cursor, 'events/poll');
      if (!r.hasMore || cursor === null) await this.sleep(this.sub.intervalMs);
    }
  }

  private async streamOnce(client: Client): Promise<void> {
    const abort = (this.abort = new AbortController());
    const key = randomUUID();
    let id: string | number | undefined;
    let terminated: StreamTerminated | undefined;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const silenceMs = this.options.silenceMs ?? 75_000;
    const heard = (): void => {
      clearTimeout(silence);
      silence = setTimeout(() => abort.abort(new Error(`no event or heartbeat for ${Math.round(silenceMs / 1000)} s`)), silenceMs);
      silence.unref?.();
    };
    const onMessage = (method: string, params: Record<string, unknown>): void => {
      heard();
      switch (method) {
        case 'notifications/events/active':
          this.failures = 0;
          this.host.setState('active');
          if (params.truncated === true) this.host.intake([], true, undefined, method);
          if (typeof params.cursor === 'string' && this.sub.lastCursor === null) this.host.cursor(params.cursor);
          break;
        case 'notifications/events/event': {
          const e = parseOccurrence(params);
          if (e) this.host.intake([e], false, e.cursor, method);
          break;
        }
        case 'notifications/events/heartbeat':
          if (typeof params.cursor === 'string') this.host.cursor(params.cursor);
          break;
        case 'notifications/events/error': {
          const error = params.error as { message?: unknown } | undefined;
          this.host.setState('active', `the server reported: ${typeof error?.message === 'string' ? error.message : 'an error'}`);
          break;
        }
        case 'notifications/events/terminated':
          terminated = new StreamTerminated((params.error ?? {}) as StreamTerminated['error']);
          abort.abort(terminated);
          break;
      }
    };
    const off = onRequestId(client, key, (got) => {
      id = got;
      this.host.route(this.sub.serverId, got, onMessage);
    });
    heard();
    try {
      await client.request(
        { method: 'events/stream', params: { name: this.sub.name, arguments: this.sub.arguments, cursor: this.sub.lastCursor, [REQUEST_ID_KEY]: key } },
        Loose,
        { signal: abort.signal, timeout: NO_TIMEOUT },
      );
      if (!this.stopped) this.host.setState('retrying', 'the server closed the stream');
    } catch (err) {
      if (terminated) throw terminated;
      throw err;
    } finally {
      off();
      clearTimeout(silence);
      if (id !== undefined) this.host.route(this.sub.serverId, id, undefined);
    }
  }
}
