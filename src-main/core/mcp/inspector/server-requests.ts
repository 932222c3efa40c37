/**
 * The server-request broker (issue 5 §6, docs/inspecting.md): sampling and elicitation requests a server sends
 * us wait here for a person's answer, which a face (the UI) gives through `requests:answer`.
 *
 * Never hangs: with no face attached (one-shot CLI, a core nobody subscribes to) a request is
 * declined at once; a request the server abandons (its `notifications/cancelled` aborts our
 * handler's signal) leaves the queue; a pending request expires after `maxWaitMs`; when the last
 * face detaches every pending request is declined. A non-interactive caller (the conformance
 * driver) can plug in a `policy` that answers instead of a person.
 */
import { EventEmitter } from 'node:events';
import type { PauseSource } from '../tools/pausable-deadline.js';
import type { PendingServerRequest, ServerRequestAnswer, ServerRequestKind, ServerRequestResolved } from '../../../../src-shared/api/inspector.js';
import type { GatewayRelay } from '../../../../src-shared/api/methods/gateway.js';
import { HOST_LABELS, type HostId } from '../../../../src-shared/config/server.js';

/** Answers a request without a person; return undefined to fall through to the UI (or decline). */
export type ServerRequestPolicy = (request: PendingServerRequest) => ServerRequestAnswer | undefined | Promise<ServerRequestAnswer | undefined>;

/** Events of the broker. */
export interface BrokerEvents {
  pending: [PendingServerRequest];
  /** A request for the door of the gateway call it belongs to (`via`), never for the window. */
  gateway: [PendingServerRequest];
  resolved: [ServerRequestResolved];
}

/** Options of `ServerRequestBroker`. */
export interface BrokerOptions {
  /** Whether a face that can answer is attached right now (default: never → decline at once). */
  hasFace?: () => boolean;
  /** How long a request waits for a person (ms, default 10 minutes); then it is declined. */
  maxWaitMs?: number;
  /** Answers requests without a person (see `acceptWithDefaults`). */
  policy?: ServerRequestPolicy;
}

interface Waiting {
  request: PendingServerRequest;
  settle(answer: ServerRequestAnswer, outcome: string): void;
}

let nextId = 1;

/** A gateway call running on a server: its host and, when its door relays, the door's relay. */
interface GatewayCallMark {
  host: HostId;
  relay?: GatewayRelay & { callId: string };
}

/** Queue of server-initiated requests waiting for an answer. */
export class ServerRequestBroker extends EventEmitter<BrokerEvents> {
  private readonly waiting = new Map<string, Waiting>();
  private policy?: ServerRequestPolicy;
  private hasFace: () => boolean;
  private readonly maxWaitMs: number;
  /** The gateway calls running now, per server, oldest first (issue 30: their server requests go to their door, or are refused). */
  private readonly gatewayCalls = new Map<string, GatewayCallMark[]>();
  /**
   * `pauseFor`'s listeners per server, told when a request of that server is queued or settled.
   * Kept here, not as EventEmitter listeners: every running tool call holds one (its pausable
   * deadline), so a thousand concurrent calls would be a thousand listeners per event.
   */
  private readonly pauseListeners = new Map<string, Set<() => void>>();

  constructor(options: BrokerOptions = {}) {
    super();
    this.policy = options.policy;
    this.hasFace = options.hasFace ?? (() => false);
    this.maxWaitMs = options.maxWaitMs ?? 10 * 60_000;
  }

  /** Replace the policy (undefined: ask a person). */
  setPolicy(policy: ServerRequestPolicy | undefined): void {
    this.policy = policy;
  }

  /** Replace the face check (the core wires it to "has a subscriber"). */
  setFaceCheck(hasFace: () => boolean): void {
    this.hasFace = hasFace;
  }

  /**
   * Mark a call to `server` that came through `host`'s gateway door as running; call the returned
   * function when it ends (a request of the call still waiting is then cancelled). `relay`: the
   * door's id, `callId` and the capabilities its host declared; without it the server's requests
   * during the call are refused (`gatewayRoute`).
   */
  gatewayCall(server: string, host: HostId, relay?: GatewayRelay & { callId: string }): () => void {
    const mark: GatewayCallMark = { host, ...(relay ? { relay } : {}) };
    this.gatewayCalls.set(server, [...(this.gatewayCalls.get(server) ?? []), mark]);
    return () => {
      const marks = (this.gatewayCalls.get(server) ?? []).filter((m) => m !== mark);
      if (marks.length > 0) this.gatewayCalls.set(server, marks);
      else this.gatewayCalls.delete(server);
      if (relay) for (const w of [...this.waiting.values()]) if (w.request.via?.callId === relay.callId) w.settle({ action: 'cancel' }, 'the gateway call ended');
    };
  }

  /**
   * Where a `kind` request from `server` goes (issue 30 item 5, docs/gateway.md § Relaying server
   * requests): undefined — no gateway call runs on that server, the window as ever; `via` — the host
   * and call of the one door with calls running there (the latest call; stdio gives no link from a
   * server request to the call that caused it); `refuse` — words, when calls of two or more doors
   * run there at once, the door relays nothing (the HTTP door), or its host did not declare `kind`.
   * Except `roots`: a door that relays nothing, or whose host did not declare roots (or whose door
   * took `--project`), gets undefined — the running instance's own roots answer, the ones its key
   * was made from (item 6, docs/gateway.md § Relaying server requests).
   */
  gatewayRoute(server: string, kind: ServerRequestKind): { via: { host: HostId; callId: string } } | { refuse: string } | undefined {
    const marks = this.gatewayCalls.get(server) ?? [];
    const latest = marks[marks.length - 1];
    if (latest === undefined) return undefined;
    const doors = new Set(marks.map((m) => m.relay?.door ?? ''));
    if (doors.size > 1) {
      const hosts = [...new Set(marks.map((m) => HOST_LABELS[m.host]))];
      const who = hosts.length > 1 ? hosts.join(' and ') : `${doors.size} doors of ${hosts.join('')}`;
      return { refuse: `Switchboard's gateway cannot tell which call caused this ${kind} request of server "${server}": calls from ${who} run on it at once, and stdio carries no link from a server's request to its call` };
    }
    const host = HOST_LABELS[latest.host];
    if (kind === 'roots' && !latest.relay?.roots) return undefined;
    if (!latest.relay) return { refuse: `Switchboard's gateway does not relay ${kind} to ${host} yet` };
    if (!latest.relay[kind]) return { refuse: `${host} did not declare the ${kind} capability to Switchboard's gateway, so the ${kind} request of server "${server}" cannot reach it` };
    return { via: { host: latest.host, callId: latest.relay.callId } };
  }

  /** `gatewayRoute`'s refusal words, or undefined. */
  gatewayRefusal(server: string, kind: ServerRequestKind): string | undefined {
    const route = this.gatewayRoute(server, kind);
    return route && 'refuse' in route ? route.refuse : undefined;
  }

  /** Requests waiting for a person, oldest first (a gateway door's are its host's, not listed). */
  pending(): PendingServerRequest[] {
    return [...this.waiting.values()].map((w) => w.request).filter((r) => r.via === undefined || r.confirm !== undefined);
  }

  /**
   * Issue 31: queue a guard-rail confirmation (`request.confirm`) for the window (`pending`) and,
   * with `via`, for the door of that call too (`gateway`); the first answer settles it. Resolves as
   * `ask` does (declined after the broker's wait, or when the last face goes). Never rejects.
   */
  hold(request: PendingServerRequest): Promise<ServerRequestAnswer> {
    return this.wait(request, undefined, request.via ? ['pending', 'gateway'] : ['pending']);
  }

  /**
   * Ask for an answer to `kind` from `server` with the request's `params`. Resolves with the
   * policy's answer, the person's answer, or `{action:'decline'}` (no face, expired, face gone);
   * resolves `{action:'cancel'}` when `signal` aborts (the server gave up). Never rejects.
   */
  async ask(server: string, kind: ServerRequestKind, params: Record<string, unknown>, signal?: AbortSignal): Promise<ServerRequestAnswer> {
    const request: PendingServerRequest = { id: `req-${nextId++}`, server, kind, receivedAt: Date.now(), params };
    // Issue 30: during a gateway call the request is its door's (no policy, no window).
    const route = this.gatewayRoute(server, kind);
    if (route && 'via' in route) return this.wait({ ...request, via: route.via }, signal, 'gateway');
    if (this.policy) {
      try {
        const answer = await this.policy(request);
        if (answer) return answer;
      } catch {
        // A broken policy declines rather than leaving the server waiting.
        return { action: 'decline' };
      }
    }
    if (!this.hasFace()) return { action: 'decline' };
    return this.wait(request, signal, 'pending');
  }

  /** Queue `request` and tell `event`'s listeners; resolves as `ask` says. */
  private wait(request: PendingServerRequest, signal: AbortSignal | undefined, event: 'pending' | 'gateway' | Array<'pending' | 'gateway'>): Promise<ServerRequestAnswer> {
    const { server } = request;
    if (signal?.aborted) return Promise.resolve({ action: 'decline' });
    return new Promise<ServerRequestAnswer>((resolve) => {
      const timer = setTimeout(() => settle({ action: 'decline' }, 'expired (declined)'), this.maxWaitMs);
      timer.unref?.();
      const onAbort = (): void => settle({ action: 'cancel' }, 'withdrawn by the server');
      const settle = (answer: ServerRequestAnswer, outcome: string): void => {
        if (!this.waiting.delete(request.id)) return;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.pauseChanged(server);
        this.emit('resolved', { id: request.id, server, outcome });
        resolve(answer);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(request.id, { request, settle });
      this.pauseChanged(server);
      for (const e of Array.isArray(event) ? event : [event]) this.emit(e, request);
    });
  }

  /**
   * Whether a person is answering something `server` asked, as a `PauseSource` (issue 14 item 2:
   * the timeouts of that server's requests stop while a dialog is open).
   */
  pauseFor(server: string): PauseSource {
    return {
      isPaused: () => [...this.waiting.values()].some((w) => w.request.server === server),
      onChange: (listener) => {
        let set = this.pauseListeners.get(server);
        if (!set) this.pauseListeners.set(server, (set = new Set()));
        // A wrapper per subscription: the same function subscribed twice is two subscriptions.
        const entry = (): void => listener();
        set.add(entry);
        return () => {
          set.delete(entry);
          if (set.size === 0 && this.pauseListeners.get(server) === set) this.pauseListeners.delete(server);
        };
      },
    };
  }

  /** Tell `pauseFor(server)`'s listeners that a request of `server` was queued or settled. */
  private pauseChanged(server: string): void {
    for (const listener of [...(this.pauseListeners.get(server) ?? [])]) listener();
  }

  /** Answer a pending request. Returns false when no request has that id (already answered or gone). */
  answer(id: string, answer: ServerRequestAnswer): boolean {
    const w = this.waiting.get(id);
    if (!w) return false;
    w.settle(answer, answer.action);
    return true;
  }

  /** Decline every pending request (the last face went away, or the core stops). */
  declineAll(outcome = 'declined: no one left to answer'): void {
    for (const w of [...this.waiting.values()]) w.settle({ action: 'decline' }, outcome);
  }
}

/**
 * The default value of each top-level property of an elicitation's `requestedSchema` that has one.
 * Pure.
 */
export function schemaDefaults(schema: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = (schema as { properties?: Record<string, { default?: unknown }> } | undefined)?.properties;
  if (!props || typeof props !== 'object') return out;
  for (const [key, prop] of Object.entries(props)) {
    if (prop && typeof prop === 'object' && 'default' in prop) out[key] = prop.default;
  }
  return out;
}

/**
 * A policy for non-interactive callers (conformance driver): accept every elicitation with the
 * requested schema's defaults; leave sampling to the next rule (declined without a face).
 */
export const acceptWithDefaults: ServerRequestPolicy = (request) =>
  request.kind === 'elicitation' ? { action: 'accept', content: schemaDefaults(request.params.requestedSchema) } : undefined;
