/** Showing a program's arguments as one line a POSIX shell would read back the same (display only; nothing here runs). */

/** Quote a shell argument for display when it has spaces, quotes or other shell characters (`'…'`, `'\''` for a quote). */
export function quoteArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** `command arg…`, each part quoted by `quoteArg`. */
export function commandLine(command: string, args: readonly string[]): string {
  return [command, ...args].map(quoteArg).join(' ');
}
