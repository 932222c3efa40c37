/**
 * What supervision adds to the SDK's HTTP transports (SPEC §6, ARCHITECTURE rule 8: wrap, never
 * fork the protocol):
 * - SSE (HTTP+SSE): the SDK's EventSource reconnects the GET stream on its own, but a new stream is
 *   a new session the SDK never re-initialises, and requests in flight hang until their timeout.
 *   `SupervisedSseTransport` treats a dropped stream after start as the end of the connection: it
 *   closes the transport, so every request in flight fails at once with the SDK's retriable
 *   "Connection closed" error (never left hanging, never silently re-sent), and the connection's
 *   supervisor reconnects with backoff + jitter and re-initialises.
 * - Redirects: the SDK follows same-origin 307/308 with the same method, body and headers; the
 *   fetch wrapper here notes each one in the server's log so the user sees `/mcp` → `/mcp/`.
 */
import { SSEClientTransport, type SSEClientTransportOptions } from '@modelcontextprotocol/sdk/client/sse.js';

/** A fetch like the global one. */
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

/** SSE transport whose dropped GET stream (after start) closes the connection instead of hanging. */
export class SupervisedSseTransport extends SSEClientTransport {
  /** Called once with the reason when the stream dropped and the transport closed itself. */
  onStreamDropped?: (reason: string) => void;
  private dropped = false;

  constructor(url: URL, opts?: SSEClientTransportOptions) {
    super(url, opts);
  }

  override async start(): Promise<void> {
    await super.start();
    const source = (this as unknown as { _eventSource?: { onerror: ((e: { message?: string; code?: number }) => void) | null } })._eventSource;
    if (!source) return;
    const original = source.onerror;
    source.onerror = (event) => {
      original?.call(source, event);
      if (this.dropped) return;
      this.dropped = true;
      const reason = `SSE stream dropped${event?.code ? ` (HTTP ${event.code})` : ''}${event?.message ? `: ${event.message}` : ''}`;
      this.onStreamDropped?.(reason);
      void this.close();
    };
  }
}
