/**
 * The renderer's one door to the core: `getApi()` returns the `SwitchboardApi` the app talks to
 * (ARCHITECTURE rule 2). In Electron the preload exposes it as `window.switchboard`; in web mode
 * it is a WebSocket client on `ws://<page host>/ws?token=<token from the page URL>`.
 */
import type { SwitchboardApi } from '../../../src-shared/api/contract.js';
import { REDEEM_PATH, SESSION_PATH, SESSION_TOKEN_HEADER, TICKET_HEADER, TICKET_PARAM, TOKEN_PARAM, WS_PATH } from '../../../src-shared/api/wire.js';
import { createWebClient, type ConnectionState, type SessionCheck, type WebClient } from './web-client.js';

declare global {
  interface Window {
    /** Set by the Electron preload (contextBridge); absent in web mode. */
    switchboard?: SwitchboardApi;
  }
}

/** The API plus how to watch its connection (IPC is always "open"). */
export interface RendererApi {
  api: SwitchboardApi;
  /** Current connection state and a way to follow it. */
  connection: Pick<WebClient, 'state' | 'onConnection'>;
}

let cached: RendererApi | undefined;

/** Build the web socket URL from a page location: same host, `/ws`, the page's `token` param. */
export function webSocketUrl(location: { protocol: string; host: string; search: string }): string {
  const token = new URLSearchParams(location.search).get(TOKEN_PARAM) ?? '';
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${WS_PATH}?${TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

/**
 * Whether the host at the page's address still takes the page's token (`GET /session`, web-host.ts):
 * 204 → `live` (the same owner, or the same data folder's owner restarted: it keeps its token); any other
 * answer (401: a new token, `serve --new-token`, or another data folder's owner; something else on the port)
 * → `gone`; no answer → `unreachable` (stopped, or restarting on the same port). Never rejects.
 */
export async function checkSession(location: { origin: string; search: string }, fetcher: typeof fetch = fetch): Promise<SessionCheck> {
  const token = new URLSearchParams(location.search).get(TOKEN_PARAM) ?? '';
  try {
    const res = await fetcher(`${location.origin}${SESSION_PATH}`, { headers: { [SESSION_TOKEN_HEADER]: token }, cache: 'no-store' });
    return res.status === 204 ? 'live' : 'gone';
  } catch {
    return 'unreachable';
  }
}

/** What `redeemTicket` did: no ticket in the address, the token taken in its place, or the ticket refused. */
export type TicketOutcome = 'none' | 'redeemed' | 'refused';

/**
 * A page opened by `switchboard open` carries `?ticket=<one-time ticket>`, never the session token
 * (docs/security.md "Opening the web UI"). Trade it once (`POST /session/redeem`) for the token and
 * put `?token=<token>` in the address in its place (`history.replaceState`, no reload), so the web
 * client and reconnects work as for the address `serve` prints. `refused`: used, expired, unknown or
 * no answer — the ticket is removed from the address either way. Call before `getApi()`. Never rejects.
 */
export async function redeemTicket(
  location: { origin: string; search: string; pathname: string },
  history: Pick<History, 'replaceState'>,
  fetcher: typeof fetch = fetch,
): Promise<TicketOutcome> {
  const params = new URLSearchParams(location.search);
  const ticket = params.get(TICKET_PARAM);
  if (ticket === null) return 'none';
  params.delete(TICKET_PARAM);
  let token: string | undefined;
  try {
    const res = await fetcher(`${location.origin}${REDEEM_PATH}`, { method: 'POST', headers: { [TICKET_HEADER]: ticket }, cache: 'no-store' });
    const body = res.status === 200 ? ((await res.json()) as { token?: unknown }) : {};
    token = typeof body.token === 'string' ? body.token : undefined;
  } catch {
    token = undefined;
  }
  if (token !== undefined) params.set(TOKEN_PARAM, token);
  const query = params.toString();
  history.replaceState(null, '', `${location.pathname}${query ? `?${query}` : ''}`);
  return token !== undefined ? 'redeemed' : 'refused';
}

/**
 * The app's API, created once: `window.switchboard` when the preload provided it, else a web
 * client for the current page. Never throws.
 */
export function getApi(): RendererApi {
  if (cached) return cached;
  if (window.switchboard) {
    const always: Pick<WebClient, 'state' | 'onConnection'> = {
      state: 'open' as ConnectionState,
      onConnection: () => () => undefined,
    };
    cached = { api: window.switchboard, connection: always };
  } else {
    const client = createWebClient({ url: webSocketUrl(window.location), checkSession: () => checkSession(window.location) });
    cached = { api: client, connection: client };
  }
  return cached;
}
