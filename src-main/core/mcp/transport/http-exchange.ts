/**
 * The HTTP exchange behind each JSON-RPC request to an http/sse server (issue 15 item 2: the trace
 * shows HTTP headers, the `Mcp-*` ones included): a fetch wrapper that notes, per request id found
 * in a POST body, the method, URL, status and both sides' headers; the trace takes the exchange when
 * the reply to that id arrives and stores it, redacted, on the reply's entry (rpc-trace.ts).
 * Exchanges that carry no request of their own — the listening GET of Streamable HTTP, legacy SSE's
 * GET and its `endpoint` event, a DELETE ending the session, a POST we sent that was refused, the
 * stream a 2026-07-28 `subscriptions/listen` opens — go to `onTransport` as they happen
 * (docs/inspecting.md "Transport rows").
 */
import type { FetchLike } from './http-supervision.js';

/** One HTTP request/response pair as sent and received (headers lower-cased by `Headers`). */
export interface HttpExchange {
  method: string;
  url: string;
  status: number;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
}

/** An exchange (or an event on one) that carried no request of its own: a `transport` trace entry. */
export interface TransportEvent {
  /** `out`: an exchange we opened; `in`: an event the server sent on a stream. */
  direction: 'out' | 'in';
  /** What it was, in words (e.g. `GET <url> → 200: the server's stream…`). */
  text: string;
  /** The request it belongs to (a `subscriptions/listen`). */
  method?: string;
  id?: string | number;
  exchange?: HttpExchange;
}

/** Exchanges kept waiting for their reply (a request the server never answers must not grow this). */
const MAX_WAITING = 200;
/** Requests whose reply is a stream that stays open: its exchange is shown when it opens, not at a reply. */
const STREAM_METHODS = new Set(['subscriptions/listen']);
/** How much of a legacy SSE stream is read for its `endpoint` event (characters). */
const ENDPOINT_SCAN = 16 * 1024;

/** A DPoP proof (RFC 9449) is shown as carried, never itself (docs/auth.md "DPoP"). */
function proofAsFlag(headers: Record<string, string>): Record<string, string> {
  if (headers.dpop !== undefined) headers.dpop = '(a DPoP proof was sent; not shown)';
  return headers;
}

/**
 * The one request of a body as the SDK's transport writes it (`JSON.stringify` of one message whose
 * first key is `method` and last key an integer `id`: `{"method":"tools/call",…,"id":7}`), read from
 * its two ends; undefined for any other shape (then `requestsIn` parses). The `"id":7` just before the
 * closing brace belongs to the outermost object: a nested object would close with a brace of its own,
 * and a string would end with a quote.
 */
function endsOfRequest(body: string): { id: number; method: string } | undefined {
  const head = /^\{"method":"([^"\\]*)",/.exec(body.slice(0, 160));
  const tail = /,"id":(-?\d{1,15})\}$/.exec(body.slice(-32));
  return head?.[1] !== undefined && tail?.[1] !== undefined ? { id: Number(tail[1]), method: head[1] } : undefined;
}

/** The requests (messages with `method` and `id`) in a POST body; none for other bodies. */
function requestsIn(body: unknown): { id: string | number; method: string }[] {
  if (typeof body !== 'string') return [];
  // Issue 32 item 1: parsing every request body again (its `_meta` envelope included) only to key the exchange was a visible part of an HTTP call's CPU.
  const one = endsOfRequest(body);
  if (one) return [one];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const out: { id: string | number; method: string }[] = [];
  for (const m of Array.isArray(parsed) ? parsed : [parsed]) {
    const msg = m as { id?: unknown; method?: unknown } | null;
    if (msg && typeof msg.method === 'string' && (typeof msg.id === 'string' || typeof msg.id === 'number')) out.push({ id: msg.id, method: msg.method });
  }
  return out;
}

/** A request's headers as a record (lower-case names): a `Headers` (what the SDK's transports pass) is read as it is, not copied first. */
function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  return Object.fromEntries(headers instanceof Headers ? headers : new Headers(headers));
}

/** What a GET/DELETE/refused POST was, in words (docs/inspecting.md "Transport rows"). */
function describe(exchange: HttpExchange, legacySse: boolean): string {
  const head = `${exchange.method} ${exchange.url} → ${exchange.status}`;
  const stream = (exchange.responseHeaders['content-type'] ?? '').includes('text/event-stream');
  if (exchange.method === 'GET' && exchange.status < 300 && stream) {
    return legacySse
      ? `${head}: the HTTP+SSE stream (the server answers on it; its first event names where to POST)`
      : `${head}: the server's own stream (notifications and requests it sends unasked)`;
  }
  if (exchange.method === 'GET' && exchange.status === 405) return `${head}: the server offers no stream of its own`;
  if (exchange.method === 'DELETE') return `${head}: the session ended`;
  if (exchange.method === 'POST') return `${head}: a notification or reply we sent was refused`;
  return head;
}

/**
 * `response` with its body read as it passes for legacy SSE's `endpoint` event (at most
 * `ENDPOINT_SCAN` characters), `found` called once with its data. The body's bytes are unchanged;
 * `url` and `redirected` are kept (the redirect note reads them).
 */
function watchEndpoint(response: Response, found: (data: string) => void): Response {
  if (!response.body) return response;
  const decoder = new TextDecoder();
  let seen = '';
  let done = false;
  const scan = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      if (done) return;
      seen += decoder.decode(chunk, { stream: true });
      const match = /(?:^|\n)event:\s*endpoint\r?\ndata:\s?([^\r\n]*)\r?\n/.exec(seen);
      if (match) {
        done = true;
        found(match[1]!);
      } else if (seen.length > ENDPOINT_SCAN) done = true;
      if (done) seen = '';
    },
  });
  const copy = new Response(response.body.pipeThrough(scan), { status: response.status, statusText: response.statusText, headers: response.headers });
  Object.defineProperties(copy, { url: { value: response.url }, redirected: { value: response.redirected } });
  return copy;
}

/** Exchanges by request id, filled by `wrap`'s fetch and emptied by `take`; the rest go to `onTransport`. */
export class HttpExchanges {
  private readonly waiting = new Map<string, HttpExchange>();
  /** Set by the trace (rpc-trace.ts): receives each exchange that carried no request of its own. */
  onTransport?: (event: TransportEvent) => void;

  /** `legacySse`: the server speaks HTTP+SSE (2024-11-05), whose GET's first event is `endpoint`. */
  constructor(private readonly options: { legacySse?: boolean } = {}) {}

  /**
   * `base` (default the global fetch), noting each exchange. Never changes the request, nor the
   * response's status, headers or bytes (a legacy SSE GET's body is read as it passes).
   */
  wrap(base: FetchLike = fetch): FetchLike {
    return async (url, init) => {
      let response = await base(url, init);
      const requests = requestsIn(init?.body);
      const exchange: HttpExchange = {
        method: (init?.method ?? 'GET').toUpperCase(),
        url: String(url),
        status: response.status,
        requestHeaders: proofAsFlag(headerRecord(init?.headers)),
        responseHeaders: Object.fromEntries(response.headers.entries()),
      };
      for (const { id, method } of requests) {
        this.waiting.set(`${typeof id}:${id}`, exchange);
        if (this.waiting.size > MAX_WAITING) this.waiting.delete(this.waiting.keys().next().value!);
        if (STREAM_METHODS.has(method) && (exchange.responseHeaders['content-type'] ?? '').includes('text/event-stream')) {
          this.tell({ direction: 'out', method, id, text: `${exchange.method} ${exchange.url} → ${exchange.status}: the ${method} stream opened (what the server sends for it arrives on it)`, exchange });
        }
      }
      if (requests.length === 0 && (exchange.method !== 'POST' || response.status >= 400)) {
        this.tell({ direction: 'out', text: describe(exchange, this.options.legacySse === true), exchange });
        if (this.options.legacySse && exchange.method === 'GET' && response.ok) {
          response = watchEndpoint(response, (data) => this.tell({ direction: 'in', text: `SSE event "endpoint": the server takes our messages at ${data}` }));
        }
      }
      return response;
    };
  }

  /** Hand `event` to `onTransport`; a faulty listener never breaks the exchange. */
  private tell(event: TransportEvent): void {
    try {
      this.onTransport?.(event);
    } catch {
      // the trace's problem, not the wire's
    }
  }

  /** The exchange that carried request `id`, once (undefined when none was noted). */
  take(id: string | number): HttpExchange | undefined {
    const key = `${typeof id}:${id}`;
    const exchange = this.waiting.get(key);
    this.waiting.delete(key);
    return exchange;
  }
}
