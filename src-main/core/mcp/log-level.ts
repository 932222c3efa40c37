/**
 * The level of a log line (issue 15 item 3), decided once in the core so every face colours and
 * filters alike: a server's `notifications/message` note carries its MCP level (RFC 5424 names,
 * docs: MCP logging); a stderr line gets the level its own prefix names (`ERROR`, `WARN`, `INFO`,
 * `DEBUG`, …) or none; Switchboard's notes are `info`, its transport errors `error`, and a late
 * message for a request no longer waited for (after a cancel or a timeout) `notice`. Pure.
 */
import type { LogEntry, LogLevel } from '../../../src-shared/api/status.js';

const MCP_LEVELS: readonly LogLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** Prefix of the note a late message gets (connection.ts), instead of "transport error". */
export const AFTER_CANCEL_PREFIX = 'after a cancel or timeout:';

/** Whether an SDK error is a message that arrived after its request stopped being waited for. */
export function isLateMessage(message: string): boolean {
  return /^Received a (response for an unknown message ID|progress notification for an unknown token)/.test(message);
}

/** The level of a line of `stream` reading `text`, or undefined when it names none. */
export function logLevelOf(stream: LogEntry['stream'], text: string): LogLevel | undefined {
  if (stream === 'system') {
    const m = /^server log \[(\w+)\]/.exec(text);
    if (m && (MCP_LEVELS as readonly string[]).includes(m[1]!)) return m[1] as LogLevel;
    if (text.startsWith(AFTER_CANCEL_PREFIX)) return 'notice';
    if (/^transport error\b/.test(text)) return 'error';
    return 'info';
  }
  const head = text.slice(0, 80);
  if (/\b(FATAL|CRITICAL|PANIC)\b/i.test(head)) return 'critical';
  if (/\b(ERROR|ERR)\b|^error\b/i.test(head)) return 'error';
  if (/\bWARN(ING)?\b/i.test(head)) return 'warning';
  if (/\bNOTICE\b/.test(head)) return 'notice';
  if (/\bINFO\b/i.test(head)) return 'info';
  if (/\b(DEBUG|TRACE)\b/i.test(head)) return 'debug';
  return undefined;
}
