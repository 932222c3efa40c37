/**
 * Running one docs/auth.md `!command` value: `$SHELL -c` (POSIX) or `cmd /d /s /c` (Windows), 10 s
 * timeout, stdout kept. On POSIX the shell runs in its own process group (detached) so a timeout,
 * or disposing the resolver, kills the whole group — `!sleep 77; echo x` leaves no `sleep` behind.
 * A failure never carries the command's stderr in its message (it may hold secrets); a short,
 * masked excerpt is kept apart for the log.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** Largest stdout kept (bytes); more fails the command. */
const MAX_STDOUT_BYTES = 1024 * 1024;
/** Characters of the stderr excerpt kept for the log. */
const STDERR_EXCERPT_CHARS = 120;

/** Why a command failed: `message` is safe to show; `stderrExcerpt` is only for the log. */
export class ShellCommandError extends Error {
  constructor(
    message: string,
    readonly stderrExcerpt?: string,
  ) {
    super(message);
    this.name = 'ShellCommandError';
  }
}

/**
 * The first stderr line, cut to 120 characters, with token-looking words (16+ characters of
 * letters, digits and `_-+/=.` holding a digit or `_`) masked as `[…]`. Undefined for no stderr.
 */
export function maskedStderrExcerpt(stderr: string): string | undefined {
  const line = stderr.split('\n').find((l) => l.trim() !== '')?.trim();
  if (!line) return undefined;
  const cut = line.length > STDERR_EXCERPT_CHARS ? `${line.slice(0, STDERR_EXCERPT_CHARS)}…` : line;
  return cut.replace(/[A-Za-z0-9_\-+/=.]{16,}/g, (word) => (/[\d_]/.test(word) ? '[…]' : word));
}

/** Kill a detached shell's whole process group (POSIX) or its tree (Windows). Never throws. */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    if (process.platform === 'win32') spawn('taskkill', ['/pid', String(child.pid), '/T', '/F'], { windowsHide: true }).on('error', () => undefined);
    else process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Runs commands and remembers the running ones, so `killAll()` can end them (dispose). */
export class ShellCommands {
  private readonly running = new Set<ChildProcess>();

  constructor(
    private readonly env: Record<string, string | undefined>,
    private readonly platform: NodeJS.Platform,
  ) {}

  /**
   * Run `command`; resolves its stdout (untrimmed). Rejects `ShellCommandError`:
   * `command timed out after <ms> ms` (the group is killed), `command failed (exit code N)`,
   * `command killed by <signal>`, `command could not start (<code>)`, `command printed more than 1 MiB`.
   */
  run(command: string, timeoutMs: number): Promise<string> {
    const [file, args] =
      this.platform === 'win32'
        ? [this.env.ComSpec ?? 'cmd.exe', ['/d', '/s', '/c', command]]
        : [this.env.SHELL || '/bin/sh', ['-c', command]];
    const cleanEnv: Record<string, string> = {};
    for (const [k, v] of Object.entries(this.env)) if (typeof v === 'string') cleanEnv[k] = v;
    return new Promise((resolve, reject) => {
      const child = spawn(file, args, {
        env: cleanEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: this.platform !== 'win32',
        windowsHide: true,
      });
      this.running.add(child);
      const out: Buffer[] = [];
      let outBytes = 0;
      let stderr = '';
      let failure: string | undefined;
      const timer = setTimeout(() => {
        failure = `command timed out after ${timeoutMs} ms`;
        killGroup(child);
      }, timeoutMs);
      child.stdout!.on('data', (chunk: Buffer) => {
        outBytes += chunk.length;
        if (outBytes > MAX_STDOUT_BYTES) {
          failure ??= 'command printed more than 1 MiB';
          killGroup(child);
        } else out.push(chunk);
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        if (stderr.length < 4096) stderr += chunk.toString('utf8');
      });
      child.once('error', (err: NodeJS.ErrnoException) => {
        failure ??= `command could not start (${err.code ?? err.message})`;
      });
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        this.running.delete(child);
        if (failure === undefined && code !== 0) failure = signal ? `command killed by ${signal}` : `command failed (exit code ${code})`;
        if (failure !== undefined) reject(new ShellCommandError(failure, maskedStderrExcerpt(stderr)));
        else resolve(Buffer.concat(out).toString('utf8'));
      });
    });
  }

  /** Kill every command still running (their whole groups). */
  killAll(): void {
    for (const child of this.running) killGroup(child);
    this.running.clear();
  }
}
