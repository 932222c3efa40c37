/**
 * Timeouts over HTTP and proxies that buffer (issue 14 item 2; docs/connections-supervision.md
 * "Timeouts"): a Streamable HTTP or SSE server answers a request on an event stream, and its
 * progress notifications keep the call's timeout from running out. A proxy between us and the server
 * that buffers responses (nginx's default `proxy_buffering on`, some corporate proxies) holds those
 * events back until the stream ends, so a long call times out though the server was working. A
 * timeout of a remote server's call that got none of its events says so, with what to change.
 */
import type { ToolCallResult } from '../../../../src-shared/api/status.js';
import type { ServerDefinition } from '../../../../src-shared/config/server.js';

/** The sentence added to a remote call's timeout. */
export const PROXY_BUFFERING_HINT =
  'Over HTTP, a proxy between Switchboard and the server may be buffering the response stream, which holds back its progress and its answer until the stream ends: turn response buffering off for this path (nginx: proxy_buffering off, or the server sends X-Accel-Buffering: no), or connect without the proxy.';

/**
 * `result` with the proxy-buffering hint when the evidence points there; else `result` itself. The
 * evidence: a timeout of a call to an http/sse server during which no event of the call's stream
 * (`eventsSeen`: its progress notifications) reached us — a buffering proxy holds back every one. A
 * call whose progress got through and then stopped was not buffered: a slow or stuck server.
 */
export function withStreamTimeoutHint(result: ToolCallResult, transport: ServerDefinition['transport'], eventsSeen = 0): ToolCallResult {
  if (result.failure?.code !== 'timeout' || (transport !== 'http' && transport !== 'sse') || eventsSeen > 0) return result;
  return {
    ...result,
    text: `${result.text} ${PROXY_BUFFERING_HINT}`,
    failure: { ...result.failure, hint: `${result.failure.hint ? `${result.failure.hint} ` : ''}${PROXY_BUFFERING_HINT}` },
  };
}
