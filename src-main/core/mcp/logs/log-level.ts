/**
 * The level of a log line (issue 15 item 3), decided once in the core so every face colours and
 * filters alike: a server's `notifications/message` note (and an MCP App's, `app log [<level>]`:
 * handlers/app-log.ts) carries its MCP level (RFC 5424 names,
 * docs: MCP logging); a stderr line gets the level its own prefix names (`ERROR`, `WARN`, `INFO`,
 * `DEBUG`, …), or `error` when it starts like a thrown error (`SyntaxError: …`, `Traceback`), or
 * none; Switchboard's notes are `info`, its transport errors and notes of an abnormal exit or a
 * failed start (`Process exited with code 1…`, `error: …`, `giving up…`) `error`, and a late
 * message for a request no longer waited for (after a cancel or a timeout) `notice`. Pure.
 */
import type { LogEntry, LogLevel } from '../../../../src-shared/api/status.js';

const MCP_LEVELS: readonly LogLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** Prefix of the note a late message gets (connection.ts), instead of "transport error". */
export const AFTER_CANCEL_PREFIX = 'after a cancel or timeout:';

/**
 * Whether an SDK error is a message that arrived after its request stopped being waited for. The SDK
 * reports these to `onerror` as plain `Error`s with no code, so their words are read here, and only here.
 */
export function isLateMessage(message: string): boolean {
  return /^Received a (response for an unknown message ID|progress notification for an unknown token)/.test(message);
}

/** The level of a line of `stream` reading `text`, or undefined when it names none. */
export function logLevelOf(stream: LogEntry['stream'], text: string): LogLevel | undefined {
  if (stream === 'system') {
    const m = /^(?:server|app) log \[(\w+)\]/.exec(text);
    if (m && (MCP_LEVELS as readonly string[]).includes(m[1]!)) return m[1] as LogLevel;
    if (text.startsWith(AFTER_CANCEL_PREFIX)) return 'notice';
    if (/^transport error\b/.test(text)) return 'error';
    // Trial 6 finding 5: our own crash notes are errors, so "error and above" shows a crashed server.
    if (/^error: |^giving up after |^Process killed by |^Process exited with code (?!0\b)/.test(text)) return 'error';
    return 'info';
  }
  const head = text.slice(0, 80);
  if (/\b(FATAL|CRITICAL|PANIC)\b/i.test(head)) return 'critical';
  if (/\b(ERROR|ERR)\b|^error\b/i.test(head)) return 'error';
  // A line that starts like a thrown error: `Error:`, `SyntaxError:`, `TypeError [ERR_X]:`, a
  // Python `Traceback` or `ValueError:`/`…Exception:` (docs/inspecting.md § Log levels).
  if (/^\s*(?:Uncaught )?\w*(?:Error|Exception)(?: \[\w+\])?:|^Traceback \(most recent call last\)/.test(head)) return 'error';
  if (/\bWARN(ING)?\b/i.test(head)) return 'warning';
  if (/\bNOTICE\b/.test(head)) return 'notice';
  if (/\bINFO\b/i.test(head)) return 'info';
  if (/\b(DEBUG|TRACE)\b/i.test(head)) return 'debug';
  return undefined;
}
