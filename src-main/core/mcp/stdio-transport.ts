/**
 * The SDK's stdio transport plus the two things supervision needs from it (ARCHITECTURE rule 8:
 * wrap the SDK piece, never fork the protocol): how the process ended (exit code / signal, for the
 * status line) and a close that kills the whole process tree (SPEC §6).
 */
import type { ChildProcess } from 'node:child_process';
import { StdioClientTransport, type StdioServerParameters } from '@modelcontextprotocol/sdk/client/stdio.js';
import { endLaunch, LAUNCH_ID_ENV, newLaunchId } from './launch-session.js';
import { killPids, listDescendants } from './process-tree.js';
import { LoggingReadBuffer, MAX_STDOUT_LINE, StdoutOverflowError } from './stdout-lines.js';

/** How a stdio server process ended. */
export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** `StdioClientTransport` that records the exit and kills descendants on close. */
export class SupervisedStdioTransport extends StdioClientTransport {
  /** Set when the process has exited (before the transport's `onclose` runs). */
  exitInfo?: ExitInfo;
  /** The pid once spawned (kept after exit, unlike `pid`). */
  spawnedPid?: number;

  /** Called with each stdout line that is not a JSON-RPC message (logged as `stdout`, then skipped). */
  onStdoutSkipped?: (line: string) => void;
  /** Called with the message of each oversized stdout line that was dropped (stdout-lines.ts). */
  onStdoutOversized?: (message: string) => void;
  /**
   * Why this transport closed itself, when it did (an oversized reply whose request could not be
   * told apart): the real cause, reported instead of the SIGTERM that our own close sends.
   */
  fatalError?: string;

  /** This launch's id, in the environment of every process it starts (launch-session.ts). */
  readonly launchId: string;

  /** `maxLineBytes`: largest stdout line read as one message (bytes; default 64 MiB). */
  constructor(params: StdioServerParameters, maxLineBytes = MAX_STDOUT_LINE) {
    const launchId = newLaunchId();
    super({ ...params, env: { ...params.env, [LAUNCH_ID_ENV]: launchId } });
    this.launchId = launchId;
    // Replace the SDK's ReadBuffer (which throws on a banner line and loses its text, and caps a
    // message at 10 MiB) with one that hands such lines to onStdoutSkipped. Same shape; the field
    // is private in the SDK's typings.
    const buffer = new LoggingReadBuffer(
      (line) => this.onStdoutSkipped?.(line),
      maxLineBytes,
      (message) => this.onStdoutOversized?.(message),
    );
    const append = buffer.append.bind(buffer);
    buffer.append = (chunk: Buffer): void => {
      try {
        append(chunk);
      } catch (err) {
        if (err instanceof StdoutOverflowError) this.fatalError ??= err.message;
        throw err; // the SDK reports it to onerror and closes the transport
      }
    };
    (this as unknown as { _readBuffer: LoggingReadBuffer })._readBuffer = buffer;
  }

  /** Spawn; rejects with the spawn error (e.g. `spawn nonexistent-cmd ENOENT`). */
  override async start(): Promise<void> {
    await super.start();
    // The SDK keeps its ChildProcess private and its 'close' handler drops the exit code; the
    // 'exit' event fires before 'close', so listening here makes the code available to onclose.
    const child = (this as unknown as { _process?: ChildProcess })._process;
    this.spawnedPid = child?.pid;
    child?.once('exit', (code, signal) => {
      this.exitInfo = { code, signal };
    });
  }

  private closing?: Promise<void>;

  /**
   * End stdin → SIGTERM after `STDIN_GRACE_MS` → SIGKILL 2 s later (SPEC §6's order), then SIGKILL
   * every descendant that outlived its parent (snapshotted before closing, since orphans get
   * re-parented). Idempotent: every caller awaits the same close, so a second `close()` (the SDK's
   * own, after an aborted connect, and ours) never returns while the process still runs.
   */
  override close(): Promise<void> {
    this.closing ??= this.closeTree();
    return this.closing;
  }

  private async closeTree(): Promise<void> {
    const child = (this as unknown as { _process?: ChildProcess })._process;
    const pid = this.pid;
    const descendants = pid !== null ? await listDescendants(pid) : [];
    // The SDK ends stdin and waits 2 s before SIGTERM; many servers (server-everything among them)
    // do not exit on EOF, so send SIGTERM after a short grace instead of stalling every stop.
    const term = setTimeout(() => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    }, STDIN_GRACE_MS);
    // A wrapper (shim, `npm exec`) that exits on SIGTERM can leave a grandchild holding our pipes
    // open, and the SDK waits for the pipes to close: kill the snapshot as soon as the parent exits.
    if (child && (child.exitCode !== null || child.signalCode !== null)) void killPids(descendants);
    else child?.once('exit', () => void killPids(descendants));
    try {
      await super.close();
    } finally {
      clearTimeout(term);
    }
    await killPids(descendants);
    // Double-forked background processes are no descendants any more: end them by launch id (issue 9).
    await endLaunch(this.launchId);
  }
}

/** How long (ms) a stdio server gets to exit after its stdin ends, before SIGTERM. */
export const STDIN_GRACE_MS = 300;

/** A one-line description of an exit: `exited with code 1` / `killed by SIGTERM`. */
export function describeExit(exit: ExitInfo | undefined): string {
  if (!exit) return 'exited';
  if (exit.signal) return `killed by ${exit.signal}`;
  return `exited with code ${exit.code ?? 'unknown'}`;
}
