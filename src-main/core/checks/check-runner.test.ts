/**
 * A check's status comes from the result's typed `failure`, never from its words (issue 29 item 3):
 * a call that failed as a call is `error` whatever its text; a tool's own `isError` answer is judged
 * by the assertions even when its text starts with `MCP error:`.
 */
import { describe, expect, it } from 'vitest';
import type { SavedCall } from '../../../src-shared/api/checks.js';
import { ok } from '../../../src-shared/api/envelope.js';
import type { ToolCallResult } from '../../../src-shared/api/status.js';
import { runCheck, type CheckRunnerDeps } from './check-runner.js';

const call: SavedCall = { name: 'c', server: 's', tool: 't', arguments: {}, expect: [{ kind: 'isError', value: false }] };

/** A runner world where `s` lists one read-only tool `t` whose call answers `result`. */
function answering(result: ToolCallResult): CheckRunnerDeps {
  return {
    tools: async () => ok([{ server: 's', name: 't', agentName: 'mcp_s_t', description: '', agentDescription: '[MCP:s] ', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true }, collidesWith: [] }]),
    whyMissing: () => 'missing',
    call: async () => ok(result),
  };
}

describe('runCheck decides by the typed failure', () => {
  it('a cancelled call (text "Cancelled", failure cancelled) could not run', async () => {
    const result: ToolCallResult = { server: 's', tool: 't', isError: true, text: 'Cancelled', content: [], durationMs: 5, failure: { code: 'cancelled', retryable: true } };
    expect(await runCheck(call, answering(result))).toEqual({
      name: 'c', server: 's', tool: 't', assertions: [], status: 'error', durationMs: 5, message: 'Cancelled', failure: { code: 'cancelled', retryable: true },
    });
  });

  it("a result without a failure is judged by its assertions, even when its text reads 'MCP error:'", async () => {
    const result: ToolCallResult = { server: 's', tool: 't', isError: true, text: 'MCP error: written by the tool', content: [], durationMs: 5 };
    const outcome = await runCheck(call, answering(result));
    expect(outcome.status).toBe('failed');
    expect(outcome.failure).toBeUndefined();
    expect(outcome.assertions.map((a) => a.passed)).toEqual([false]);
  });
});
