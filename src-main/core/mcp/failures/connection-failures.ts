/**
 * What a failed connect or a lost server is reported as (docs/operator-verbs.md "say why"): the exit and stderr
 * tail of a stdio process, the timeout with what to do about it, junk on stdout, bad credentials.
 */
import { isAuthFailure } from './failure-code.js';
import type { LogStore } from '../logs/log-buffer.js';
import { spawnNotFoundMessage } from './spawn-hint.js';
import { describeExit, type SupervisedStdioTransport } from '../transport/stdio-transport.js';
import { eraFailureOf, failureMessage, isConnectionClosed, isRequestTimeout, timeoutHint } from './failure-text.js';

/** stderr lines quoted in an exit or failure message. */
export const STDERR_TAIL_LINES = 5;
/** stderr lines searched for the one that matters (`Error: Cannot find module …`). */
export const STDERR_SCAN_LINES = 60;
/** A stack frame inside Node itself (`at … (node:internal/…)`): never the server author's code. */
const NODE_INTERNAL_FRAME = /^\s*at (?:.*\()?node:internal\//;
/** Characters of one quoted stderr line. */
const STDERR_LINE_CHARS = 300;
/** Characters of a non-JSON stdout line quoted in a connect failure. */
const STDOUT_QUOTE_CHARS = 120;

/**
 * The stderr lines worth quoting (docs/operator-verbs.md "say why"): where Node says the error is
 * (`file:///…/server.mjs:64`, the source line and the `^` under it; trial 6 finding 4) when it
 * reported that, then the first line matching /error/i (where a stack trace or Node's
 * `Error: Cannot find module …` says what went wrong) when it is not among the last lines, then
 * `…`, then the last `STDERR_TAIL_LINES` lines — at most `STDERR_TAIL_LINES + 5` lines, each cut to
 * 300 characters. Blank lines and Node's own `node:internal` stack frames are skipped, and a location
 * in Node's own files (`node:internal/…:1210`, a missing module) is not quoted as one.
 */
export function stderrExcerpt(lines: readonly string[]): string[] {
  const all = lines.filter((l) => l.trim() !== '' && !NODE_INTERNAL_FRAME.test(l));
  // Node's report of a syntax error or an uncaught throw starts with `<file>:<line>`, the source line, a caret line.
  // Node's own file (`node:internal/modules/cjs/loader:1210` over `throw err;`) is not the author's code.
  const at = all.findIndex((l, i) => /:\d+$/.test(l.trim()) && !l.trim().startsWith('node:') && /^\s*\^+\s*$/.test(all[i + 2] ?? ''));
  const location = at >= 0 ? all.slice(at, at + 3) : [];
  const text = at >= 0 ? all.slice(at + 3) : all;
  const tail = text.slice(-STDERR_TAIL_LINES);
  const firstError = text.findIndex((l) => /error/i.test(l));
  const out = firstError >= 0 && firstError < text.length - tail.length
    ? [text[firstError]!, ...(firstError < text.length - tail.length - 1 ? ['…'] : []), ...tail]
    : tail;
  return [...location, ...out].map((l) => truncate(l, STDERR_LINE_CHARS));
}

/** The SDK refused the negotiated era (not a closed pipe during the probe). */
function isEraRefusal(err: unknown): boolean {
  return eraFailureOf(err) === 'refused';
}

/** The connect deadline passed (the whole connect, not one request). */
export class ConnectTimeoutError extends Error {}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Where a connect failure reads the server's output: its log since the attempt began. */
export interface FailureContext {
  server: string;
  logs: LogStore;
  /** Log sequence number when the attempt began. */
  from: number;
  /** Connect timeout (ms). */
  timeoutMs: number;
  stdio?: SupervisedStdioTransport;
}

/**
 * The message of a failed connect: a stdio process that ended says how (exit code or signal) with
 * its stderr tail; a timeout says after how many ms, to raise `timeout`, and for stdio what the
 * process printed (non-JSON stdout, stderr); a 401/403 says to check credentials.
 */
export function describeConnectFailure(err: unknown, c: FailureContext): string {
  // A command not found names the PATH searched and what the login shell finds (issue 14 item 9).
  const notFound = spawnNotFoundMessage(err, c.stdio);
  if (notFound) return notFound;
  let message = failureMessage(err);
  const closed = isConnectionClosed(err);
  const { stdio } = c;
  // A refused era (pinned 2026-07-28 on a 2025 server) ends the process too: the refusal is the news.
  if (isEraRefusal(err)) return `${message.replace(/^Version negotiation failed: (\w)/, (_a, ch: string) => ch.toUpperCase())}. Set this server's protocol to auto (or legacy) to reach a 2025-era server.`;
  if (stdio?.exitInfo || (stdio && closed)) {
    const tail = stderrExcerpt(
      c.logs
        .logs(c.server, c.from)
        .filter((e) => e.stream === 'stderr')
        .map((e) => e.text),
    );
    message = `Process ${describeExit(stdio.exitInfo)} before initializing${tail.length ? `: ${tail.join('\n')}` : ''}`;
  }
  if (err instanceof ConnectTimeoutError || isRequestTimeout(err)) {
    const clues = stdio ? stdioClues(c) : { junk: '', stderr: '' };
    // A server that wrote something else on stdout never answers in that channel, however long it
    // is given: say so first, without suggesting a longer timeout (new-user trial: a flood of
    // log lines on stdout read as "raise the timeout").
    if (clues.junk) return `${message}.${clues.junk} A longer timeout will not help: it must print only JSON-RPC messages on stdout (logs go to stderr).${clues.stderr}`;
    return `${message}. ${timeoutHint(c.timeoutMs, 'it needs longer to start')}${clues.stderr}`;
  }
  if (isAuthFailure(err)) return `${message}. Check the server's credentials.`;
  return message;
}

/**
 * What a stdio server that never answered left behind since `from`: the first stdout line that
 * was not JSON-RPC (truncated) and the stderr tail, each as a sentence with a leading space; ''
 * for what is not there.
 */
function stdioClues(c: FailureContext): { junk: string; stderr: string } {
  const entries = c.logs.logs(c.server, c.from);
  const junk = entries.find((e) => e.stream === 'stdout');
  const tail = stderrExcerpt(entries.filter((e) => e.stream === 'stderr').map((e) => e.text));
  return {
    junk: junk ? ` Its stdout was not JSON-RPC; first line: ${JSON.stringify(truncate(junk.text, STDOUT_QUOTE_CHARS))}.` : '',
    stderr: tail.length ? ` stderr: ${tail.join('\n')}` : '',
  };
}

/**
 * Why a stdio server that was connected went away: `Process exited with code 1: <stderr excerpt>`
 * (`stderrTail`: its last stderr lines, up to `STDERR_SCAN_LINES`; see `stderrExcerpt`),
 * or the transport's own reason when we closed it (an oversized reply), never our SIGTERM.
 * `failed` is whether that is an error (else the server ended cleanly: `disconnected`).
 */
export function describeStdioLoss(stdio: SupervisedStdioTransport, stderrTail: string[]): { message: string; failed: boolean } {
  if (stdio.fatalError) return { message: `${stdio.fatalError}; the server was stopped`, failed: true };
  const exit = stdio.exitInfo;
  return {
    message: `Process ${describeExit(exit)}${stderrTail.length ? `: ${stderrExcerpt(stderrTail).join('\n')}` : ''}`,
    failed: !exit || exit.code !== 0 || exit.signal !== null,
  };
}

/**
 * The text of a call whose stdio server ended while it ran (trial 6 finding 3): `MCP error:
 * Connection closed — the server process exited with code 3 during this call: <stderr excerpt>`,
 * so the cause reaches the result, history and the faces, not only the log. `undefined` when `err`
 * is not a closed connection or the process has not ended (the caller keeps the SDK's text).
 * `stderrTail`: the attempt's last stderr lines (redact before showing, as for logs).
 */
export function describeCallLoss(err: unknown, stdio: Pick<SupervisedStdioTransport, 'exitInfo' | 'fatalError'> | undefined, stderrTail: string[]): string | undefined {
  if (!stdio?.exitInfo || stdio.fatalError || !isConnectionClosed(err)) return undefined;
  const tail = stderrExcerpt(stderrTail);
  const how = describeExit(stdio.exitInfo).replace(/^killed/, 'was killed');
  return `MCP error: Connection closed — the server process ${how} during this call${tail.length ? `: ${tail.join('\n')}` : ''}`;
}
