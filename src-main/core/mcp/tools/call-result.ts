/**
 * One place that turns what happened during a tool call into the result's words and its typed
 * `failure` (issue 29 item 3; docs/tool-bridge.md "Where a call goes"). The connection
 * (connection.ts `callTool`) gathers the facts — what the bridge mapped, the thrown failure, the
 * stdio transport's exit and fatal error, its status after the call, how many of the call's stream
 * events arrived — and this builds the result; pure. The texts are the ones the CLI documents
 * (docs/tool-bridge.md "Calls"); tests assert them.
 */
import type { ToolCallResult } from '../../../../src-shared/api/status.js';
import type { ServerDefinition } from '../../../../src-shared/config/server.js';
import { describeCallLoss } from '../failures/connection-failures.js';
import { isRequestTimeout, timeoutHint } from '../failures/failure-text.js';
import { withStreamTimeoutHint } from '../failures/stream-timeout-hint.js';
import type { SupervisedStdioTransport } from '../transport/stdio-transport.js';

/** The log note of a call whose HTTP session expired (docs/connections-supervision.md): it is retried once. */
export const SESSION_RETRY_NOTE = 'session expired (HTTP 404 with Mcp-Session-Id): re-initialising and retrying once';

/** The hint of a call that ended with its stdio server's process. */
const PROCESS_EXITED_HINT = "See the server's log for what it printed before it ended.";

/** What happened during one call (after its session-expiry retry, if any). */
export interface CallFacts {
  /** What the bridge made of the server's answer or of the thrown failure (tool-bridge.ts `executeToolCall`). */
  result: ToolCallResult;
  /** The failure the call threw (not a cancellation); undefined when the server answered or the person cancelled. */
  thrown?: unknown;
  /** The call's timeout in ms (named in a timeout's text). */
  timeoutMs: number;
  /** The server's transport: a remote call's timeout may name a buffering proxy. */
  transport: ServerDefinition['transport'];
  /** Events of the call's stream that reached us (its progress notifications). */
  eventsSeen: number;
  /** The stdio transport the call went over (absent: a remote server). */
  stdio?: Pick<SupervisedStdioTransport, 'exitInfo' | 'fatalError'>;
  /** The attempt's last stderr lines (read only when the process ended during the call). */
  stderrTail: () => string[];
  /** The sign-in the call found it needs: the connection's `lastError` when its status is now `needs-auth`. */
  needsAuth?: string;
  /** Masks values from the configuration (an error text may quote server output that echoes a token we sent). */
  redact: (text: string) => string;
}

/**
 * The call's result from `facts`, in this order: a timeout says what to raise; a sign-in the call
 * found needed says what to run (as the status does, issue 27 item 9); a stdio transport that closed
 * itself says why (`MCP error: <fatal error>`, e.g. an oversized reply); a process that ended
 * during the call gives its exit and stderr tail (`process-exited`, trial 6 finding 3); a remote
 * timeout with no stream event names a buffering proxy (issue 14 item 2); an error's text is
 * redacted last. A result the server answered is returned as mapped (redacted if `isError`).
 */
export function buildCallResult(facts: CallFacts): ToolCallResult {
  const { thrown } = facts;
  let result = facts.result;
  if (thrown !== undefined) {
    if (isRequestTimeout(thrown)) result = { ...result, text: `${result.text}. ${timeoutHint(facts.timeoutMs, 'the tool needs longer')}` };
    if (facts.needsAuth !== undefined) result = { ...result, text: facts.needsAuth };
    if (facts.stdio?.fatalError) result = { ...result, text: `MCP error: ${facts.stdio.fatalError}` };
    const loss = describeCallLoss(thrown, facts.stdio, facts.stderrTail());
    if (loss) result = { ...result, text: loss, failure: { code: 'process-exited', retryable: true, hint: PROCESS_EXITED_HINT } };
  }
  result = withStreamTimeoutHint(result, facts.transport, facts.eventsSeen);
  if (result.isError) result = { ...result, text: facts.redact(result.text) };
  return result;
}
