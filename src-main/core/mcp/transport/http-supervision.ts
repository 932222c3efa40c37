/**
 * What supervision adds to the SDK's HTTP transports (docs/connections-supervision.md, ARCHITECTURE rule 8: wrap, never
 * fork the protocol):
 * - SSE (HTTP+SSE, deprecated in 2026-07-28; 2025 era only): the SDK's EventSource reconnects the
 *   GET stream on its own, but a new stream is a new session the SDK never re-initialises, and
 *   requests in flight hang until their timeout.
 *   `SupervisedSseTransport` treats a dropped stream after start as the end of the connection: it
 *   closes the transport, so every request in flight fails at once with the SDK's retriable
 *   "Connection closed" error (never left hanging, never silently re-sent), and the connection's
 *   supervisor reconnects with backoff + jitter and re-initialises.
 * - Redirects: the SDK follows same-origin 307/308 with the same method, body and headers; the
 *   fetch wrapper here notes each one in the server's log so the user sees `/mcp` → `/mcp/`.
 */
import {
  SSEClientTransport,
  SseError,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type SSEClientTransportOptions,
  type Transport,
} from '@modelcontextprotocol/client';

/** A fetch like the global one (the SDK's `FetchLike`). */
export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * Wrap `base` so every redirect response (301/302/303/307/308) is reported through `note` as
 * `HTTP 307 redirect: <from> → <to>` before the SDK follows it.
 */
export function fetchNotingRedirects(note: (text: string) => void, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const from = String(url);
      let to = location;
      try {
        to = new URL(location, from).href;
      } catch {
        // keep the header as sent
      }
      note(`HTTP ${response.status} redirect: ${from} → ${to} (${init?.method ?? 'GET'} followed with the same method, body and headers)`);
    } else if (response.redirected) {
      note(`redirected: ${from(url)} → ${response.url}`);
    }
    return response;
  };
}

function from(url: string | URL): string {
  return String(url);
}

/**
 * The SDK's SSE transport, wrapped (not subclassed): the SDK reports a failed or dropped event
 * stream to its transport's `onerror` as an `SseError`; after `start` that is the end of the
 * connection here — the stream is closed (no silent EventSource reconnect into a session nobody
 * initialised), `onStreamDropped` is told why, and `onclose` fails every request in flight.
 */
export class SupervisedSseTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  /** Called once with the reason when the stream dropped and the transport closed itself. */
  onStreamDropped?: (reason: string) => void;
  private readonly inner: SSEClientTransport;
  private started = false;
  private dropped = false;

  constructor(url: URL, opts?: SSEClientTransportOptions) {
    this.inner = new SSEClientTransport(url, opts);
    this.inner.onmessage = (message: JSONRPCMessage) => this.onmessage?.(message);
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => {
      this.onerror?.(error);
      if (!this.started || this.dropped || !(error instanceof SseError)) return;
      this.dropped = true;
      const reason = `SSE stream dropped${error.code ? ` (HTTP ${error.code})` : ''}${error.message ? `: ${error.message.replace(/^SSE error: /, '')}` : ''}`;
      this.onStreamDropped?.(reason);
      void this.close();
    };
  }

  async start(): Promise<void> {
    await this.inner.start();
    this.started = true;
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.inner.send(message);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }
}
