/**
 * SDK-internal warnings go to the server's log, not to the person (issue 27 item 9). The MCP SDK
 * writes some events with `console.warn("[mcp-sdk] …")` — OAuth credential invalidation, a refresh
 * that failed, an unstamped credential, a zod fallback — and `console.warn` is the CLI's stderr and
 * the window's main-process console. The provider avoids the ones we know how to avoid
 * (oauth-provider.ts `stamped`); this catches the rest: while the transport of a server that can
 * sign in (one given an OAuth provider: http/sse with a credential, connection-launch.ts) sends, and
 * while a sign-in runs, `[mcp-sdk]` lines go to that server's log through an `AsyncLocalStorage`
 * context. Other transports are not routed: the SDK runs no OAuth for them, and a running context
 * makes every promise of the process pay an init hook on Node 20 (issue 32 item 1).
 *
 * Other lines, and `[mcp-sdk]` lines written outside any server's work, pass through unchanged. The
 * SDK's "excluding tool … from tools/list" line passes through too: mcp/tool-headers.ts catches it
 * inside the SDK's filter step, for the listing that caused it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** Where one server's SDK lines go (its log's system lines). */
export type SdkLineSink = (line: string) => void;

const sinks = new AsyncLocalStorage<SdkLineSink>();
/** Lines the SDK writes for itself. */
const SDK_LINE = /^\[mcp-sdk\] /;
/** The tool-exclusion line mcp/tool-headers.ts turns into the listing's excluded tools. */
const CLAIMED_ELSEWHERE = /^\[mcp-sdk\] excluding tool '/;
let installed = false;

/** Wrap `console.warn` once; the `console.warn` of that moment stays the one other lines reach. */
function install(): void {
  if (installed) return;
  installed = true;
  const previous = console.warn;
  console.warn = (...args: unknown[]) => {
    const sink = sinks.getStore();
    const line = args.length === 1 && typeof args[0] === 'string' ? args[0] : undefined;
    if (sink && line !== undefined && SDK_LINE.test(line) && !CLAIMED_ELSEWHERE.test(line)) {
      sink(line);
      return;
    }
    previous.apply(console, args);
  };
}

/** Run `fn` (and everything it starts) with `[mcp-sdk]` lines going to `sink`. */
export function withSdkLinesTo<T>(sink: SdkLineSink, fn: () => T): T {
  install();
  return sinks.run(sink, fn);
}

/** The transport methods a request runs through (the SDK's `Transport`). */
interface Sending {
  start(): Promise<void>;
  send(...args: never[]): Promise<void>;
}

/**
 * Every `start` and `send` of `transport` — where the SDK runs OAuth on a 401, opens its SSE stream
 * and reads the answers — with `[mcp-sdk]` lines going to `sink`. Patches the instance in place.
 */
export function routeSdkLines(transport: Sending, sink: SdkLineSink): void {
  install();
  const start = transport.start.bind(transport);
  const send = transport.send.bind(transport) as (...args: unknown[]) => Promise<void>;
  Object.assign(transport, {
    start: () => sinks.run(sink, start),
    send: (...args: unknown[]) => sinks.run(sink, () => send(...args)),
  });
}
