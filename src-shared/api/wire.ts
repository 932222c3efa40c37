/**
 * The WebSocket wire's frames (web mode). The Electron wire uses `ipcMain.handle` per method and
 * `webContents.send` per event instead; both carry the same contract (ARCHITECTURE rule 2).
 *
 * Page URL: `http://127.0.0.1:<port>/?token=<token>`; socket: `ws://127.0.0.1:<port>/ws?token=<token>`.
 */
import { z } from 'zod';
import { ApiErrorSchema } from './envelope.js';

/** Client → host: call a method. `id` pairs the reply. */
export const WireCallSchema = z.object({
  type: z.literal('call'),
  id: z.number().int(),
  method: z.string(),
  input: z.unknown(),
});
export type WireCall = z.infer<typeof WireCallSchema>;

/**
 * Client → host: send me only these events from now on (issue 13: a 1,000/s burst makes the owner
 * serialise and send `trace:appended` batches no window with a closed trace reads). A socket that
 * never sends one gets every event. The client sends it whenever the set of events it has
 * listeners for changes, before any call made after that change (so a listener attached and then
 * a query sent misses nothing the query does not cover).
 */
export const WireListenSchema = z.object({
  type: z.literal('listen'),
  events: z.array(z.string()).max(1000),
});
export type WireListen = z.infer<typeof WireListenSchema>;

/** Host → client: the result envelope of call `id`. */
export const WireResultSchema = z.object({
  type: z.literal('result'),
  id: z.number().int(),
  result: z.union([
    z.object({ ok: z.literal(true), data: z.unknown() }),
    z.object({ ok: z.literal(false), error: ApiErrorSchema }),
  ]),
});
export type WireResult = z.infer<typeof WireResultSchema>;

/** Host → client: an event. */
export const WireEventSchema = z.object({
  type: z.literal('event'),
  event: z.string(),
  payload: z.unknown(),
});
export type WireEvent = z.infer<typeof WireEventSchema>;

export const WireServerMessageSchema = z.discriminatedUnion('type', [WireResultSchema, WireEventSchema]);
export type WireServerMessage = z.infer<typeof WireServerMessageSchema>;

/** Path of the WebSocket endpoint on the web host. */
export const WS_PATH = '/ws';
/** Name of the query parameter carrying the session token. */
export const TOKEN_PARAM = 'token';
/**
 * Query parameter naming what kind of client opens the WebSocket: `gateway` for a gateway door
 * (issue 30; a headless owner started for gateways counts them and lingers after the last,
 * src-main/owner/owner-linger.ts). Absent: a page (with an Origin) or a CLI verb (without).
 */
export const CLIENT_PARAM = 'client';

/**
 * `GET /session` with the page's token in `SESSION_TOKEN_HEADER`: 204 when this host's token is that
 * one, 401 when not (docs/faces-and-ownership.md: a tab tells a Switchboard that stopped — whose
 * successor has a new token — from one that is only unreachable for a moment).
 */
export const SESSION_PATH = '/session';
export const SESSION_TOKEN_HEADER = 'x-switchboard-token';

/**
 * One-time tickets (docs/security.md "Opening the web UI"): `POST TICKET_PATH` with the session
 * token in `SESSION_TOKEN_HEADER` answers `{"ticket", "expiresInMs"}`; a page opened at
 * `/?ticket=<ticket>` sends `POST REDEEM_PATH` with the ticket in `TICKET_HEADER` and gets
 * `{"token"}` once (401 for a used, expired or unknown ticket). The token never rides a command line.
 */
export const TICKET_PATH = '/session/ticket';
export const REDEEM_PATH = '/session/redeem';
export const TICKET_PARAM = 'ticket';
export const TICKET_HEADER = 'x-switchboard-ticket';
