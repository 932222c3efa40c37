import { describe, expect, it } from 'vitest';
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { ToolCallResult } from '../../../../src-shared/api/status.js';
import { buildCallResult, type CallFacts } from './call-result.js';
import { mapCallFailure } from './tool-bridge.js';
import { PROXY_BUFFERING_HINT } from '../failures/stream-timeout-hint.js';

const timeout = new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out');
const closed = new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed');
const TIMEOUT_TEXT = "MCP error: Request timed out. The server did not answer within 500 ms: raise the server's timeout if the tool needs longer.";
const TIMEOUT_FAILURE = { code: 'timeout', retryable: true, hint: 'Raise the timeout (now 500 ms) if the tool needs longer.' };
const EXITED = { code: 'process-exited', retryable: true, hint: "See the server's log for what it printed before it ended." };

/** A thrown failure as the bridge maps it, with the facts around it (stdio, no events, nothing to redact). */
function facts(thrown: unknown, more: Partial<CallFacts> = {}): CallFacts {
  return {
    result: mapCallFailure('s', 't', thrown, 7, false, 500),
    thrown,
    timeoutMs: 500,
    transport: 'stdio',
    eventsSeen: 0,
    stderrTail: () => ['booting', 'fatal: token sk-123 refused'],
    redact: (text) => text.replaceAll('sk-123', '[redacted]'),
    ...more,
  };
}

const answered = (isError: boolean, text: string): ToolCallResult => ({ server: 's', tool: 't', isError, text, content: [{ type: 'text', text }], durationMs: 3 });

describe('buildCallResult', () => {
  it('keeps an answer as mapped; an error answer is redacted', () => {
    const ok = answered(false, 'echo sk-123');
    expect(buildCallResult({ ...facts(undefined), result: ok, thrown: undefined })).toEqual(ok);
    const err = buildCallResult({ ...facts(undefined), result: answered(true, 'Error: bad sk-123'), thrown: undefined });
    expect(err.text).toBe('Error: bad [redacted]');
    expect(err.failure).toBeUndefined();
  });

  it('a timeout says what to raise (failure timeout); over stdio no proxy hint', () => {
    const r = buildCallResult(facts(timeout));
    expect(r.text).toBe(TIMEOUT_TEXT);
    expect(r.failure).toEqual(TIMEOUT_FAILURE);
    expect(r.durationMs).toBe(7);
  });

  it('a remote timeout with no stream event names a buffering proxy, in the text and the hint', () => {
    const r = buildCallResult(facts(timeout, { transport: 'http', stdio: undefined }));
    expect(r.text).toBe(`${TIMEOUT_TEXT} ${PROXY_BUFFERING_HINT}`);
    expect(r.failure).toEqual({ ...TIMEOUT_FAILURE, hint: `${TIMEOUT_FAILURE.hint} ${PROXY_BUFFERING_HINT}` });
    expect(buildCallResult(facts(timeout, { transport: 'sse', stdio: undefined })).text).toBe(`${TIMEOUT_TEXT} ${PROXY_BUFFERING_HINT}`);
  });

  it('a remote timeout after a stream event got through is a slow server: no proxy hint', () => {
    const r = buildCallResult(facts(timeout, { transport: 'http', eventsSeen: 1 }));
    expect(r.text).toBe(TIMEOUT_TEXT);
    expect(r.failure).toEqual(TIMEOUT_FAILURE);
  });

  it('a call that found a sign-in is needed says what to run', () => {
    const r = buildCallResult(facts(new Error('401'), { transport: 'http', needsAuth: 'Sign in to "s": run switchboard login s' }));
    expect(r.text).toBe('Sign in to "s": run switchboard login s');
    expect(r.failure?.code).toBe('unknown');
  });

  it('needs-auth without a thrown failure changes nothing', () => {
    const ok = answered(false, 'fine');
    expect(buildCallResult({ ...facts(undefined, { needsAuth: 'Sign in' }), result: ok, thrown: undefined })).toEqual(ok);
  });

  it('a stdio transport that closed itself says why, not "Connection closed" (even with the process gone)', () => {
    const fatalError = 'A line on stdout is longer than 4194304 bytes';
    const r = buildCallResult(facts(closed, { stdio: { fatalError, exitInfo: { code: null, signal: 'SIGTERM' } } }));
    expect(r.text).toBe(`MCP error: ${fatalError}`);
    expect(r.failure?.code).not.toBe('process-exited');
  });

  it('a process that ended during the call gives its exit and redacted stderr tail (process-exited)', () => {
    const r = buildCallResult(facts(closed, { stdio: { exitInfo: { code: 3, signal: null } } }));
    expect(r.text).toBe('MCP error: Connection closed — the server process exited with code 3 during this call: booting\nfatal: token [redacted] refused');
    expect(r.failure).toEqual(EXITED);
    const killed = buildCallResult(facts(closed, { stdio: { exitInfo: { code: null, signal: 'SIGKILL' } }, stderrTail: () => [] }));
    expect(killed.text).toBe('MCP error: Connection closed — the server process was killed by SIGKILL during this call');
  });

  it('a timeout while the process had ended is still a timeout (only a closed connection is a loss)', () => {
    const r = buildCallResult(facts(timeout, { stdio: { exitInfo: { code: 3, signal: null } } }));
    expect(r.text).toBe(TIMEOUT_TEXT);
    expect(r.failure).toEqual(TIMEOUT_FAILURE);
  });

  it('a closed connection with the process still running keeps the SDK text', () => {
    const r = buildCallResult(facts(closed, { stdio: {} }));
    expect(r.text).toBe('MCP error: Connection closed');
    expect(r.failure?.code).toBe('unreachable');
  });

  it('a cancelled call reads Cancelled (no thrown failure reaches the builder)', () => {
    const r = buildCallResult({ ...facts(undefined), result: mapCallFailure('s', 't', timeout, 2, true, 500), thrown: undefined });
    expect(r.text).toBe('Cancelled');
    expect(r.failure?.code).toBe('cancelled');
  });
});
