/**
 * The HTTP exchange behind each JSON-RPC request to an http/sse server (issue 15 item 2: the trace
 * shows HTTP headers, the `Mcp-*` ones included): a fetch wrapper that notes, per request id found
 * in a POST body, the method, URL, status and both sides' headers; the trace takes the exchange when
 * the reply to that id arrives and stores it, redacted, on the reply's entry (rpc-trace.ts).
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

/** Exchanges kept waiting for their reply (a request the server never answers must not grow this). */
const MAX_WAITING = 200;

/** The ids of the requests (messages with `method` and `id`) in a POST body; none for other bodies. */
function requestIds(body: unknown): (string | number)[] {
  if (typeof body !== 'string') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const ids: (string | number)[] = [];
  for (const m of Array.isArray(parsed) ? parsed : [parsed]) {
    const msg = m as { id?: unknown; method?: unknown } | null;
    if (msg && typeof msg.method === 'string' && (typeof msg.id === 'string' || typeof msg.id === 'number')) ids.push(msg.id);
  }
  return ids;
}

/** Exchanges by request id, filled by `wrap`'s fetch and emptied by `take`. */
export class HttpExchanges {
  private readonly waiting = new Map<string, HttpExchange>();

  /** `base` (default the global fetch), noting each POST that carries requests. Never changes the request or response. */
  wrap(base: FetchLike = fetch): FetchLike {
    return async (url, init) => {
      const response = await base(url, init);
      const ids = requestIds(init?.body);
      if (ids.length > 0) {
        const exchange: HttpExchange = {
          method: init?.method ?? 'GET',
          url: String(url),
          status: response.status,
          requestHeaders: Object.fromEntries(new Headers(init?.headers).entries()),
          responseHeaders: Object.fromEntries(response.headers.entries()),
        };
        for (const id of ids) {
          this.waiting.set(`${typeof id}:${id}`, exchange);
          if (this.waiting.size > MAX_WAITING) this.waiting.delete(this.waiting.keys().next().value!);
        }
      }
      return response;
    };
  }

  /** The exchange that carried request `id`, once (undefined when none was noted). */
  take(id: string | number): HttpExchange | undefined {
    const key = `${typeof id}:${id}`;
    const exchange = this.waiting.get(key);
    this.waiting.delete(key);
    return exchange;
  }
}
