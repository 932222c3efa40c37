/**
 * The gateway's HTTP door (issue 30 item 1, docs/gateway.md § HTTP, docs/security.md "The gateway's
 * HTTP door"): Streamable HTTP at `/mcp/<host>[/<server>]` on the owner's own 127.0.0.1 listener
 * (web-host.ts hands it every `/mcp/…` request after its Host check). A thin face: the SDK's
 * `createMcpHandler` (`@modelcontextprotocol/server` 2.4.0) serves the 2026-07-28 stateless revision;
 * 2025-era requests (the SDK's `isLegacyRequest`) go to sessions (gateway-http-sessions.ts: its
 * streamable HTTP transport in stateful mode, list-change notices on the `GET` stream). Both are
 * built by the construction the stdio door uses (gateway-door-server.ts: tools, resources, resource
 * templates and prompts relayed to the `gateway:*` handlers in this process).
 *
 * Before anything reaches the SDK, in this order:
 * 1. The path: `/mcp/<host>` or `/mcp/<host>/<server>` with a known host id, else 404.
 * 2. The Origin: absent (a non-browser client) or one of ours (request-guard.ts), else 403.
 * 3. `Authorization: Bearer <token>`: none → 401 with `WWW-Authenticate: Bearer`; a token that opens
 *    another host's paths, or none at all → 403 (core `gatewayAccess`: per-host tokens in the keychain).
 * Refusals are JSON `{"error": <words>}`. A body over `MAX_BODY_BYTES` is the SDK's 413.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { createMcpHandler, isLegacyRequest, type McpHttpHandler } from '@modelcontextprotocol/server';
import { dispatch } from '../../src-shared/api/dispatch.js';
import type { SwitchboardApi } from '../../src-shared/api/contract.js';
import { HOST_IDS, HOST_LABELS, type HostId } from '../../src-shared/config/server.js';
import type { SwitchboardCore } from '../core/index.js';
import { GATEWAY_LIST_EVENTS, gatewayDoorServer } from './gateway-door-server.js';
import { coreRelayEvents, doorCompletions, sessionExtras, type SessionExtras } from './gateway-http-relay.js';
import { gatewaySessions, SESSION_HEADER, SESSION_IDLE_MS } from './gateway-http-sessions.js';
import { listenNotices } from './gateway-http-listen.js';
import { gatewayFailureText } from './gateway-failure.js';
import { readKinds, type KindsFirst } from './gateway-kinds-door.js';
import type { GatewayDoor } from './gateway-mcp-server.js';
import { originAllowed } from './request-guard.js';

/** The door's path prefix. */
export const GATEWAY_PATH_PREFIX = '/mcp/';

/** The largest request body the door reads (bytes): 4 MiB, the SDK's default; more is its 413. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The door a path names, or undefined when it names none (`/mcp/<host>[/<server>]`, host known). */
export function gatewayDoorOf(pathname: string): { host: HostId; server?: string } | undefined {
  if (!pathname.startsWith(GATEWAY_PATH_PREFIX)) return undefined;
  const parts = pathname.slice(GATEWAY_PATH_PREFIX.length).split('/');
  if (parts.length > 2 || !(HOST_IDS as readonly string[]).includes(parts[0] ?? '')) return undefined;
  const host = parts[0] as HostId;
  if (parts.length === 1) return { host };
  let server: string;
  try {
    server = decodeURIComponent(parts[1] ?? '');
  } catch {
    return undefined;
  }
  return server === '' ? undefined : { host, server };
}

/** The bearer token of an `Authorization` header, or undefined. */
function bearerOf(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}

/** A running door: serve one `/mcp/…` request; close every handler. */
export interface GatewayHttp {
  handle(req: IncomingMessage, res: ServerResponse, pathname: string): void;
  close(): Promise<void>;
}

/** Options of `gatewayHttp`. */
export interface GatewayHttpOptions {
  /** How long an idle 2025-era session lives (ms); default `SESSION_IDLE_MS` (30 min). */
  sessionIdleMs?: number;
}

/**
 * The HTTP door of `core`, on the listener whose port `port()` gives (for the Origin check). Its
 * MCP `serverInfo.version` is the core's (`app:info`). Never throws from `handle`: a failure is a 500 JSON.
 */
export function gatewayHttp(core: SwitchboardCore, port: () => number, options: GatewayHttpOptions = {}): GatewayHttp {
  const call = ((method, input) => dispatch(core.handlers, method, input)) as SwitchboardApi['call'];
  let versionOf: Promise<string> | undefined;
  const version = (): Promise<string> => (versionOf ??= call('app:info', {}).then((r) => (r.ok ? r.data.version : '0.0.0')));
  // A list that could not be read shows in the request that reads it; the door keeps no log of its own.
  const say = (): void => undefined;
  const make = async (door: GatewayDoor, first?: KindsFirst, extras?: SessionExtras) =>
    gatewayDoorServer({ version: await version(), call, door: () => door, say, ...(first ? { first } : {}), ...extras });
  // A 2026-07-28 request is served by a fresh server each time: the resources and prompts it
  // advertises are read once per door and read again after an owner event (below).
  const kindsOf = new Map<string, Promise<KindsFirst>>();
  // Likewise whether it advertises completions (gateway-http-relay.ts).
  const completionsOf = new Map<string, Promise<SessionExtras>>();
  const handlers = new Map<string, McpHttpHandler>();
  // A 2026-07-28 client's `subscriptions/listen` stream is told when a list of its door changed.
  const notices = listenNotices(call);
  const handlerOf = (door: GatewayDoor): McpHttpHandler => {
    const key = JSON.stringify([door.host, door.server]);
    let handler = handlers.get(key);
    if (!handler) {
      const first = (): Promise<KindsFirst> => {
        let kinds = kindsOf.get(key);
        if (!kinds) kindsOf.set(key, (kinds = readKinds(call, door, say)));
        return kinds;
      };
      const completions = (): Promise<SessionExtras> => {
        let made = completionsOf.get(key);
        if (!made) completionsOf.set(key, (made = doorCompletions(call, door)));
        return made;
      };
      handler = createMcpHandler(async () => (await make(door, await first(), await completions())).server, { legacy: 'reject', maxRequestBodySize: MAX_BODY_BYTES });
      handlers.set(key, handler);
      notices.watch(key, door, handler);
    }
    return handler;
  };
  // A session's server also relays its calls' server requests, progress and cancel, and completions (gateway-http-relay.ts).
  const on = coreRelayEvents(core);
  const sessions = gatewaySessions({ make: async (door) => make(door, undefined, await sessionExtras(call, on, door)), maxBodyBytes: MAX_BODY_BYTES, ...(options.sessionIdleMs !== undefined ? { idleMs: options.sessionIdleMs } : {}) });
  const idleMs = options.sessionIdleMs ?? SESSION_IDLE_MS;
  const reaper = setInterval(() => void sessions.reap(), Math.max(1000, Math.min(idleMs, 60_000)));
  reaper.unref();
  // The owner's own events (in this process): the lists a door serves may have changed.
  const events = new Set<string>(GATEWAY_LIST_EVENTS);
  const unsubscribe = core.subscribe(
    () => {
      kindsOf.clear();
      completionsOf.clear();
      sessions.relistAll();
      notices.changed();
    },
    // Only while a door could be told (the core skips events no subscriber wants).
    (event) => events.has(event) && (sessions.size > 0 || notices.active),
    { face: false },
  );

  const json = (res: ServerResponse, status: number, error: string, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
    res.end(JSON.stringify({ error }));
  };

  const serve = async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> => {
    const door = gatewayDoorOf(pathname);
    if (!door) return json(res, 404, `No gateway door at ${pathname}: the path is /mcp/<host>[/<server>] with a host id (${HOST_IDS.join(', ')})`);
    if (!originAllowed(req.headers.origin, port())) return json(res, 403, 'Forbidden: a page of another site (Origin) may not call the gateway');
    const access = core.gatewayAccess ? await core.gatewayAccess(door.host, bearerOf(req.headers.authorization)) : { kind: 'wrong' as const };
    const label = HOST_LABELS[door.host];
    if (access.kind === 'missing')
      return json(res, 401, `The gateway needs "Authorization: Bearer <token>" with ${label}'s token (switchboard gateway --host ${door.host} --print-http)`, {
        'WWW-Authenticate': 'Bearer realm="switchboard-gateway"',
      });
    if (access.kind === 'other-host') return json(res, 403, `This token opens ${HOST_LABELS[access.host]}'s gateway paths, not ${label}'s`);
    if (access.kind === 'wrong') return json(res, 403, `This token opens no gateway path: it is not ${label}'s token (switchboard gateway --host ${door.host} --print-http)`);

    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(`http://127.0.0.1:${port()}${req.url ?? pathname}`, {
      method: req.method ?? 'GET',
      headers,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
    } as RequestInit);
    const bearer = bearerOf(req.headers.authorization) ?? '';
    const legacy = await isLegacyRequest(request, undefined, { maxRequestBodySize: MAX_BODY_BYTES });
    const response = legacy ? await sessions.handle(request, door, bearer) : await handlerOf(door).fetch(request);
    res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
    if (!response.body) return void res.end();
    const reader = response.body.getReader();
    // An open GET stream keeps its session from being reaped.
    const sessionId = req.headers[SESSION_HEADER];
    const streamClosed = legacy && req.method === 'GET' && response.ok && typeof sessionId === 'string' ? sessions.streamOpened(sessionId) : undefined;
    res.on('close', () => {
      streamClosed?.();
      void reader.cancel().catch(() => undefined);
    });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
    res.end();
  };

  return {
    handle(req, res, pathname) {
      serve(req, res, pathname).catch((err: unknown) => {
        if (res.headersSent) return void res.destroy();
        json(res, 500, gatewayFailureText(err));
      });
    },
    async close() {
      clearInterval(reaper);
      unsubscribe();
      notices.close();
      await sessions.close();
      await Promise.all([...handlers.values()].map((h) => h.close().catch(() => undefined)));
      handlers.clear();
    },
  };
}
