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
import { HOST_LABELS, type HostId } from '../../../../src-shared/config/server.js';

/** Answers a request without a person; return undefined to fall through to the UI (or decline). */
export type ServerRequestPolicy = (request: PendingServerRequest) => ServerRequestAnswer | undefined | Promise<ServerRequestAnswer | undefined>;

/** Events of the broker. */
export interface BrokerEvents {
  pending: [PendingServerRequest];
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

/** Queue of server-initiated requests waiting for an answer. */
export class ServerRequestBroker extends EventEmitter<BrokerEvents> {
  private readonly waiting = new Map<string, Waiting>();
  private policy?: ServerRequestPolicy;
  private hasFace: () => boolean;
  private readonly maxWaitMs: number;
  /** Hosts of the gateway calls running now, per server (issue 30: their server requests are refused at once). */
  private readonly gatewayCalls = new Map<string, HostId[]>();

  constructor(options: BrokerOptions = {}) {
    super();
    // Every tool call in flight listens here until it ends (`pauseFor`): 100 at once is normal load, not a leak.
    this.setMaxListeners(0);
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
   * function when it ends. While one runs, `gatewayRefusal` refuses that server's requests.
   */
  gatewayCall(server: string, host: HostId): () => void {
    this.gatewayCalls.set(server, [...(this.gatewayCalls.get(server) ?? []), host]);
    return () => {
      const hosts = [...(this.gatewayCalls.get(server) ?? [])];
      hosts.splice(hosts.indexOf(host), 1);
      if (hosts.length > 0) this.gatewayCalls.set(server, hosts);
      else this.gatewayCalls.delete(server);
    };
  }

  /**
   * Why a `kind` request from `server` is refused at once, or undefined: a call through a host's
   * gateway door is running on that server (issue 30, docs/gateway.md: relaying server requests to
   * the host is not built; asking the window instead would show a request nobody there caused and
   * leave the agent's call waiting). Stdio gives no link from a server request to the call that
   * caused it, so any gateway call running on the server counts (the latest one's host is named).
   */
  gatewayRefusal(server: string, kind: ServerRequestKind): string | undefined {
    const hosts = this.gatewayCalls.get(server);
    const host = hosts?.[hosts.length - 1];
    return host === undefined ? undefined : `Switchboard's gateway does not relay ${kind} to ${HOST_LABELS[host]} yet`;
  }

  /** Requests waiting for a person, oldest first. */
  pending(): PendingServerRequest[] {
    return [...this.waiting.values()].map((w) => w.request);
  }

  /**
   * Ask for an answer to `kind` from `server` with the request's `params`. Resolves with the
   * policy's answer, the person's answer, or `{action:'decline'}` (no face, expired, face gone);
   * resolves `{action:'cancel'}` when `signal` aborts (the server gave up). Never rejects.
   */
  async ask(server: string, kind: ServerRequestKind, params: Record<string, unknown>, signal?: AbortSignal): Promise<ServerRequestAnswer> {
    const request: PendingServerRequest = { id: `req-${nextId++}`, server, kind, receivedAt: Date.now(), params };
    if (this.policy) {
      try {
        const answer = await this.policy(request);
        if (answer) return answer;
      } catch {
        // A broken policy declines rather than leaving the server waiting.
        return { action: 'decline' };
      }
    }
    if (!this.hasFace() || signal?.aborted) return { action: 'decline' };
    return new Promise<ServerRequestAnswer>((resolve) => {
      const timer = setTimeout(() => settle({ action: 'decline' }, 'expired (declined)'), this.maxWaitMs);
      timer.unref?.();
      const onAbort = (): void => settle({ action: 'cancel' }, 'withdrawn by the server');
      const settle = (answer: ServerRequestAnswer, outcome: string): void => {
        if (!this.waiting.delete(request.id)) return;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.emit('resolved', { id: request.id, server, outcome });
        resolve(answer);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(request.id, { request, settle });
      this.emit('pending', request);
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
        const on = (r: { server: string }): void => {
          if (r.server === server) listener();
        };
        this.on('pending', on);
        this.on('resolved', on);
        return () => {
          this.off('pending', on);
          this.off('resolved', on);
        };
      },
    };
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
