/**
 * A broken response stream on 2026-07-28 Streamable HTTP (issue 12 item 4, docs/protocol-eras.md).
 *
 * The revision has no stream resumption: "a broken response stream loses the in-flight request;
 * clients MUST re-issue it as a new request with a new request ID". The SDK's transport tells us a
 * request's SSE stream ended (`onRequestStreamEnd`) but leaves the request waiting for its timeout.
 * This wrapper re-issues it once under a new id (`reissue:<id>`), through the transport's outermost
 * `send` so the trace shows it, and hands the reply to the SDK under the original id. A second
 * broken stream ends the request with an error saying so, instead of a timeout.
 */
import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';

/** Options of `reissueLostRequests`. */
export interface ReissueOptions {
  /** Whether the connection speaks 2026-07-28 (legacy streams resume with `Last-Event-ID` instead). */
  isModern(): boolean;
  /** Lifecycle notes for the server's log. */
  note?(text: string): void;
}

/** JSON-RPC error code of a request lost twice (an implementation-defined server-error code). */
export const REQUEST_LOST_CODE = -32001;

interface InFlight {
  message: JSONRPCMessage & { id: string | number; method: string };
  options?: TransportSendOptions;
  /** The id the SDK waits on. */
  originalId: string | number;
  reissued: boolean;
  answered: boolean;
}

/**
 * Wrap `transport` in place (call BEFORE the trace and `client.connect`): 2026-07-28 requests whose
 * response stream breaks before their reply are re-issued once with a new id. Returns the transport.
 */
export function reissueLostRequests<T extends Transport>(transport: T, options: ReissueOptions): T {
  const inFlight = new Map<string | number, InFlight>();
  const inner = transport.send.bind(transport);

  const streamEnded = (wireId: string | number): void => {
    const entry = inFlight.get(wireId);
    inFlight.delete(wireId);
    if (!entry || entry.answered) return;
    if (entry.options?.requestSignal?.aborted) return;
    if (!entry.reissued) {
      const newId = `reissue:${entry.originalId}`;
      options.note?.(`the response stream of ${entry.message.method} (id ${entry.originalId}) broke before its reply: re-issued once as id ${newId}`);
      const again = { ...entry.message, id: newId };
      inFlight.set(newId, { ...entry, message: again, reissued: true });
      // The outermost send: request metadata and the trace see the new request too.
      transport.send(again, entry.options).catch((err: unknown) => lose(entry, `re-issuing it failed: ${err instanceof Error ? err.message : String(err)}`));
      return;
    }
    lose(entry, 'its re-issued request broke too');
  };

  const lose = (entry: InFlight, why: string): void => {
    inFlight.delete(entry.message.id);
    options.note?.(`${entry.message.method} (id ${entry.originalId}) lost: ${why}`);
    transport.onmessage?.({
      jsonrpc: '2.0',
      id: entry.originalId,
      error: { code: REQUEST_LOST_CODE, message: `The response stream broke before the reply, twice (the request was re-issued once): ${why}` },
    } as JSONRPCMessage);
  };

  transport.send = (message, sendOptions) => {
    const m = message as { id?: string | number; method?: string };
    // subscriptions/listen is long-lived and re-opened by its owner (listen-stream.ts), not re-issued.
    if (m.method === undefined || m.id === undefined || m.method === 'subscriptions/listen' || !options.isModern()) return inner(message, sendOptions);
    const existing = inFlight.get(m.id);
    const entry: InFlight = existing ?? { message: message as InFlight['message'], options: sendOptions, originalId: m.id, reissued: false, answered: false };
    inFlight.set(m.id, entry);
    const wireId = m.id;
    const withEnd: TransportSendOptions = {
      ...sendOptions,
      onRequestStreamEnd: () => {
        sendOptions?.onRequestStreamEnd?.();
        streamEnded(wireId);
      },
    };
    sendOptions?.requestSignal?.addEventListener('abort', () => inFlight.delete(wireId), { once: true });
    return inner(message, withEnd).catch((err: unknown) => {
      inFlight.delete(wireId);
      throw err;
    });
  };

  const previous = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const m = message as { id?: string | number; method?: string };
    if (m.method === undefined && m.id !== undefined) {
      const entry = inFlight.get(m.id);
      if (entry) {
        entry.answered = true;
        inFlight.delete(m.id);
        // The SDK waits on the original id.
        if (entry.reissued) (message as { id: string | number }).id = entry.originalId;
      }
    }
    previous?.(message, extra);
  };
  return transport;
}
