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
  it('recognises the SDK errors of messages that came after their request was given up', () => {
    expect(isLateMessage('Received a response for an unknown message ID: {"id":3}')).toBe(true);
    expect(isLateMessage('Received a progress notification for an unknown token: {}')).toBe(true);
    expect(isLateMessage('EPIPE')).toBe(false);
  });
});
