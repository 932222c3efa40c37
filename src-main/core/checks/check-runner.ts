/**
 * Run saved calls one after another and judge them (issue 15 item 7; docs/checks.md § Running).
 * One at a time, so an `underMs` bound measures one call, not a crowd. A destructive tool — by the
 * MCP default every tool that does not say `readOnlyHint: true` or `destructiveHint: false`
 * (src-shared/tool-safety.ts) — is called only when the run confirms it; otherwise it is reported
 * `needsConfirmation` and nothing is sent.
 */
import type { CheckOutcome, CheckRun, SavedCall } from '../../../src-shared/api/checks.js';
import type { Result } from '../../../src-shared/api/envelope.js';
import type { ToolCallResult, ToolInfo } from '../../../src-shared/api/status.js';
import { destructiveReason, isDestructiveTool } from '../../../src-shared/tool-safety.js';
import { evaluateAssertions } from './assertions.js';

/** What the runner needs from the core. */
export interface CheckRunnerDeps {
  /** The tools of `server` now; a failure when the server is unknown. */
  tools(server: string): Promise<Result<ToolInfo[]>>;
  /** Why `tool` of `server` is not listed (e.g. the server is not connected). */
  whyMissing(server: string, tool: string): string;
  /** Call the tool with the saved arguments as they are (a failure: it could not be called). */
  call(server: string, tool: string, args: Record<string, unknown>): Promise<Result<ToolCallResult>>;
}

/** Options of `runChecks`. */
export interface RunOptions {
  /** Call destructive tools (`isDestructiveTool`; the person confirmed, or `--yes`). Default false. */
  confirmDestructive?: boolean;
}

/** Run one saved call and judge its result. Never throws. */
export async function runCheck(call: SavedCall, deps: CheckRunnerDeps, options: RunOptions = {}): Promise<CheckOutcome> {
  const base = { name: call.name, server: call.server, tool: call.tool, assertions: [] };
  try {
    const listed = await deps.tools(call.server);
    if (!listed.ok) return { ...base, status: 'error', message: listed.error.message };
    const info = listed.data.find((t) => t.name === call.tool);
    if (!info) return { ...base, status: 'error', message: deps.whyMissing(call.server, call.tool) };
    if (isDestructiveTool(info.annotations) && !options.confirmDestructive) {
      return {
        ...base,
        status: 'needsConfirmation',
        message: `"${call.tool}" may change or delete something — ${destructiveReason(info.annotations)}: it was not called. Confirm it to run it.`,
      };
    }
    const called = await deps.call(call.server, call.tool, call.arguments);
    if (!called.ok) return { ...base, status: 'error', message: called.error.message };
    const result = called.data;
    // The call itself failed (transport, JSON-RPC error, timeout, cancelled): "could not run", as for
    // `switchboard call`. Decided by the typed `failure` (issue 29 item 3), never by the text: a
    // tool's own `isError` result is an answer the assertions judge, whatever its words.
    if (result.failure) return { ...base, status: 'error', durationMs: result.durationMs, message: result.text, failure: result.failure };
    const assertions = evaluateAssertions(call.expect, result, info);
    return { ...base, status: assertions.every((a) => a.passed) ? 'passed' : 'failed', durationMs: result.durationMs, assertions };
  } catch (err) {
    return { ...base, status: 'error', message: err instanceof Error ? err.message : String(err) };
  }
}

/** Run `calls` in order and count the outcomes. */
export async function runChecks(file: string, calls: readonly SavedCall[], deps: CheckRunnerDeps, options: RunOptions = {}): Promise<CheckRun> {
  const results: CheckOutcome[] = [];
  for (const call of calls) results.push(await runCheck(call, deps, options));
  return {
    file,
    results,
    passed: results.filter((r) => r.status === 'passed').length,
    failed: results.filter((r) => r.status === 'failed').length,
    notRun: results.filter((r) => r.status === 'error' || r.status === 'needsConfirmation').length,
  };
}
