/**
 * The bridge's transport to the sandbox proxy frame (docs/mcp-apps.md § The bridge): the contract of
 * the SDK's `PostMessageTransport` (ext-apps 2.0.4), with three differences —
 * - it posts to the sandbox's EXACT origin (the SDK posts to `*`, which would hand tool results to
 *   whatever page the frame had been navigated to), and takes messages only from that frame AND that
 *   origin (the SDK checks the frame only);
 * - it reports every message both ways to `log` (the bridge log);
 * - it does not `console.debug` each message: the SDK's listener does, and with a devtools session
 *   attached (an open DevTools, Playwright) every such call serializes the message — about 0.2 ms a
 *   message on a 2-core machine, so a flooding app (10,000 messages a second) kept the window busy.
 * Incoming data is validated with the SDK's `parseJSONRPCMessage`; data that is not JSON-RPC is
 * ignored, and JSON-RPC 2.0 that does not parse reaches `onerror` (as in the SDK).
 */
import { parseJSONRPCMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';

/** One line of the bridge log. `params`: the message's params/result/error as JSON text (untrusted). */
export interface BridgeLogEntry {
  seq: number;
  at: number;
  direction: 'host→app' | 'app→host';
  /** The method, or `response #<id>` / `error #<id>`. */
  method: string;
  params: string;
  /** On a response: the method of the request it answers (requests and responses are paired by id). */
  replyTo?: string;
}

/** What a JSON-RPC message is called in the log. */
export function messageLabel(m: JSONRPCMessage): { method: string; params: string } {
  const any = m as { method?: unknown; id?: unknown; params?: unknown; result?: unknown; error?: unknown };
  if (typeof any.method === 'string') return { method: any.method, params: JSON.stringify(any.params ?? {}) };
  if (any.error !== undefined) return { method: `error #${String(any.id)}`, params: JSON.stringify(any.error) };
  return { method: `response #${String(any.id)}`, params: JSON.stringify(any.result ?? {}) };
}

/** Where `message` events arrive: the window (a test passes its own `EventTarget`). */
type MessageEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export class LoggedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private seq = 0;
  /** Open requests, `<direction>:<id>` → method; an entry goes when its response passes the other way. */
  private readonly open = new Map<string, string>();

  /**
   * @param frame the sandbox proxy frame's window: messages are posted to it, and taken only from it.
   * @param origin the sandbox's exact origin (`http://127.0.0.1:<port>`).
   * @param log called once per message, both ways, in the order they pass.
   * @param events where `message` events arrive; default `window`.
   */
  constructor(
    private readonly frame: Window,
    private readonly origin: string,
    private readonly log: (e: BridgeLogEntry) => void,
    private readonly events: MessageEvents = window,
  ) {}

  private readonly listener = (event: Event): void => {
    const { source, origin, data } = event as MessageEvent<unknown>;
    if (source !== this.frame || origin !== this.origin) return;
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(data);
    } catch (e) {
      if ((data as { jsonrpc?: unknown } | null)?.jsonrpc === '2.0') {
        this.onerror?.(new Error(`Invalid JSON-RPC message received: ${e instanceof Error ? e.message : String(e)}`));
      }
      return;
    }
    this.record('app→host', message);
    this.onmessage?.(message);
  };

  private record(direction: BridgeLogEntry['direction'], m: JSONRPCMessage): void {
    const { id, method } = m as { id?: unknown; method?: unknown };
    let replyTo: string | undefined;
    if (typeof id === 'string' || typeof id === 'number') {
      if (typeof method === 'string') {
        this.open.set(`${direction}:${id}`, method);
        if (this.open.size > 1000) this.open.clear(); // an app that never answers does not grow this without end
      } else {
        const key = `${direction === 'host→app' ? 'app→host' : 'host→app'}:${id}`;
        replyTo = this.open.get(key);
        this.open.delete(key);
      }
    }
    this.log({ seq: ++this.seq, at: Date.now(), direction, ...messageLabel(m), ...(replyTo ? { replyTo } : {}) });
  }

  start(): Promise<void> {
    this.events.addEventListener('message', this.listener);
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    this.record('host→app', message);
    this.frame.postMessage(message, this.origin);
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.events.removeEventListener('message', this.listener);
    this.onclose?.();
    return Promise.resolve();
  }
}
