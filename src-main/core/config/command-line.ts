/**
 * A whole command line typed where only the program belongs (docs/connections-supervision.md,
 * command-not-found): `"command": "node /tmp/x/server.mjs"` with no arguments is spawned as one program name
 * and fails ENOENT, while the same line works in a terminal (a trial pasted it into the Add dialog).
 * `config:add` splits such a line by shell-word rules (string-argv: quotes kept together) and says
 * so; a line that needs a shell (pipes, redirects, substitutions, `&&`) is refused with what to write
 * instead, since a server's command runs without a shell.
 */
import { existsSync } from 'node:fs';
import { parseArgsStringToArgv } from 'string-argv';
import { CoreError } from '../facade/errors.js';

/** Characters that only a shell gives meaning to. */
const SHELL_ONLY = /[|&;<>`]|\$\(/;

/**
 * The split of `command` when it holds a whole command line and `args` is empty: `{ command, args,
 * note }`, or `undefined` to keep the entry as it is (not stdio, no whitespace, arguments given, or
 * the whole text names an existing file — `C:\Program Files\…\node.exe`). Throws
 * `CoreError('BAD_REQUEST')` for a line that needs a shell.
 */
export function splitCommandLine(
  entry: { transport?: string; command?: string; args?: string[] },
  exists: (path: string) => boolean = existsSync,
): { command: string; args: string[]; note: string } | undefined {
  const text = entry.command?.trim();
  if (entry.transport !== 'stdio' || !text || !/\s/.test(text) || (entry.args?.length ?? 0) > 0) return undefined;
  if (exists(text)) return undefined;
  if (SHELL_ONLY.test(text)) {
    throw new CoreError(
      'BAD_REQUEST',
      `The command "${text}" is a shell command line (a pipe, redirect, substitution or &&), and a server's command runs without a shell: put it in a script, or give command "sh" with arguments ["-c", ${JSON.stringify(text)}]`,
    );
  }
  const [command, ...args] = parseArgsStringToArgv(text);
  if (!command) return undefined;
  return {
    command,
    args,
    note: `The command was a whole command line: saved as command ${JSON.stringify(command)} with arguments ${JSON.stringify(args)} (a server's command runs without a shell)`,
  };
}
