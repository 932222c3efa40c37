/**
 * Reading the desktop app's command line (docs/faces-and-ownership.md "Project folder"). Pure.
 */
import { isAbsolute, resolve } from 'node:path';

/**
 * The project folder: the value of `--project <dir>` or `--project=<dir>` in `argv` (the last one
 * wins; relative paths resolve against `cwd`), else `cwd`. A `--project` with no value is ignored.
 */
export function parseProjectDir(argv: readonly string[], cwd: string): string {
  let chosen: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--project') {
      const next = argv[i + 1];
      if (next !== undefined && next !== '' && !next.startsWith('--')) {
        chosen = next;
        i++;
      }
    } else if (arg.startsWith('--project=')) {
      const value = arg.slice('--project='.length);
      if (value !== '') chosen = value;
    }
  }
  if (chosen === undefined) return resolve(cwd);
  return isAbsolute(chosen) ? resolve(chosen) : resolve(cwd, chosen);
}

/**
 * A path inside a packaged app's `app.asar` rewritten to `app.asar.unpacked` (child processes such
 * as the reference server cannot read from inside the archive). Other paths come back unchanged.
 */
export function unpackedAsarPath(path: string): string {
  return path.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}
