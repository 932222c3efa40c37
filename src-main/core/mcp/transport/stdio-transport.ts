/**
 * Our stdio client transport: the SDK's `Transport` interface implemented with its public building
 * blocks (`serializeMessage`, a `ReadBuffer`-shaped reader) on a process we spawn ourselves
 * (ARCHITECTURE rule 8: never fork the protocol). Supervision needs what the SDK's
 * `StdioClientTransport` keeps private or lacks: how the process ended (exit code / signal, for the
 * status line), non-JSON stdout lines handed to the log instead of dropped (stdout-lines.ts), and a
 * close that kills the whole process tree (docs/connections-supervision.md).
 *
 * It exposes `stderr` and `pid` like the SDK's transport, which is how the SDK's version
 * negotiation recognises a stdio-shaped transport (a silent or erroring server is legacy); being
 * our own class it probes in place (no sibling process), see `connection-era.ts`.
 */
import type { ChildProcess } from 'node:child_process';
import { PassThrough } from 'node:stream';
import spawn from 'cross-spawn';
import { SdkError, SdkErrorCode, serializeMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import { endLaunch, LAUNCH_ID_ENV, newLaunchId } from './launch-session.js';
import { killPids, listDescendants } from './process-tree.js';
import { STDIN_GRACE_MS } from './stop-grace.js';
import { LoggingReadBuffer, MAX_STDOUT_LINE, StdoutOverflowError } from './stdout-lines.js';

/** How a stdio server process ended. */
export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** What to spawn: the command, its arguments, the FULL environment (nothing is added), the folder. */
export interface StdioLaunch {
  command: string;
  args?: string[];
  env: Record<string, string>;
  cwd?: string;
}

export { ONE_SHOT_STDIN_GRACE_MS, STDIN_GRACE_MS } from './stop-grace.js';

/** How long (ms) after SIGTERM before SIGKILL. */
const TERM_GRACE_MS = 2_000;

/** A supervised stdio transport (see the file comment). */
export class SupervisedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  /** Set when the process has exited (before `onclose` runs). */
  exitInfo?: ExitInfo;
  /** When stdout last brought bytes (ms since the epoch): the keep-alive's sign of life (remote-keepalive.ts). */
  lastReadAt?: number;
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
  readonly launchId = newLaunchId();
  private child?: ChildProcess;
  private readonly buffer: LoggingReadBuffer;
  private readonly stderrStream = new PassThrough();
  private closing?: Promise<void>;
  private closed = false;

  /**
   * `maxLineBytes`: largest stdout line read as one message (bytes; default 64 MiB).
   * `stdinGraceMs`: how long `close` waits after ending stdin before SIGTERM (ms; default `STDIN_GRACE_MS`).
   */
  constructor(
    /** What was (or will be) spawned: command, args, env (its PATH is the one searched), cwd. */
    readonly launch: StdioLaunch,
    maxLineBytes = MAX_STDOUT_LINE,
    private readonly stdinGraceMs = STDIN_GRACE_MS,
  ) {
    this.buffer = new LoggingReadBuffer(
      (line) => this.onStdoutSkipped?.(line),
      maxLineBytes,
      (message) => this.onStdoutOversized?.(message),
    );
  }

  /** The child's stderr, available before `start` so no early line is lost. */
  get stderr(): PassThrough {
    return this.stderrStream;
  }

  /** The pid while the process runs, else null. */
  get pid(): number | null {
    return this.child && this.exitInfo === undefined ? (this.child.pid ?? null) : null;
  }

  /** Spawn; rejects with the spawn error (e.g. `spawn nonexistent-cmd ENOENT`). */
  start(): Promise<void> {
    if (this.child) throw new Error('SupervisedStdioTransport already started');
    return new Promise((resolve, reject) => {
      const child = spawn(this.launch.command, this.launch.args ?? [], {
        env: { ...this.launch.env, [LAUNCH_ID_ENV]: this.launchId },
        cwd: this.launch.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        shell: false,
        windowsHide: process.platform === 'win32',
      });
      this.child = child;
      child.once('error', (err) => {
        reject(err);
        this.onerror?.(err);
      });
      child.once('spawn', () => {
        this.spawnedPid = child.pid;
        resolve();
      });
      // 'exit' fires before 'close': the exit code is known when onclose runs.
      child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
      });
      child.once('close', () => {
        if (this.closed) return;
        this.closed = true;
        this.buffer.clear();
        this.onclose?.();
      });
      child.stdin?.on('error', (err) => this.onerror?.(err));
      child.stdout?.on('error', (err) => this.onerror?.(err));
      child.stdout?.on('data', (chunk: Buffer) => this.read(chunk));
      child.stderr?.pipe(this.stderrStream);
    });
  }

  private read(chunk: Buffer): void {
    this.lastReadAt = Date.now();
    try {
      this.buffer.append(chunk);
    } catch (err) {
      if (err instanceof StdoutOverflowError) this.fatalError ??= err.message;
      this.onerror?.(err instanceof Error ? err : new Error(String(err)));
      void this.close();
      return;
    }
    for (;;) {
      const message = this.buffer.readMessage();
      if (message === null) break;
      this.onmessage?.(message);
    }
  }

  /** Write one message; resolves once written (or drained). */
  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.exitInfo || this.closed) return Promise.reject(new SdkError(SdkErrorCode.NotConnected, 'Not connected'));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', () => resolve());
    });
  }

  /**
   * End stdin → SIGTERM after `stdinGraceMs` (default `STDIN_GRACE_MS`) → SIGKILL 2 s later (docs/connections-supervision.md's order), then SIGKILL
   * every descendant that outlived its parent (snapshotted before closing, since orphans get
   * re-parented). Idempotent: every caller awaits the same close.
   */
  close(): Promise<void> {
    this.closing ??= this.closeTree();
    return this.closing;
  }

  private async closeTree(): Promise<void> {
    const child = this.child;
    if (!child || this.closed) {
      this.closed = true;
      return;
    }
    const running = (): boolean => child.exitCode === null && child.signalCode === null;
    const closedEvent = new Promise<void>((resolve) => {
      if (this.closed) resolve();
      else child.once('close', () => resolve());
    });
    const descendants = child.pid !== undefined ? await listDescendants(child.pid) : [];
    // A wrapper (shim, `npm exec`) that exits on SIGTERM can leave a grandchild holding our pipes
    // open: kill the snapshot as soon as the parent exits.
    if (!running()) void killPids(descendants);
    else child.once('exit', () => void killPids(descendants));
    try {
      child.stdin?.end();
    } catch {
      // already closed
    }
    // Many servers (server-everything among them) do not exit on EOF: SIGTERM after a short grace.
    const grace = this.stdinGraceMs;
    const term = setTimeout(() => running() && child.kill('SIGTERM'), grace);
    const kill = setTimeout(() => running() && child.kill('SIGKILL'), grace + TERM_GRACE_MS);
    // A pipe a survivor still holds keeps 'close' from firing: stop waiting a while after the kill.
    const giveUp = new Promise<void>((resolve) => setTimeout(resolve, grace + TERM_GRACE_MS + 1_000).unref());
    try {
      await Promise.race([closedEvent, giveUp]);
    } finally {
      clearTimeout(term);
      clearTimeout(kill);
    }
    await killPids(descendants);
    // Double-forked background processes are no descendants any more: end them by launch id (issue 9).
    await endLaunch(this.launchId);
    if (!this.closed) {
      this.closed = true;
      this.buffer.clear();
      this.onclose?.();
    }
  }
}

/** A one-line description of an exit: `exited with code 1` / `killed by SIGTERM`. */
export function describeExit(exit: ExitInfo | undefined): string {
  if (!exit) return 'exited';
  if (exit.signal) return `killed by ${exit.signal}`;
  return `exited with code ${exit.code ?? 'unknown'}`;
}
