/**
 * A door's side of relaying during a call (issue 30 item 5, docs/gateway.md § Relaying server
 * requests, progress and cancellation). Each `tools/call` the door passes on gets a `callId` of its
 * own (`gw-<door>-<n>`) and the door's `relay` (its id and the capabilities its host declared at
 * `initialize`); the core tags a server's request during that call with it (the broker,
 * core/mcp/inspector/server-requests.ts) and emits `gateway:serverRequest`. This module:
 *
 * - puts such a request of one of its calls to its host with the SDK server's related request
 *   (`ctx.mcpReq.send`: `sampling/createMessage`, `elicitation/create`, `roots/list`, params as the
 *   server sent them) and answers it with `requests:answer` `{action:'relayed', result}` — or the
 *   host's JSON-RPC error `{code, message}`; requests of other doors' calls are left alone;
 * - sends the call's `tools:progress` to the host as `notifications/progress` with the HOST's
 *   `progressToken` (only when the host gave one), never after the call's result (the call leaves
 *   the in-flight set before its result is returned);
 * - turns the host's `notifications/cancelled` (the SDK aborts the handler's signal) into
 *   `tools:cancel` for the call, which cancels the backend's request.
 *
 * The host has up to 10 minutes to answer (the broker's wait); a request still put to the host when
 * its call ends, or when the host cancels the call, is withdrawn from the host.
 */
import { randomUUID } from 'node:crypto';
import { ProtocolError, ProtocolErrorCode, type Server, type ServerContext } from '@modelcontextprotocol/server';
import type { EventName, EventPayload, SwitchboardApi } from '../../src-shared/api/contract.js';
import type { PendingServerRequest, ServerRequestAnswer, ServerRequestKind } from '../../src-shared/api/inspector.js';
import type { GatewayRelay } from '../../src-shared/api/methods/gateway.js';

/** Subscribe to an owner event; returns the unsubscribe. */
export type RelayEvents = <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void;

/** The MCP method of each kind of server request. */
const METHOD: Record<ServerRequestKind, 'sampling/createMessage' | 'elicitation/create' | 'roots/list'> = {
  sampling: 'sampling/createMessage',
  elicitation: 'elicitation/create',
  roots: 'roots/list',
};

/**
 * One call of the door in flight: its request's context, the host's progress token, and — made at
 * its first server request, as few calls have one — what aborts when the call ends.
 */
interface InFlight {
  ctx: ServerContext;
  token: string | number | undefined;
  ended?: AbortController;
}

/** A signal that aborts when the host cancels `flight`'s call or the call ends. */
function flightSignal(flight: InFlight): AbortSignal {
  flight.ended ??= new AbortController();
  return AbortSignal.any([flight.ctx.mcpReq.signal, flight.ended.signal]);
}

/** What the door adds to one `gateway:call`, and how it ends. */
export interface RelayedCall {
  input: { callId: string; relay: GatewayRelay };
  /** The call returned: no progress after this, and the host's cancel no longer applies. */
  end(): void;
}

/** The door's relay. */
export interface GatewayRelayDoor {
  /** Start relaying for one `tools/call` (its handler's `ctx`). */
  begin(ctx: ServerContext): RelayedCall;
  /** Stop following the owner's events. */
  close(): void;
}

/**
 * How long the door waits for its host's answer: the broker's own wait for a person (10 minutes),
 * not the SDK's 60 s default — a host may ask its person first (a sampling approval dialog).
 */
const HOST_ANSWER_MS = 10 * 60_000;

/** The JSON-RPC error a host's failure is passed on as. */
function relayedError(err: unknown): ServerRequestAnswer {
  const code = err instanceof ProtocolError ? err.code : ProtocolErrorCode.InternalError;
  return { action: 'relayed', error: { code, message: (err instanceof Error ? err.message : String(err)).slice(0, 10_000) } };
}

/**
 * Relay for `server` (the door's SDK server, connected to its host) over the owner's `call` and
 * events `on`. The host's capabilities are read at each call (`getClientCapabilities`, after
 * `initialize`). `ownRoots` (default false): the door's project was given (`--project`), so a
 * backend's `roots/list` is answered from its instance's roots, not put to the host.
 */
export function gatewayRelay(server: Server, call: SwitchboardApi['call'], on: RelayEvents, ownRoots = false): GatewayRelayDoor {
  const door = randomUUID();
  let calls = 0;
  const inFlight = new Map<string, InFlight>();

  const forward = async (request: PendingServerRequest): Promise<void> => {
    const flight = request.via ? inFlight.get(request.via.callId) : undefined;
    if (!flight) return;
    let answer: ServerRequestAnswer;
    try {
      const result = await flight.ctx.mcpReq.send({ method: METHOD[request.kind], params: request.params }, { signal: flightSignal(flight), timeout: HOST_ANSWER_MS });
      answer = { action: 'relayed', result: result as Record<string, unknown> };
    } catch (err) {
      answer = relayedError(err);
    }
    await call('requests:answer', { id: request.id, answer });
  };

  const offs = [
    on('gateway:serverRequest', (request) => void forward(request)),
    on('tools:progress', (p) => {
      const flight = inFlight.get(p.callId);
      if (flight?.token === undefined) return;
      const params = { progressToken: flight.token, progress: p.progress, ...(p.total !== undefined ? { total: p.total } : {}), ...(p.message !== undefined ? { message: p.message } : {}) };
      void flight.ctx.mcpReq.notify({ method: 'notifications/progress', params }).catch(() => undefined);
    }),
  ];

  return {
    begin(ctx) {
      const callId = `gw-${door}-${++calls}`;
      const declared = server.getClientCapabilities() ?? {};
      const token = ctx.mcpReq._meta?.progressToken;
      const flight: InFlight = { ctx, token };
      inFlight.set(callId, flight);
      const onAbort = (): void => void call('tools:cancel', { callId });
      ctx.mcpReq.signal.addEventListener('abort', onAbort, { once: true });
      return {
        input: { callId, relay: { door, sampling: declared.sampling !== undefined, elicitation: declared.elicitation !== undefined, roots: !ownRoots && declared.roots !== undefined } },
        end() {
          inFlight.delete(callId);
          // The call ending withdraws a request still put to the host (the SDK tells the host
          // `notifications/cancelled`). Only a call that put one has a controller: an AbortController
          // and AbortSignal.any per call, and the DOMException of every abort, were a visible part
          // of the door's CPU per call (issue 32 item 1).
          flight.ended?.abort();
          ctx.mcpReq.signal.removeEventListener('abort', onAbort);
        },
      };
    },
    close() {
      for (const off of offs) off();
    },
  };
}
