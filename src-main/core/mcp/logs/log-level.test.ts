import { describe, expect, it } from 'vitest';
import { isLateMessage, logLevelOf } from './log-level.js';

describe('log levels', () => {
  it('takes a server log note\'s MCP level, Switchboard notes are info, transport errors error', () => {
    expect(logLevelOf('system', 'server log [warning] db: slow')).toBe('warning');
    expect(logLevelOf('system', 'server log [bogus]: x')).toBe('info');
    expect(logLevelOf('system', 'connected to x')).toBe('info');
    expect(logLevelOf('system', 'transport error: EPIPE')).toBe('error');
    expect(logLevelOf('system', 'after a cancel or timeout: a reply to request 4 arrived')).toBe('notice');
  });
  it('reads a stderr line\'s own prefix, or none', () => {
    expect(logLevelOf('stderr', '2026-01-01 ERROR boom')).toBe('error');
    expect(logLevelOf('stderr', '[WARN] careful')).toBe('warning');
    expect(logLevelOf('stderr', 'INFO listening')).toBe('info');
    expect(logLevelOf('stderr', 'debug: x')).toBe('debug');
    expect(logLevelOf('stderr', 'Secure MCP Filesystem Server running on stdio')).toBeUndefined();
    expect(logLevelOf('stderr', 'errors are fine here')).toBeUndefined();
  });
  it('marks crash notes and lines that start like a thrown error as errors (trial 6 finding 5)', () => {
    expect(logLevelOf('system', "Process exited with code 1 before initializing: SyntaxError: Unexpected token '{'")).toBe('error');
    expect(logLevelOf('system', 'Process exited with code 3: FATAL: out of widgets')).toBe('error');
    expect(logLevelOf('system', 'Process killed by SIGKILL')).toBe('error');
    expect(logLevelOf('system', 'error: Process exited with code 1 before initializing')).toBe('error');
    expect(logLevelOf('system', 'giving up after 5 failed starts in a row')).toBe('error');
    expect(logLevelOf('system', 'Process exited with code 0')).toBe('info');
    expect(logLevelOf('stderr', 'SyntaxError: Unexpected end of JSON input')).toBe('error');
    expect(logLevelOf('stderr', "Error: Cannot find module '/x/sever.mjs'")).toBe('error');
    expect(logLevelOf('stderr', 'TypeError [ERR_INVALID_ARG_TYPE]: The "path" argument must be of type string')).toBe('error');
    expect(logLevelOf('stderr', 'Traceback (most recent call last):')).toBe('error');
    expect(logLevelOf('stderr', 'ValueError: bad widget')).toBe('error');
    expect(logLevelOf('stderr', 'FATAL: out of widgets')).toBe('critical');
    expect(logLevelOf('stderr', 'panic: runtime error: index out of range')).toBe('critical');
    expect(logLevelOf('stderr', 'Reading errors: none')).toBeUndefined();
  });
  it('recognises the SDK errors of messages that came after their request was given up', () => {
    expect(isLateMessage('Received a response for an unknown message ID: {"id":3}')).toBe(true);
    expect(isLateMessage('Received a progress notification for an unknown token: {}')).toBe(true);
    expect(isLateMessage('EPIPE')).toBe(false);
  });
});
