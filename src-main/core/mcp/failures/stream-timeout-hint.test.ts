/** The proxy-buffering hint shows only where the evidence points there (issue 14 item 2). */
import { describe, expect, it } from 'vitest';
import type { ToolCallResult } from '../../../../src-shared/api/status.js';
import { PROXY_BUFFERING_HINT, withStreamTimeoutHint } from './stream-timeout-hint.js';

const timedOut: ToolCallResult = { isError: true, text: 'MCP error -32001: Request timed out', durationMs: 3000, failure: { code: 'timeout', retryable: true, hint: 'Raise the timeout.' } } as ToolCallResult;

describe('withStreamTimeoutHint', () => {
  it('a remote call that timed out with none of its events through gets the hint', () => {
    const out = withStreamTimeoutHint(timedOut, 'http', 0);
    expect(out.text).toBe(`${timedOut.text} ${PROXY_BUFFERING_HINT}`);
    expect(out.failure?.hint).toBe(`Raise the timeout. ${PROXY_BUFFERING_HINT}`);
  });
  it('not when its progress got through and then stopped (failing input: any remote timeout got it), nor over stdio, nor for other failures', () => {
    expect(withStreamTimeoutHint(timedOut, 'http', 3)).toBe(timedOut);
    expect(withStreamTimeoutHint(timedOut, 'sse', 1)).toBe(timedOut);
    expect(withStreamTimeoutHint(timedOut, 'stdio', 0)).toBe(timedOut);
    const refused = { ...timedOut, failure: { code: 'unreachable', retryable: true } } as ToolCallResult;
    expect(withStreamTimeoutHint(refused, 'http', 0)).toBe(refused);
  });
});
