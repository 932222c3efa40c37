/**
 * The CLI's wire to a live owner (docs/faces-and-ownership.md): a `SwitchboardApi` over the owner's WebSocket
 * (src-shared/api/wire.ts), authenticated with the token from the endpoint file. No Origin header
 * (a non-browser client), 127.0.0.1 only.
 */
import WebSocket from 'ws';
import type { EventName, EventPayload, MethodInput, MethodName, MethodOutput, SwitchboardApi } from '../../src-shared/api/contract.js';
import { fail, type Result } from '../../src-shared/api/envelope.js';
import { CLIENT_PARAM, TOKEN_PARAM, WS_PATH, WireServerMessageSchema, type WireListen } from '../../src-shared/api/wire.js';
import type { Endpoint } from '../owner/ownership.js';

/** A connected remote API; `close()` ends the socket. */
export interface RemoteApi extends SwitchboardApi {
  close(): void;
  /** Resolves when the socket closes (owner gone or `close()`). */
  readonly closed: Promise<void>;
  /** Whether the socket is still open (false from the moment it closed, before `closed` settles). */
  readonly open: boolean;
}

/** The port answered, but not with the owner's WebSocket (a wrong token, or another program there). */
export class OwnerRefusedError extends Error {
  constructor(readonly status: number | undefined) {
    super(`The running Switchboard refused the connection (HTTP ${status})`);
  }
}

/**
 * Connect to the owner at `endpoint` (deadline `timeoutMs`, default 5 000); `client: 'gateway'`
 * tells the owner a gateway door is attached (`CLIENT_PARAM`). Rejects when the socket
 * cannot open. Calls made after the socket closed resolve to `NOT_CONNECTED` failures; calls in
 * flight when it closes too (never left hanging).
 */
export async function connectToOwner(endpoint: Pick<Endpoint, 'port' | 'token'>, timeoutMs = 5_000, client?: 'gateway'): Promise<RemoteApi> {
  const url = `ws://127.0.0.1:${endpoint.port}${WS_PATH}?${TOKEN_PARAM}=${encodeURIComponent(endpoint.token)}${client ? `&${CLIENT_PARAM}=${client}` : ''}`;
  const ws = new WebSocket(url, { handshakeTimeout: timeoutMs, maxPayload: 64 * 1024 * 1024 });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new OwnerRefusedError(res.statusCode)));
  });
  let nextId = 1;
  const pending = new Map<number, (result: Result<unknown>) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const closed = new Promise<void>((resolve) => {
    ws.once('close', (code: number) => {
      // 1009: a message over a side's limit (48 MiB to the owner, 64 MiB from it) — say so, not just that it closed.
      const why =
        code === 1009
          ? 'The running Switchboard closed the connection: a message between it and this command was larger than the connection takes (48 MiB to it, 64 MiB from it); stop the running Switchboard and run the command again to call without that limit'
          : 'The running Switchboard closed the connection';
      for (const settle of pending.values()) settle(fail('NOT_CONNECTED', why));
      pending.clear();
      resolve();
    });
  });
  // Only the events this client listens to come over the wire (WireListen; a CLI following
  // channels does not parse the trace and log batches of a burst). Sent before any later call.
  const listen = (): void => {
    if (ws.readyState !== WebSocket.OPEN) return;
    ws.send(JSON.stringify({ type: 'listen', events: [...listeners].filter(([, set]) => set.size > 0).map(([name]) => name) } satisfies WireListen));
  };
  listen();
  ws.on('error', () => undefined);
  ws.on('message', (data) => {
    let raw: unknown;
    try {
      raw = JSON.parse(data.toString());
    } catch {
      return;
    }
    const parsed = WireServerMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const frame = parsed.data;
    if (frame.type === 'result') {
      const settle = pending.get(frame.id);
      pending.delete(frame.id);
      settle?.(frame.result as Result<unknown>);
    } else {
      for (const listener of listeners.get(frame.event) ?? []) listener(frame.payload);
    }
  });
  return {
    call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<Result<MethodOutput<M>>> {
      if (ws.readyState !== WebSocket.OPEN) return Promise.resolve(fail('NOT_CONNECTED', 'Not connected to the running Switchboard'));
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve as (r: Result<unknown>) => void);
        ws.send(JSON.stringify({ type: 'call', id, method, input }));
      });
    },
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const l = listener as (payload: unknown) => void;
      set.add(l);
      if (set.size === 1) listen();
      return () => {
        if (set!.delete(l) && set!.size === 0) listen();
      };
    },
    close: () => ws.close(),
    closed,
    get open() {
      return ws.readyState === WebSocket.OPEN;
    },
  };
}
