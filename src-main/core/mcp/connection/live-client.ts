/**
 * One live client of `ServerConnection` (connection.ts): what closing it needs, closing it quietly,
 * and telling an expired Streamable HTTP session. Moved out of the dissolved connection-helpers.ts (issue 29).
 */
import { SdkHttpError, StreamableHTTPClientTransport, type Client, type Transport } from '@modelcontextprotocol/client';

/** What closing needs of a live connection. */
export interface ClosableLive {
  client: Client;
  transport: Transport;
  abort: AbortController;
  disposeClient: () => void;
  /** A modern connection's `subscriptions/listen` stream, closed first. */
  listen?: { close(): void };
}

/** A Streamable HTTP 404 on a request that carried a session id (docs/connections-supervision.md: the session expired). */
export function isSessionExpired(live: { transport: Transport }, err: unknown): boolean {
  return (
    err instanceof SdkHttpError &&
    err.status === 404 &&
    live.transport instanceof StreamableHTTPClientTransport &&
    live.transport.sessionId !== undefined
  );
}

/** Close a live client quietly (its transport too, even mid-probe) and stop its task store timers. */
export async function closeLive(live: ClosableLive): Promise<void> {
  live.listen?.close();
  live.abort.abort();
  try {
    await live.client.close();
  } catch {
    // Closing a half-open transport can fail; the process-tree kill below it has already run.
  }
  try {
    // During the era probe the client has not taken the transport over yet: close it ourselves
    // (idempotent once the client closed it).
    await live.transport.close();
  } catch {
    // already closed
  }
  live.disposeClient();
}
