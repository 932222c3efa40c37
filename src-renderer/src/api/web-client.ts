/**
 * `SwitchboardApi` over the web host's WebSocket (web mode; ARCHITECTURE rule 2, wire.ts frames).
 *
 * Calls are paired with results by `id` and always resolve to a result envelope: a call made while
 * the socket is down waits for it to (re)open for at most `connectWaitMs`, and a socket that closes
 * with calls in flight resolves them `{ok:false, error:{code:'NOT_CONNECTED'}}`. A dropped socket is
 * reopened with exponential backoff; after each (re)open the client fetches `servers:list` and
 * delivers it to `servers:changed` listeners and emits `tools:changed` for all servers, so a store
 * fed by events catches up on whatever it missed while disconnected.
 */
import { fail, type Result } from '../../../src-shared/api/envelope.js';
import {
  events,
  type EventName,
  type EventPayload,
  type MethodInput,
  type MethodName,
  type MethodOutput,
  type SwitchboardApi,
} from '../../../src-shared/api/contract.js';
import { WireServerMessageSchema, type WireCall, type WireListen } from '../../../src-shared/api/wire.js';
import { createSlicedQueue, slices, type SlicedQueueOptions } from './sliced-queue.js';

/** The part of the browser `WebSocket` the client uses (Node's `ws` package also fits). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/** A constructor of `WebSocketLike` (the global `WebSocket` by default). */
export type WebSocketFactory = (url: string) => WebSocketLike;

/**
 * Connection state of the wire, for the UI's "disconnected" banner. `gone`: the Switchboard the page
 * was opened from stopped — its address now refuses the page's token (a new owner has a new one) or
 * serves something else — so the client stopped reconnecting.
 */
export type ConnectionState = 'connecting' | 'open' | 'closed' | 'gone';

/** What a session check found: the host still takes the token, answers but refuses it, or does not answer. */
export type SessionCheck = 'live' | 'gone' | 'unreachable';

/** Options of `createWebClient`. */
export interface WebClientOptions {
  /** `ws://127.0.0.1:<port>/ws?token=<token>`. */
  url: string;
  /** Opens a socket; defaults to `new WebSocket(url)`. */
  createSocket?: WebSocketFactory;
  /** First reconnect delay in ms (default 250); doubles per failed attempt. */
  initialBackoffMs?: number;
  /** Reconnect delay cap in ms (default `MAX_BACKOFF_MS`, 2000). */
  maxBackoffMs?: number;
  /** How long a call made while disconnected waits for the socket, in ms (default 5000). */
  connectWaitMs?: number;
  /** How incoming messages are time-sliced (sliced-queue.ts defaults). */
  slicing?: SlicedQueueOptions;
  /**
   * Asked after every failed connect or lost socket (absent: never; the client retries forever):
   * `gone` stops reconnecting for good (state `gone`), anything else retries with backoff.
   */
  checkSession?: () => Promise<SessionCheck>;
}

/** A `SwitchboardApi` that also reports its connection and can be closed for good. */
export interface WebClient extends SwitchboardApi {
  /** Current connection state. */
  readonly state: ConnectionState;
  /** Listen to connection state changes; returns an unsubscribe function. */
  onConnection(listener: (state: ConnectionState) => void): () => void;
  /** Close the socket, stop reconnecting, resolve pending calls `NOT_CONNECTED`. */
  close(): void;
}

const OPEN = 1;

/** First reconnect delay (ms); doubles per failed attempt. */
export const INITIAL_BACKOFF_MS = 250;
/**
 * Longest wait between two reconnect attempts (ms): an owner that answers again (a restart keeps
 * its port and token) is reached within this plus one attempt — under the 5 s issue 27 item 5 asks.
 */
export const MAX_BACKOFF_MS = 2000;

/** The wait (ms) before reconnect attempt `attempt` (0-based) after a loss: 250, 500, 1000, 2000, 2000, … */
export function reconnectDelay(attempt: number, initialMs = INITIAL_BACKOFF_MS, maxMs = MAX_BACKOFF_MS): number {
  return Math.min(maxMs, initialMs * 2 ** attempt);
}

/** The head of an event frame as the web host writes it (key order of `JSON.stringify`). */
const EVENT_HEAD = /^\{"type":"event","event":"([a-z]+:[a-zA-Z]+)"/;

interface Pending {
  resolve: (result: Result<unknown>) => void;
  method: string;
}

interface Waiting {
  frame: Omit<WireCall, 'id'>;
  resolve: (result: Result<unknown>) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Open a WebSocket client for the contract. Never throws and its `call` never rejects.
 * Defaults: backoff 250 ms doubling to a 2000 ms cap (`reconnectDelay`); calls wait 5000 ms for a connection.
 */
export function createWebClient(options: WebClientOptions): WebClient {
  const createSocket: WebSocketFactory =
    options.createSocket ?? ((url) => new WebSocket(url) as unknown as WebSocketLike);
  const initialBackoffMs = options.initialBackoffMs ?? INITIAL_BACKOFF_MS;
  const maxBackoffMs = options.maxBackoffMs ?? MAX_BACKOFF_MS;
  const connectWaitMs = options.connectWaitMs ?? 5000;

  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const connectionListeners = new Set<(state: ConnectionState) => void>();
  const pending = new Map<number, Pending>();
  const waiting = new Set<Waiting>();
  let nextId = 1;
  let socket: WebSocketLike | undefined;
  let state: ConnectionState = 'connecting';
  let closedForGood = false;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  const setState = (next: ConnectionState): void => {
    if (state === next) return;
    state = next;
    for (const l of connectionListeners) l(next);
  };

  const emit = (event: EventName, payload: unknown): void => {
    for (const l of listeners.get(event) ?? []) {
      try {
        l(payload);
      } catch (err) {
        console.error(`listener of ${event} threw`, err);
      }
    }
  };

  const notConnected = (method: string): Result<never> =>
    fail('NOT_CONNECTED', `Not connected to the Switchboard host (${method} was not sent).`);

  const sendNow = (frame: Omit<WireCall, 'id'>, resolve: Pending['resolve']): void => {
    const id = nextId++;
    pending.set(id, { resolve, method: frame.method });
    try {
      socket!.send(JSON.stringify({ ...frame, id }));
    } catch {
      pending.delete(id);
      resolve(notConnected(frame.method));
    }
  };

  // The host sends only the events this client has listeners for (WireListen; issue 13: no
  // trace:appended batches for a window whose trace is closed). Sent at once when an event gains
  // its first listener — before any call made after that, so a subscribe-then-query misses
  // nothing — and lazily when one loses its last.
  let listenSent: string | undefined;
  let listenPending = false;
  const sendListen = (): void => {
    listenPending = false;
    if (!socket || socket.readyState !== OPEN) return;
    const frame: WireListen = { type: 'listen', events: [...listeners].filter(([, set]) => set.size > 0).map(([name]) => name).sort() };
    const text = JSON.stringify(frame);
    if (text === listenSent) return;
    try {
      socket.send(text);
      listenSent = text;
    } catch {
      /* closed: sent again on the next open */
    }
  };
  const listenLater = (): void => {
    if (listenPending) return;
    listenPending = true;
    queueMicrotask(sendListen);
  };

  // Messages are handled in order, in time slices (sliced-queue.ts): a large event is validated
  // and handed to listeners in parts, and an event nobody listens to is not validated at all.
  const queue = createSlicedQueue(options.slicing);
  const deliver = (name: EventName, payload: unknown): void => {
    if (!listeners.get(name)?.size) return;
    const parsed = events[name].safeParse(payload);
    if (!parsed.success) {
      console.warn(`dropped malformed ${name} event`, parsed.error.issues);
      return;
    }
    emit(name, parsed.data);
  };

  const onMessage = (raw: unknown): void => {
    // An event frame nobody listens to (trace:appended with the trace closed: a 1,000/s burst
    // sends ~240 KB of it a second) is not parsed at all: the web host writes event frames as
    // `{"type":"event","event":"<name>",…` (web-host.ts), so the name is read from the head.
    const head = typeof raw === 'string' ? EVENT_HEAD.exec(raw) : null;
    if (head && head[1]! in events && !listeners.get(head[1] as EventName)?.size) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(typeof raw === 'string' ? raw : String(raw));
    } catch {
      return;
    }
    const msg = WireServerMessageSchema.safeParse(parsed);
    if (!msg.success) return;
    if (msg.data.type === 'result') {
      const { id, result } = msg.data;
      queue.push(() => {
        const p = pending.get(id);
        if (!p) return;
        pending.delete(id);
        p.resolve(result as Result<unknown>);
      });
      return;
    }
    const name = msg.data.event as EventName;
    if (!events[name]) return;
    const payload = msg.data.payload;
    // Array events (entries, lines, trace messages) are validated and delivered slice by slice.
    for (const part of Array.isArray(payload) ? slices(payload) : [payload]) queue.push(() => deliver(name, part));
  };

  /** After every open: catch the stores up on what they missed (servers, then tools; notifications and rules). */
  const resync = async (): Promise<void> => {
    const [snapshot, summary, triggers] = await Promise.all([call('servers:list', {}), call('channels:summary', {}), call('triggers:list', {})]);
    if (snapshot.ok) emit('servers:changed', snapshot.data);
    emit('tools:changed', {});
    if (summary.ok) emit('channels:changed', summary.data);
    if (triggers.ok) emit('triggers:changed', triggers.data);
  };

  const scheduleReconnect = (): void => {
    if (closedForGood || reconnectTimer) return;
    const delay = reconnectDelay(attempt, initialBackoffMs, maxBackoffMs);
    attempt++;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect();
    }, delay);
  };

  /** Stop for good: resolve every call waiting or in flight `NOT_CONNECTED`, no more reconnects. */
  const stop = (final: ConnectionState): WebSocketLike | undefined => {
    closedForGood = true;
    if (reconnectTimer) clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    const ws = socket;
    socket = undefined;
    for (const [id, p] of pending) {
      pending.delete(id);
      p.resolve(notConnected(p.method));
    }
    for (const w of waiting) {
      clearTimeout(w.timer);
      w.resolve(notConnected(w.frame.method));
    }
    waiting.clear();
    setState(final);
    return ws;
  };

  /** After a failed connect or a lost socket: ask whether the session still exists, then retry or stop. */
  const afterLoss = (): void => {
    if (!options.checkSession) return scheduleReconnect();
    options.checkSession().then(
      (found) => {
        if (closedForGood || socket) return;
        if (found === 'gone') stop('gone');
        else scheduleReconnect();
      },
      () => scheduleReconnect(),
    );
  };

  const connect = (): void => {
    if (closedForGood) return;
    setState('connecting');
    let ws: WebSocketLike;
    try {
      ws = createSocket(options.url);
    } catch {
      setState('closed');
      afterLoss();
      return;
    }
    socket = ws;
    let closed = false;
    ws.addEventListener('open', () => {
      if (socket !== ws) return;
      attempt = 0;
      listenSent = undefined;
      sendListen();
      setState('open');
      for (const w of [...waiting]) {
        waiting.delete(w);
        clearTimeout(w.timer);
        sendNow(w.frame, w.resolve);
      }
      void resync();
    });
    ws.addEventListener('message', (event) => {
      if (socket === ws) onMessage(event.data);
    });
    const onClose = (): void => {
      if (closed || socket !== ws) return;
      closed = true;
      socket = undefined;
      for (const [id, p] of pending) {
        pending.delete(id);
        p.resolve(notConnected(p.method));
      }
      setState('closed');
      afterLoss();
    };
    ws.addEventListener('close', onClose);
    // Some implementations fire only `error` for a refused connection.
    ws.addEventListener('error', () => {
      if (ws.readyState !== OPEN) onClose();
    });
  };

  function call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<Result<MethodOutput<M>>> {
    return new Promise((resolve) => {
      const frame = { type: 'call' as const, method, input };
      const done = resolve as (r: Result<unknown>) => void;
      if (closedForGood) return done(notConnected(method));
      if (socket && socket.readyState === OPEN) return sendNow(frame, done);
      const w: Waiting = {
        frame,
        resolve: done,
        timer: setTimeout(() => {
          waiting.delete(w);
          done(notConnected(method));
        }, connectWaitMs),
      };
      waiting.add(w);
    });
  }

  connect();

  return {
    call,
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const l = listener as (payload: unknown) => void;
      set.add(l);
      if (set.size === 1) sendListen();
      return () => {
        if (set!.delete(l) && set!.size === 0) listenLater();
      };
    },
    get state() {
      return state;
    },
    onConnection(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    close() {
      const ws = stop('closed');
      try {
        ws?.close();
      } catch {
        /* already closed */
      }
    },
  };
}
