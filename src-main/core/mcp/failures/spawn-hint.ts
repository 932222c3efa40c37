/**
 * What a `spawn … ENOENT` means, in words a person can act on (issue 14 item 9): the command was
 * not found on the PATH that was searched (named), and — where the login shell read at start
 * (login-shell-env.ts) finds the command in one of its PATH folders — the absolute path to use.
 * A command with a `/` is not looked up on PATH: the file itself is missing. A working folder
 * (`cwd`) that does not exist or is no folder is named instead (the spawn fails the same way).
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { loginShellReading, type LoginShellReading } from '../transport/login-shell-env.js';

/** The launch a stdio transport was built with (`SupervisedStdioTransport.launch`). */
interface LaunchParams {
  command?: string;
  env?: Record<string, string>;
  cwd?: string;
}

/** The first folder of `path` holding an executable file `command`, as an absolute path; undefined if none. */
export function findOnPath(command: string, path: string | undefined): string | undefined {
  for (const dir of (path ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, command);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** A `spawn … ENOENT`: the command (or its file) was not found. */
export function isSpawnNotFound(err: unknown): err is NodeJS.ErrnoException & { path?: string } {
  const e = err as NodeJS.ErrnoException | undefined;
  return !!e && e.code === 'ENOENT' && typeof e.syscall === 'string' && e.syscall.startsWith('spawn');
}

/** A spawn's ENOENT or ENOTDIR (what a bad working folder gives). */
export function isSpawnError(err: unknown): err is NodeJS.ErrnoException {
  const e = err as NodeJS.ErrnoException | undefined;
  return !!e && (e.code === 'ENOENT' || e.code === 'ENOTDIR') && typeof e.syscall === 'string' && e.syscall.startsWith('spawn');
}

/** `does not exist` / `is not a folder` for `dir`, undefined when it is a folder. */
export function folderProblem(dir: string): string | undefined {
  try {
    return statSync(dir).isDirectory() ? undefined : 'is not a folder';
  } catch {
    return 'does not exist';
  }
}

/**
 * The message of a spawn that found no command, or undefined when `err` is something else.
 * `stdio` is the transport that tried (its launch env's PATH is the PATH searched); `login` the
 * login shell read at start (default: this process's reading).
 *
 * `spawn uvx ENOENT: "uvx" is not in any folder of the PATH searched (/usr/bin:/bin). Your login
 * shell (/bin/zsh) finds it at /home/me/.local/bin/uvx: use that absolute path as the command.`
 */
export function spawnNotFoundMessage(err: unknown, stdio?: unknown, login: LoginShellReading | undefined = loginShellReading()): string | undefined {
  const params = (stdio as { launch?: LaunchParams } | undefined)?.launch;
  // A working folder that is missing or no folder fails the spawn with ENOENT / ENOTDIR too: say
  // that, not "not on PATH" (a "break it" trial: cwd /nonexistent read as a missing `node`).
  if (params?.cwd !== undefined && isSpawnError(err)) {
    const problem = folderProblem(params.cwd);
    if (problem) return `${err.message.replace(/^Error: /, '')}: the server's working folder (cwd) ${params.cwd} ${problem}`;
  }
  if (!isSpawnNotFound(err)) return undefined;
  const command = err.path ?? params?.command ?? '';
  const head = err.message.replace(/^Error: /, '');
  if (command.includes('/') || command.includes('\\')) return `${head}: no such file ${command} (a command with a folder in it is not looked up on PATH)`;
  const searched = params?.env?.PATH ?? process.env.PATH ?? '';
  let message = `${head}: "${command}" is not in any folder of the PATH searched (${searched || 'empty'}).`;
  if (!login) return message; // this process never asked a login shell (a library embedding the core)
  const shell = login.shell ?? 'the login shell';
  if (!login.env) return `${message} The login shell's PATH (${shell}) could not be read to look further; use the command's absolute path.`;
  const found = findOnPath(command, login.env.PATH);
  if (found) message += ` Your login shell (${shell}) finds it at ${found}: use that absolute path as the command.`;
  else message += ` Your login shell (${shell}) does not find it either: install it, or use its absolute path.`;
  return message;
}
