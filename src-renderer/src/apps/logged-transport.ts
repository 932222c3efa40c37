/**
 * The SDK's `PostMessageTransport` (ext-apps 2.0.4) to the sandbox proxy frame, with two changes:
 * it posts to the sandbox's EXACT origin (the SDK posts to `*`, which would hand tool results to
 * whatever page the frame had been navigated to), and it reports every message both ways to `log`
 * (the bridge log, docs/mcp-apps.md § The bridge).
 */
import { PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

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

type Message = Parameters<PostMessageTransport['send']>[0];

/** What a JSON-RPC message is called in the log. */
export function messageLabel(m: Message): { method: string; params: string } {
  const any = m as { method?: unknown; id?: unknown; params?: unknown; result?: unknown; error?: unknown };
  if (typeof any.method === 'string') return { method: any.method, params: JSON.stringify(any.params ?? {}) };
  if (any.error !== undefined) return { method: `error #${String(any.id)}`, params: JSON.stringify(any.error) };
  return { method: `response #${String(any.id)}`, params: JSON.stringify(any.result ?? {}) };
}

export class LoggedTransport extends PostMessageTransport {
  private seq = 0;
  /** Open requests, `<direction>:<id>` → method; an entry goes when its response passes the other way. */
  private readonly open = new Map<string, string>();
  private appHandler?: PostMessageTransport['onmessage'];

  constructor(
    private readonly frame: Window,
    private readonly origin: string,
    private readonly log: (e: BridgeLogEntry) => void,
  ) {
    super(frame, frame);
    // The SDK sets onmessage after construction (Protocol.connect); keep ours in front of it.
    Object.defineProperty(this, 'onmessage', {
      get: () => this.appHandler && this.received,
      set: (h: PostMessageTransport['onmessage']) => (this.appHandler = h),
    });
  }

  private readonly received: NonNullable<PostMessageTransport['onmessage']> = (m, extra) => {
    this.record('app→host', m);
    this.appHandler?.(m, extra);
  };

  private record(direction: BridgeLogEntry['direction'], m: Message): void {
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

  override send(message: Message): Promise<void> {
    this.record('host→app', message);
    this.frame.postMessage(message, this.origin);
    return Promise.resolve();
  }
}
