/**
 * "Put `switchboard` on PATH" (issue 37 item 2, docs/packaging.md § The CLI on PATH): the packaged
 * app carries the CLI (app.asar.unpacked/bin/switchboard.mjs + out/cli) but no Node, so the
 * command it puts on PATH is a small launcher that runs the app's own binary as Node
 * (`ELECTRON_RUN_AS_NODE=1`, the reason the runAsNode fuse stays on: fuses.ts) on that script. No
 * electron import: the menu item (app-menu.ts) passes the app's paths in, tests pass their own.
 */
import { access, constants, lstat, readFile, stat } from 'node:fs/promises';
import { posix, win32 } from 'node:path';
import { writeFileAtomic, type PlatformContext } from '../core/composition/entry-kit.js';

/** The mark in the second line of every launcher we write: a file whose second line is not ours is someone else's and is never replaced. */
export const LAUNCHER_MARK = 'switchboard launcher written by MCP Switchboard';

/** The environment the launcher gives the app's binary: run as plain Node, not as the desktop app. */
export const RUN_AS_NODE_ENV = { ELECTRON_RUN_AS_NODE: '1' } as const;

/** What the launcher runs. */
export interface LauncherTarget {
  /** The app's own executable (`process.execPath` in the packaged app). */
  appBinary: string;
  /** The CLI's entry outside the archive: `<resources>/app.asar.unpacked/bin/switchboard.mjs`. */
  cliScript: string;
  /**
   * The AppImage file when the app runs from one (`$APPIMAGE`): its binary and `resources` sit
   * in a mount that changes on every start, so the launcher starts the AppImage and finds the
   * script next to the binary it runs as (`process.execPath`), at run time.
   */
  appImage?: string;
}

/** The CLI entry of a packaged app whose `resources` folder is `resourcesDir`. */
export function packagedCliScript(resourcesDir: string, platform: NodeJS.Platform): string {
  return (platform === 'win32' ? win32 : posix).join(resourcesDir, 'app.asar.unpacked', 'bin', 'switchboard.mjs');
}

/**
 * The first argument the AppImage launcher passes after `--`, removed again by its `-e` script
 * before the CLI sees the arguments. electron-builder's AppRun (app-builder-lib
 * targets/appimage/appImageUtil.js generateAppRunScript) puts `--no-sandbox` BEFORE every argument
 * when `unshare -Ur true` fails (Ubuntu 24.04's AppArmor, Debian without unprivileged user
 * namespaces) unless an argument already is `--no-sandbox`; in front of `-e`, Node (the binary under
 * ELECTRON_RUN_AS_NODE=1) stops with "bad option: --no-sandbox". Passing it ourselves, after `--`,
 * keeps AppRun from adding it and leaves it where Node treats it as a script argument.
 */
export const APPIMAGE_SANDBOX_SENTINEL = '--no-sandbox';

/** `value` as one POSIX shell word: single-quoted, inner quotes closed and escaped. */
const shQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The second line of every launcher {@link launcherText} writes: its comment carrying {@link LAUNCHER_MARK}. */
const markLine = (platform: NodeJS.Platform) =>
  `${platform === 'win32' ? 'rem' : '#'} ${LAUNCHER_MARK} ("Put switchboard on PATH"): the app's CLI, run by the app's own binary as Node.`;

/** The launcher's file name on `platform`: `switchboard.cmd` on Windows, else `switchboard`. */
export const launcherName = (platform: NodeJS.Platform) => (platform === 'win32' ? 'switchboard.cmd' : 'switchboard');

/**
 * The launcher's text for `platform`: a `/bin/sh` script (Linux, macOS) or a `.cmd` (Windows) that
 * sets {@link RUN_AS_NODE_ENV} for the app's binary only and passes every argument and the exit
 * code through, and tells the CLI its own path in `SWITCHBOARD_LAUNCHER` (the gateway's absolute
 * host entry is the launcher: host/cli/context.ts). Paths are quoted for the shell (`'…'`) or cmd
 * (`"…"`, `%` doubled).
 */
export function launcherText(platform: NodeJS.Platform, target: LauncherTarget): string {
  const [name, value] = Object.entries(RUN_AS_NODE_ENV)[0] ?? [];
  if (platform === 'win32') {
    const cmd = (path: string) => `"${path.replace(/%/g, '%%')}"`;
    return [
      '@echo off',
      markLine(platform),
      'setlocal',
      `set ${name}=${value}`,
      // The CLI names this file as the gateway's absolute entry (host/cli/context.ts cliLaunch).
      // Quoted whole: a folder name with `&` or `)` in %~f0 would otherwise end the command.
      'set "SWITCHBOARD_LAUNCHER=%~f0"',
      `${cmd(target.appBinary)} ${cmd(target.cliScript)} %*`,
      '',
    ].join('\r\n');
  }
  const run = target.appImage
    ? // -e: Node's own `-e`; `--` ends its options, so `switchboard --version` reaches the CLI. The
      // first argument after it is APPIMAGE_SANDBOX_SENTINEL: see there.
      `${name}=${value} SWITCHBOARD_LAUNCHER="$0" exec ${shQuote(target.appImage)} -e ${shQuote(
        `const p=require("node:path");process.argv.splice(1,process.argv[1]==="${APPIMAGE_SANDBOX_SENTINEL}"?1:0,p.join(p.dirname(process.execPath),"resources","app.asar.unpacked","bin","switchboard.mjs"));import(require("node:url").pathToFileURL(process.argv[1]).href)`,
      )} -- ${APPIMAGE_SANDBOX_SENTINEL} "$@"`
    : `${name}=${value} SWITCHBOARD_LAUNCHER="$0" exec ${shQuote(target.appBinary)} ${shQuote(target.cliScript)} "$@"`;
  return ['#!/bin/sh', markLine(platform), run, ''].join('\n');
}

/**
 * The folders the launcher may go to, in order of preference:
 * - Linux: `$XDG_BIN_HOME` when absolute, else `~/.local/bin` (the XDG user bin folder; created when missing);
 * - macOS: `/usr/local/bin` when it exists and is writable, else `~/bin` (created when missing);
 * - Windows: `%LOCALAPPDATA%\Microsoft\WindowsApps` (on PATH by default since Windows 10).
 */
export function launcherDirs(ctx: PlatformContext): string[] {
  if (ctx.platform === 'win32') return [win32.join(ctx.env['LOCALAPPDATA'] ?? win32.join(ctx.home, 'AppData', 'Local'), 'Microsoft', 'WindowsApps')];
  if (ctx.platform === 'darwin') return ['/usr/local/bin', posix.join(ctx.home, 'bin')];
  // A relative XDG_BIN_HOME is invalid (XDG Base Directory spec) and ignored.
  const xdg = ctx.env['XDG_BIN_HOME']?.trim();
  return [xdg !== undefined && posix.isAbsolute(xdg) ? xdg : posix.join(ctx.home, '.local', 'bin')];
}

/** The outcome of {@link putOnPath}: the launcher written, or why not (nothing was written). */
export type PutOnPathResult =
  | { ok: true; file: string; replaced: boolean; onPath: boolean; message: string }
  | { ok: false; file?: string; message: string };

async function writable(dir: string): Promise<boolean> {
  try {
    if (!(await stat(dir)).isDirectory()) return false;
    await access(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The launcher at `file` (null: none), or 'foreign' unless its second line is exactly our {@link markLine}. */
async function textOf(file: string, platform: NodeJS.Platform): Promise<string | null | 'foreign'> {
  try {
    // A link (even to our own launcher) is someone's arrangement: left alone.
    if ((await lstat(file)).isSymbolicLink()) return 'foreign';
    const text = await readFile(file, 'utf8');
    return text.split(/\r?\n/)[1] === markLine(platform) ? text : 'foreign';
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? null : 'foreign';
  }
}

/**
 * Write the launcher for `target` into the first usable folder of {@link launcherDirs}: replaces a
 * launcher we wrote before (the app may have moved), refuses any other file of that name, writes
 * atomically with mode 0755. macOS takes `/usr/local/bin` only when writable, else `~/bin`, and
 * says so; every other folder is created when missing. `onPath` says whether the folder is on
 * `PATH` now (`ctx.env`); the message then says how to add it. Never throws.
 */
export async function putOnPath(ctx: PlatformContext, target: LauncherTarget): Promise<PutOnPathResult> {
  const path = ctx.platform === 'win32' ? win32 : posix;
  const dirs = launcherDirs(ctx);
  const dir = ctx.platform === 'darwin' && !(await writable(dirs[0] ?? '')) ? dirs[1] : dirs[0];
  if (dir === undefined) return { ok: false, message: 'No folder for the switchboard command on this system' };
  const file = path.join(dir, launcherName(ctx.platform));
  const before = await textOf(file, ctx.platform);
  if (before === 'foreign')
    return { ok: false, file, message: `${file} already exists and was not written by MCP Switchboard: nothing was changed (remove or rename it, then try again)` };
  try {
    await writeFileAtomic(file, launcherText(ctx.platform, target), { mode: 0o755, expected: before });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'EACCES' || code === 'EPERM' || code === 'EROFS' ? `${dir} is not writable (${code})` : (err as Error).message;
    return { ok: false, file, message: `Could not write ${file}: ${why}; nothing was changed` };
  }
  const same = (a: string, b: string) => (ctx.platform === 'win32' ? a.toLowerCase() === b.toLowerCase() : a === b);
  const onPath = (ctx.env['PATH'] ?? ctx.env['Path'] ?? '')
    .split(ctx.platform === 'win32' ? ';' : ':')
    .some((entry) => entry !== '' && same(path.resolve(entry), path.resolve(dir)));
  const fallback = ctx.platform === 'darwin' && dir !== dirs[0] ? ` (${dirs[0]} is not writable)` : '';
  const howToAdd = ctx.platform === 'win32' ? "add it to your user's Path (Settings → Environment variables)" : `add it (e.g. export PATH="${dir}:$PATH" in your shell's profile)`;
  const hint = onPath ? '' : ` ${dir} is not on your PATH yet: ${howToAdd}, then open a new terminal.`;
  return { ok: true, file, replaced: before !== null, onPath, message: `${before !== null ? 'Updated' : 'Wrote'} ${file}${fallback}: \`switchboard\` runs this app's CLI.${hint}` };
}

/**
 * The launcher we wrote, when one is in a folder of {@link launcherDirs} (its exact mark line;
 * links and other files do not count), else undefined. The desktop app's core names it as the
 * gateway's absolute host entry (main.ts `cliLaunch`): the app's binary itself cannot be one, since
 * without ELECTRON_RUN_AS_NODE (which host entries do not carry) it opens the window. Never throws.
 */
export async function launcherOnDisk(ctx: PlatformContext): Promise<string | undefined> {
  const path = ctx.platform === 'win32' ? win32 : posix;
  for (const dir of launcherDirs(ctx)) {
    const file = path.join(dir, launcherName(ctx.platform));
    const text = await textOf(file, ctx.platform);
    if (text !== null && text !== 'foreign') return file;
  }
  return undefined;
}
