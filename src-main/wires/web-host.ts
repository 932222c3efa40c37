/**
 * The web host (`switchboard serve`, docs/faces-and-ownership.md web mode): the built renderer over HTTP and the
 * contract over one WebSocket per page (src-shared/api/wire.ts), on 127.0.0.1 only, guarded by a
 * random session token and Host/Origin checks (ARCHITECTURE rule 3).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { dispatch } from '../../src-shared/api/dispatch.js';
import { fail } from '../../src-shared/api/envelope.js';
import {
  REDEEM_PATH,
  SESSION_PATH,
  SESSION_TOKEN_HEADER,
  TICKET_HEADER,
  TICKET_PATH,
  TOKEN_PARAM,
  CLIENT_PARAM,
  WS_PATH,
  WireCallSchema,
  WireListenSchema,
  type WireEvent,
  type WireResult,
} from '../../src-shared/api/wire.js';
import type { SwitchboardCore } from '../core/index.js';
import { GATEWAY_PATH_PREFIX, gatewayHttp } from './gateway-http.js';
import { resultFrameText } from './result-frame.js';
import { allowedOrigins, hostAllowed, newSessionToken, originAllowed, tokenMatches } from './request-guard.js';
import { SessionTickets, TICKET_TTL_MS } from './session-tickets.js';
import { startAppsSandbox, type AppsSandbox } from './apps-sandbox.js';
import { securityHeaders, serveStatic } from './static-files.js';

/** Largest WebSocket message the owner takes (bytes): `maxPayloadBytes`' default. */
export const MAX_WS_MESSAGE_BYTES = 48 * 1024 * 1024;

/** Options of `startWebHost`. */
export interface WebHostOptions {
  core: SwitchboardCore;
  /** TCP port on 127.0.0.1; 0 (default) = a free port chosen by the OS. */
  port?: number;
  /** The MCP Apps sandbox's port to try first (the kept one, owner-listen.ts); taken or absent: a free one. */
  sandboxPort?: number;
  /**
   * Folder of the built renderer (`out/renderer`), served as static files. Absent: an API-only
   * host (the desktop app's owner endpoint for the CLI, issue 4) — every plain HTTP request is 404.
   */
  staticDir?: string;
  /** Session token; default a fresh `newSessionToken()`. Tests may pin one. */
  token?: string;
  /**
   * Largest accepted WebSocket message (bytes). Default 48 MiB: a call's arguments may be 32 MiB
   * (README, `call --args @file`), and its frame escapes and wraps them; a CLI attached to a running
   * Switchboard had 16 MiB and lost every larger call (attack pass, issue 32).
   */
  maxPayloadBytes?: number;
  /** How long a one-time ticket can be redeemed (ms); default `TICKET_TTL_MS` (60 s). */
  ticketTtlMs?: number;
  /** Told the open sockets by kind whenever one opens or closes (a headless owner's linger). */
  onClients?(counts: ClientCounts): void;
}

/**
 * Open WebSockets by kind: `gateway` (opened with `client=gateway`, a gateway door), `page` (a
 * browser page: it sends an Origin), `cli` (any other non-browser client: a CLI verb).
 */
export interface ClientCounts {
  gateway: number;
  page: number;
  cli: number;
}

/** A running web host. */
export interface WebHost {
  /** The page to open: `http://127.0.0.1:<port>/?token=<token>`. */
  url: string;
  port: number;
  token: string;
  /**
   * The MCP Apps sandbox origin, `http://127.0.0.1:<second port>` (apps-sandbox.ts); closed with the
   * host. Only a host that serves the page (`staticDir`) starts one: its proxy page may be framed
   * by this host's page alone, so an API-only host's sandbox would serve no one — and, registered
   * after the desktop window's own, `apps:sandbox` would hand the window a sandbox it cannot frame.
   */
  sandboxOrigin?: string;
  /** Close every socket and the listener (and the sandbox's); resolves when closed. Idempotent. */
  close(): Promise<void>;
}

function reject(socket: Duplex, status: number, reason: string): void {
  if (!socket.writable) return void socket.destroy();
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, rejectListen) => {
    const onError = (err: Error): void => rejectListen(err);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Start the web host. Binds 127.0.0.1 only (never all interfaces).
 *
 * HTTP: every request's `Host` must be `127.0.0.1:<port>` or `localhost:<port>` (else 403: DNS
 * rebinding); static files need no token (the page reads it from its own URL). `GET /session`
 * answers 204 or 401: whether the token in its `x-switchboard-token` header is this host's.
 * `POST /session/ticket` (token in that header) issues a one-time ticket; `POST /session/redeem`
 * (ticket in `x-switchboard-ticket`, a foreign Origin refused) answers `{"token"}` once, else 401
 * (session-tickets.ts: how `switchboard open` keeps the token off the browser's command line).
 * WebSocket at `/ws?token=…`: refused with 401 for a missing/wrong token (constant-time compare),
 * 403 for a foreign Host or Origin (absent Origin = non-browser client, allowed). Each text frame
 * is a `WireCall`; the reply is a `WireResult` with the same id, from `dispatch(core.handlers, …)`.
 * Every core event is broadcast to every open socket as a `WireEvent`, serialised once; a socket
 * that sent a `WireListen` frame gets only the events it named (the core then skips events no
 * socket wants). Every `/mcp/…` request goes to the gateway's HTTP door (gateway-http.ts: its own
 * bearer tokens and Origin check) after the Host check.
 * Rejects (throws) when the port cannot be bound (e.g. EADDRINUSE).
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? newSessionToken();
  const tickets = new SessionTickets(options.ticketTtlMs);
  const { core, staticDir } = options;
  let port = 0;
  /** The MCP Apps sandbox's second listener (apps-sandbox.ts), started once `port` is known. */
  let sandbox: AppsSandbox | undefined;
  const sockets = new Set<WebSocket>();
  const kinds = new WeakMap<WebSocket, keyof ClientCounts>();
  const counts = (): ClientCounts => {
    const c: ClientCounts = { gateway: 0, page: 0, cli: 0 };
    for (const ws of sockets) c[kinds.get(ws) ?? 'cli']++;
    return c;
  };
  /** The events a socket asked for (`WireListen`); absent: every event. */
  const wanted = new WeakMap<WebSocket, Set<string>>();
  const wants = (ws: WebSocket, event: string): boolean => wanted.get(ws)?.has(event) ?? true;
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayloadBytes ?? MAX_WS_MESSAGE_BYTES });
  // The gateway's HTTP door shares this listener and its Host check (issue 30; docs/gateway.md § HTTP).
  const gateway = gatewayHttp(core, () => port);

  const server = createServer((req, res) => {
    if (!hostAllowed(req.headers.host, port)) {
      res.writeHead(403, { ...securityHeaders(port), 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Forbidden: unknown Host');
      return;
    }
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname === SESSION_PATH) {
      // Whether the page's token is still this host's (a header, not the URL: never logged).
      const given = req.headers[SESSION_TOKEN_HEADER];
      res.writeHead(tokenMatches(token, typeof given === 'string' ? given : undefined) ? 204 : 401, { ...securityHeaders(port), 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    if (url.pathname === TICKET_PATH || url.pathname === REDEEM_PATH) {
      const json = (status: number, body?: unknown): void => {
        res.writeHead(status, { ...securityHeaders(port), 'Cache-Control': 'no-store', ...(body ? { 'Content-Type': 'application/json' } : {}) });
        res.end(body ? JSON.stringify(body) : undefined);
      };
      if (req.method !== 'POST') return json(405);
      if (!originAllowed(req.headers.origin, port)) return json(403);
      const header = (name: string): string | undefined => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
      if (url.pathname === TICKET_PATH) {
        if (!tokenMatches(token, header(SESSION_TOKEN_HEADER))) return json(401);
        return json(200, { ticket: tickets.issue(), expiresInMs: options.ticketTtlMs ?? TICKET_TTL_MS });
      }
      return tickets.redeem(header(TICKET_HEADER)) ? json(200, { token }) : json(401);
    }
    if (url.pathname.startsWith(GATEWAY_PATH_PREFIX)) return gateway.handle(req, res, url.pathname);
    if (url.pathname === WS_PATH) {
      res.writeHead(426, { ...securityHeaders(port), 'Content-Type': 'text/plain; charset=utf-8', Upgrade: 'websocket' });
      res.end('Upgrade Required');
      return;
    }
    if (staticDir === undefined) {
      res.writeHead(404, { ...securityHeaders(port), 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not Found');
      return;
    }
    void serveStatic(req, res, staticDir, url.pathname, port, sandbox?.origin);
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (!hostAllowed(req.headers.host, port)) return reject(socket, 403, 'Forbidden');
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname !== WS_PATH) return reject(socket, 404, 'Not Found');
    if (!originAllowed(req.headers.origin, port)) return reject(socket, 403, 'Forbidden');
    if (!tokenMatches(token, url.searchParams.get(TOKEN_PARAM))) return reject(socket, 401, 'Unauthorized');
    const kind = url.searchParams.get(CLIENT_PARAM) === 'gateway' ? 'gateway' : req.headers.origin !== undefined ? 'page' : 'cli';
    wss.handleUpgrade(req, socket, head, (ws) => {
      kinds.set(ws, kind);
      onConnection(ws);
    });
  });

  function send(ws: WebSocket, frame: WireResult | WireEvent): void {
    if (ws.readyState !== ws.OPEN) return;
    // A reused (frozen) result's data is serialised once (result-frame.ts).
    ws.send(frame.type === 'result' ? resultFrameText(frame) : JSON.stringify(frame));
  }

  function onConnection(ws: WebSocket): void {
    sockets.add(ws);
    options.onClients?.(counts());
    const gone = (): void => {
      if (sockets.delete(ws)) options.onClients?.(counts());
    };
    ws.on('close', gone);
    ws.on('error', gone);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      let raw: unknown;
      try {
        raw = JSON.parse(data.toString());
      } catch {
        return; // Not JSON: there is no id to answer to.
      }
      if ((raw as { type?: unknown } | null)?.type === 'listen') {
        const listen = WireListenSchema.safeParse(raw);
        if (listen.success) wanted.set(ws, new Set(listen.data.events));
        return;
      }
      const parsed = WireCallSchema.safeParse(raw);
      if (!parsed.success) {
        const id = (raw as { id?: unknown } | null)?.id;
        if (typeof id === 'number' && Number.isInteger(id)) {
          send(ws, { type: 'result', id, result: fail('BAD_REQUEST', 'Malformed call frame') });
        }
        return;
      }
      const { id, method, input } = parsed.data;
      void dispatch(core.handlers, method, input).then((result) => send(ws, { type: 'result', id, result }));
    });
  }

  const unsubscribe = core.subscribe(
    (event, payload) => {
      // Serialised once for every socket (a burst's events went through JSON.stringify per socket).
      let text: string | undefined;
      for (const ws of sockets) {
        if (ws.readyState !== ws.OPEN || !wants(ws, event)) continue;
        text ??= JSON.stringify({ type: 'event', event, payload } satisfies WireEvent);
        ws.send(text);
      }
    },
    (event) => {
      for (const ws of sockets) if (wants(ws, event)) return true;
      return false;
    },
    // A face (server requests wait for its person) only while a window or a CLI verb is connected:
    // gateway doors get their own calls' requests (gateway:serverRequest), never another's.
    { face: () => [...sockets].some((ws) => ws.readyState === ws.OPEN && kinds.get(ws) !== 'gateway') },
  );

  // Idle keep-alive sockets live 65 s, not node's 5 s: a client (fetch keeps them 1 s less than the
  // server's hint) reusing one the server is closing at that very moment gets ECONNRESET; seen after
  // bursts of gateway calls on a busy machine, when hundreds of sockets go idle at once.
  server.keepAliveTimeout = 65_000;
  try {
    port = await listen(server, options.port ?? 0);
    // Framed by the page under either name the Host check accepts (request-guard.ts allowedOrigins);
    // only a host that serves the page starts one, on the port kept from the last start when free.
    if (staticDir !== undefined) sandbox = await startSandboxOn([...allowedOrigins(port)], options.sandboxPort);
  } catch (err) {
    if (server.listening) server.close();
    unsubscribe();
    wss.close();
    await gateway.close();
    throw err;
  }

  const started = sandbox;
  // `apps:sandbox` answers where it runs (docs/mcp-apps.md § Sandbox); forgotten at close.
  const forgetSandbox = started && core.addAppsSandbox?.({ origin: started.origin });
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}/?${TOKEN_PARAM}=${token}`,
    port,
    token,
    ...(started ? { sandboxOrigin: started.origin } : {}),
    close(): Promise<void> {
      const sandboxClosed = started?.close();
      forgetSandbox?.();
      closing ??= new Promise<void>((resolve) => {
        unsubscribe();
        for (const ws of sockets) ws.terminate();
        sockets.clear();
        wss.close();
        void gateway.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => sandboxClosed);
      return closing;
    },
  };
}

/** The sandbox on `preferred` (a kept port), or on a free port when that one is taken or none is given. */
async function startSandboxOn(hostOrigin: readonly string[], preferred: number | undefined): Promise<AppsSandbox> {
  if (preferred) {
    try {
      return await startAppsSandbox(hostOrigin, preferred);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
  return startAppsSandbox(hostOrigin);
}
