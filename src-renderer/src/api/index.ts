/**
 * The renderer's one door to the core: `getApi()` returns the `SwitchboardApi` the app talks to
 * (ARCHITECTURE rule 2). In Electron the preload exposes it as `window.switchboard`; in web mode
 * it is a WebSocket client on `ws://<page host>/ws?token=<token from the page URL>`.
 */
import type { SwitchboardApi } from '../../../src-shared/api/contract.js';
import { SESSION_PATH, SESSION_TOKEN_HEADER, TOKEN_PARAM, WS_PATH } from '../../../src-shared/api/wire.js';
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
 * 204 → `live`; any other answer (401: a new Switchboard with a new token; something else on the port)
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
