/**
 * One server's lifecycle (docs/connections-supervision.md): resolve its values (docs/auth.md), connect through the SDK client and
 * transport, list tools, follow `tools/list_changed`, notice when the server goes away, restart it
 * with backoff, stop cleanly.
 *
 * Every connect attempt has a number; anything that finishes for an older attempt (a connect that
 * lost a race with `stop()`, a close event of a replaced client) is ignored.
 *
 * Supervision: a server that was connected and went away (stdio exit, dropped SSE stream, failed
 * HTTP request) and a stdio server whose process ended before initializing are restarted after a
 * backoff delay (`backoff` status, `nextRestartAt`); after `maxFailedStarts` failed starts in a row
 * it stays in `error` until started by hand. Failures a retry cannot fix (command not found, 401,
 * a bad URL, a timeout) go to `error` at once — docs/operator-verbs.md: `start` clears the error and retries.
 * Layers, each its own file: connection-state.ts (state, `runtime()`), connection-lists.ts (tool-list
 * refresh, the listen stream), connection-supervision.ts (losses, failures, backoff),
 * connection-attempt.ts (start, stop, one connect attempt); this file adds tool calls and `test`
 * (a call is resolved in tools/resolve-tool.ts, run here, its result built in tools/call-result.ts).
 * Parts: connection-launch.ts (values, auth, transport), connection-failures.ts (messages),
 * restart-schedule.ts (backoff), connection-test.ts (`test`).
 */
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { TestReport } from '../../../../src-shared/api/lifecycle.js';
import type { ToolCallResult } from '../../../../src-shared/api/status.js';
import { DEFAULT_TIMEOUT_MS } from '../../../../src-shared/config/server.js';
import { isSessionExpired } from './live-client.js';
import { listAllTools } from '../tools/tool-listing.js';
import { runServerTest } from './server-test.js';
import type { ConnectionEvents, ConnectionOptions, Live } from './connection-types.js';
import { buildCallResult, SESSION_RETRY_NOTE } from '../tools/call-result.js';
import type { ToolTarget } from '../tools/resolve-tool.js';
import { executeToolCall } from '../tools/tool-bridge.js';
import type { CallToolOptions } from '../manager/types.js';
import { taskToFollow } from '../tools/task-runner.js';
import { ConnectionAttempt } from './connection-attempt.js';

export type { ConnectionEvents, ConnectionOptions } from './connection-types.js';
export { LATENCY_WINDOW } from './connection-state.js';

/** One server's runtime: status, tools, client. Public state is read through `runtime()`. */
export class ServerConnection extends ConnectionAttempt {
  /**
   * Run a resolved call on the live client (tools/resolve-tool.ts checked status and tool; the
   * words of its result are tools/call-result.ts's). Never throws for the call's own failures: they
   * map into the result; throws `SdkError(NotConnected)` when the connection went away since.
   */
  async callTool(target: ToolTarget, args: Record<string, unknown>, options: CallToolOptions = {}): Promise<ToolCallResult> {
    const live = this.live;
    if (!live || this.status !== 'connected') throw new SdkError(SdkErrorCode.NotConnected, 'Not connected');
    const { name: tool, definition, outputSchema } = target;
    const timeoutMs = options.timeoutMs ?? target.timeoutMs;
    const hooks = this.options.hooks;
    let events = 0; // progress that reached us: a buffering proxy lets none through (stream-timeout-hint.ts)
    const run = async (on: Live): Promise<[ToolCallResult, unknown]> => {
      let failure: unknown;
      const result = await executeToolCall(on.client, this.name, tool, args, {
        timeoutMs,
        // Issue 12 item 5: a task handle becomes a listed task whose outcome is this call's result.
        followTask: hooks?.followTask && ((task, started) => hooks.followTask!(taskToFollow(on.client, this.name, tool, task, started, timeoutMs, options, outputSchema))),
        signal: options.signal,
        onProgress: (p) => {
          events++;
          options.onProgress?.(p);
        },
        pause: this.options.hooks?.broker?.pauseFor(this.name),
        outputSchema,
        definition,
        onFailure: (err) => {
          failure = err;
        },
      });
      return [result, failure];
    };
    let [result, failure] = await run(live);
    let used = live;
    if (failure !== undefined && isSessionExpired(live, failure) && this.live === live) {
      // docs/connections-supervision.md: a 404 on a request that carried a session id means the session expired:
      // re-initialise once and retry.
      this.note(SESSION_RETRY_NOTE);
      await this.reinitialise(live);
      if (this.live && this.status === 'connected') {
        used = this.live;
        [result, failure] = await run(used);
      }
    }
    if (failure !== undefined) this.handleRequestFailure(used, failure);
    const statusNow: string = this.status; // changed by handleRequestFailure (TypeScript still narrows it to 'connected')
    result = buildCallResult({
      result,
      thrown: failure,
      timeoutMs,
      transport: this.definition.transport,
      eventsSeen: events,
      stdio: used.stdio,
      stderrTail: () => this.stderrOfAttempt(),
      needsAuth: statusNow === 'needs-auth' ? this.lastError : undefined,
      redact: (text) => this.redact(text),
    });
    // A cancelled call measured the person, not the server: it does not count as latency.
    if (options.signal?.aborted !== true) this.recordLatency(result.durationMs);
    return result;
  }

  /**
   * `test` (docs/operator-verbs.md): connect (or reuse), list tools, ping; latencies in ms. Never rejects.
   */
  test(): Promise<TestReport> {
    return runServerTest({
      name: this.name,
      status: () => this.status,
      lastError: () => (this.lastError === undefined ? undefined : this.redact(this.lastError)),
      redact: (text) => this.redact(text),
      timeoutMs: this.definition.timeout ?? DEFAULT_TIMEOUT_MS,
      start: () => this.start(),
      live: () => this.live,
      acceptTools: (live, tools) => {
        if (this.live === live) this.tools = tools;
        return this.exposedTools().length;
      },
      recordLatency: (ms) => this.recordLatency(ms),
      requestFailed: (live, err) => this.handleRequestFailure(live, err),
      changed: () => this.emit('status'),
    });
  }
}

export { listAllTools, MAX_TOOL_PAGES } from '../tools/tool-listing.js';
