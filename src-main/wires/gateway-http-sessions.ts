/**
 * The HTTP door's 2025-era sessions (issue 30 item 1, docs/gateway.md § Streamable HTTP › Sessions;
 * MCP 2025-11-25 *Transports › Streamable HTTP › Session Management*): each `initialize` POST opens a
 * session — the SDK's `WebStandardStreamableHTTPServerTransport` in stateful mode (`Mcp-Session-Id`,
 * a `GET` SSE stream for server notifications, `DELETE` ends it) around a fresh door server
 * (gateway-door-server.ts), so the session is sent `notifications/tools/list_changed` (and
 * resources/prompts) when its host's lists change. No hand-written protocol.
 *
 * A session is bound to the door that opened it (host and optional server) and to the token it was
 * opened with (its SHA-256; the token itself is not kept): a request carrying its id on another door
 * or with another token is 403. An id that is not a session (never was, ended by `DELETE`, reaped,
 * or of an owner that restarted) is 404 with the JSON-RPC error -32001 `Session not found`, which tells
 * a client to initialize again. A session with no open `GET` stream and no request for `idleMs`
 * (default `SESSION_IDLE_MS`, 30 min) is closed.
 */
import { createHash, randomUUID } from 'node:crypto';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { HOST_LABELS } from '../../src-shared/config/server.js';
import type { GatewayDoorServer } from './gateway-door-server.js';
import type { GatewayDoor } from './gateway-mcp-server.js';

/** How long a session with no open stream lives without a request (ms): 30 minutes. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

/** The header that carries a session's id (MCP Streamable HTTP). */
export const SESSION_HEADER = 'mcp-session-id';

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  door: GatewayDoorServer;
  doorKey: string;
  host: GatewayDoor['host'];
  tokenHash: string;
  /** Last request (ms since the epoch). */
  last: number;
  /** Open `GET` streams. */
  streams: number;
}

/** Options of `gatewaySessions`. */
export interface GatewaySessionsOptions {
  /** A door server for a new session. */
  make(door: GatewayDoor): Promise<GatewayDoorServer>;
  /** Largest POST body a session's transport reads (bytes). */
  maxBodyBytes: number;
  /** Idle time before a session is closed (ms); default `SESSION_IDLE_MS`. */
  idleMs?: number;
  /** Clock (ms); default `Date.now`. */
  now?(): number;
}

/** The session table. */
export interface GatewaySessions {
  /** Serve one 2025-era request of an authorised `bearer` on `door`. */
  handle(request: Request, door: GatewayDoor, bearer: string): Promise<Response>;
  /** A `GET` stream of session `id` opened; call the returned function when it closes. */
  streamOpened(id: string): () => void;
  /** Tell every session that its lists may have changed (an owner event). */
  relistAll(): void;
  /** Close sessions idle past `idleMs` now; resolves with how many were closed. */
  reap(): Promise<number>;
  /** The open sessions' count. */
  readonly size: number;
  close(): Promise<void>;
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** A JSON-RPC error answer as the SDK's transport gives one (`id: null`). */
function rpcError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A refusal in the door's own shape (`{"error": words}`, gateway-http.ts). */
function refusal(status: number, error: string): Response {
  return new Response(JSON.stringify({ error }), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
}

/** Make the table (see the file comment). */
export function gatewaySessions(options: GatewaySessionsOptions): GatewaySessions {
  const sessions = new Map<string, Session>();
  const now = options.now ?? Date.now;
  const idleMs = options.idleMs ?? SESSION_IDLE_MS;
  const keyOf = (door: GatewayDoor): string => JSON.stringify([door.host, door.server]);

  const end = async (id: string): Promise<void> => {
    const s = sessions.get(id);
    if (!s) return;
    sessions.delete(id);
    s.door.stop();
    await s.transport.close().catch(() => undefined);
    await s.door.server.close().catch(() => undefined);
  };

  const open = async (request: Request, door: GatewayDoor, bearer: string): Promise<Response> => {
    const made = await options.make(door);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: options.maxBodyBytes,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, door: made, doorKey: keyOf(door), host: door.host, tokenHash: sha256(bearer), last: now(), streams: 0 });
      },
      onsessionclosed: (id) => void end(id),
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) void end(transport.sessionId);
    };
    await made.server.connect(transport);
    const response = await transport.handleRequest(request);
    // Not an initialize (the transport answered 400): no session was opened, nothing is kept.
    if (transport.sessionId === undefined) {
      made.stop();
      await made.server.close().catch(() => undefined);
    }
    return response;
  };

  return {
    async handle(request, door, bearer) {
      const id = request.headers.get(SESSION_HEADER);
      if (id === null) {
        if (request.method !== 'POST') return rpcError(400, -32000, `Bad Request: ${request.method} needs the Mcp-Session-Id header of a session (open one with an initialize POST)`);
        return open(request, door, bearer);
      }
      const s = sessions.get(id);
      if (!s) return rpcError(404, -32001, 'Session not found');
      if (s.doorKey !== keyOf(door)) {
        const where = s.host === door.host ? `another of ${HOST_LABELS[door.host]}'s gateway paths` : `${HOST_LABELS[s.host]}'s gateway path`;
        return refusal(403, `This session belongs to ${where}; open a session on this path with an initialize POST`);
      }
      if (s.tokenHash !== sha256(bearer)) return refusal(403, 'This session was opened with another token; open a new session with an initialize POST');
      s.last = now();
      return s.transport.handleRequest(request);
    },
    streamOpened(id) {
      const s = sessions.get(id);
      if (!s) return () => undefined;
      s.streams++;
      let closed = false;
      return () => {
        if (closed) return;
        closed = true;
        s.streams--;
        s.last = now();
      };
    },
    relistAll() {
      for (const s of sessions.values()) s.door.relist();
    },
    async reap() {
      const idle = [...sessions].filter(([, s]) => s.streams === 0 && now() - s.last >= idleMs).map(([id]) => id);
      await Promise.all(idle.map(end));
      return idle.length;
    },
    get size() {
      return sessions.size;
    },
    async close() {
      await Promise.all([...sessions.keys()].map(end));
    },
  };
}
