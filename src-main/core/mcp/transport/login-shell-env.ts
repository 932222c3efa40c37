/**
 * The user's login-shell environment (docs/connections-supervision.md): an app started from a desktop launcher inherits a
 * bare environment (PATH without ~/.nvm, ~/.local/bin, Homebrew…), so `npx`, `uvx` and
 * version-manager shims are "not found" (`spawn npx ENOENT`). We ask the login shell once —
 * `$SHELL -l -i -c 'printf <mark> && env -0 && printf <mark>'`, between markers because rc files may
 * print banners — and merge it under the process environment's own variables... except PATH, which
 * the login shell's value wins (it is the point of the exercise). Windows has no login shell: a no-op.
 * `env -0` (NUL-separated, so values may hold newlines) costs no second Node start (issue 32 item 1:
 * the one-shot CLI waits on this read); where `env` has no `-0` the shell is asked once more with
 * `<node> -e <print env as JSON>`, the reading used before.
 */
import { spawn } from 'node:child_process';
import { withoutNpmScriptPath } from './npm-script-path.js';

const MARK = '__SWITCHBOARD_ENV_7f3a__';
/** How long the login shell may take (ms). */
export const LOGIN_SHELL_TIMEOUT_MS = 5_000;

/** Options of `readLoginShellEnv`. */
export interface LoginShellOptions {
  /** Environment to start from (default `process.env`); its SHELL is the shell asked. */
  env?: Record<string, string | undefined>;
  platform?: NodeJS.Platform;
  timeoutMs?: number;
  /** The node binary that prints the environment (default `process.execPath`). */
  nodePath?: string;
}

/**
 * Parse the shell's output: the JSON object between the two markers (banners around it ignored).
 * Returns undefined when the markers or the JSON are missing.
 */
export function parseMarkedEnv(output: string): Record<string, string> | undefined {
  const start = output.indexOf(MARK);
  const end = output.lastIndexOf(MARK);
  if (start < 0 || end <= start) return undefined;
  try {
    const value: unknown = JSON.parse(output.slice(start + MARK.length, end));
    if (!value || typeof value !== 'object') return undefined;
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) if (typeof v === 'string') env[k] = v;
    return env;
  } catch {
    return undefined;
  }
}

/**
 * Parse `env -0` output between the two markers: `NAME=value` entries, each ended by NUL (a value may
 * hold newlines, never NUL). Returns undefined when the markers are missing or no entry has a name.
 */
export function parseMarkedNulEnv(output: string): Record<string, string> | undefined {
  const start = output.indexOf(MARK);
  const end = output.lastIndexOf(MARK);
  if (start < 0 || end <= start) return undefined;
  const env: Record<string, string> = {};
  for (const entry of output.slice(start + MARK.length, end).split('\0')) {
    const eq = entry.indexOf('=');
    if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return Object.keys(env).length > 0 ? env : undefined;
}

/** Most stdout kept from the login shell (characters); its environment is far smaller. */
const LOGIN_SHELL_MAX_OUTPUT = 4 * 1024 * 1024;

/**
 * The login shell's environment, or undefined (Windows, no SHELL, a failing or slow shell — then the
 * process environment is all there is). Never rejects. First `env -0` in the shell; when that gives
 * nothing (an `env` without `-0`) and the shell neither failed to start nor ran out of time, once
 * more with Node printing JSON, run with ELECTRON_RUN_AS_NODE=1 so an Electron execPath behaves as node.
 */
export async function readLoginShellEnv(options: LoginShellOptions = {}): Promise<Record<string, string> | undefined> {
  const env = options.env ?? process.env;
  if ((options.platform ?? process.platform) === 'win32') return undefined;
  const shell = env.SHELL;
  if (!shell) return undefined;
  const childEnv: Record<string, string> = { ELECTRON_RUN_AS_NODE: '1' };
  for (const [k, v] of Object.entries(env)) if (typeof v === 'string') childEnv[k] = v;
  childEnv.ELECTRON_RUN_AS_NODE = '1';
  const timeoutMs = options.timeoutMs ?? LOGIN_SHELL_TIMEOUT_MS;
  const viaEnv = await runLoginShell(shell, `printf ${MARK} && env -0 && printf ${MARK}`, childEnv, timeoutMs);
  let parsed = parseMarkedNulEnv(viaEnv.stdout);
  if (!parsed && viaEnv.ended === 'exited') {
    const node = options.nodePath ?? process.execPath;
    const script = `process.stdout.write(${JSON.stringify(MARK)}+JSON.stringify(process.env)+${JSON.stringify(MARK)})`;
    const command = `'${node.replace(/'/g, `'\\''`)}' -e '${script.replace(/'/g, `'\\''`)}'`;
    parsed = parseMarkedEnv((await runLoginShell(shell, command, childEnv, timeoutMs)).stdout);
  }
  if (parsed) delete parsed.ELECTRON_RUN_AS_NODE;
  return parsed;
}

/** One run of `shell -l -i -c command`: its stdout, and whether it exited, failed to start or timed out. */
function runLoginShell(
  shell: string,
  command: string,
  childEnv: Record<string, string>,
  timeoutMs: number,
): Promise<{ stdout: string; ended: 'exited' | 'failed' | 'timeout' }> {
  return new Promise((resolve) => {
    // spawn with detached: a new session (setsid) without a controlling terminal, so an interactive
    // shell started from a terminal (the CLI) cannot take the terminal's foreground group — which
    // would leave Ctrl-C and raw-mode prompts (`trust --review`, `input`) dead after it exits. (execFile
    // ignores `detached`; VS Code's shell-env reader detaches the same way.)
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(shell, ['-l', '-i', '-c', command], { env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      resolve({ stdout: '', ended: 'failed' });
      return;
    }
    let stdout = '';
    let done = false;
    const finish = (ended: 'exited' | 'failed' | 'timeout'): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ stdout, ended });
    };
    const killGroup = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      killGroup();
      finish('timeout');
    }, timeoutMs);
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      if (stdout.length < LOGIN_SHELL_MAX_OUTPUT) stdout += chunk;
    });
    child.on('error', () => finish('failed'));
    child.on('close', () => finish('exited'));
  });
}

/**
 * Merge: the process environment, with the login shell's variables added where unset and its PATH
 * in front (entries not already present). `login` undefined → `base` unchanged.
 */
export function mergeLoginEnv(
  base: Record<string, string | undefined>,
  login: Record<string, string> | undefined,
  delimiter = ':',
): Record<string, string | undefined> {
  if (!login) return base;
  const out: Record<string, string | undefined> = { ...login, ...base };
  const basePath = (base.PATH ?? '').split(delimiter).filter(Boolean);
  const loginPath = (login.PATH ?? '').split(delimiter).filter(Boolean);
  const merged = [...loginPath, ...basePath.filter((p) => !loginPath.includes(p))];
  if (merged.length > 0) out.PATH = merged.join(delimiter);
  return out;
}

/** What the last `withLoginShellEnv` learned: the shell asked and its environment (undefined when it could not be read). */
export interface LoginShellReading {
  shell: string | undefined;
  env: Record<string, string> | undefined;
}

let lastReading: LoginShellReading | undefined;

/** The login shell this process read at start (desktop app, `serve`, a one-shot CLI core), if it did. */
export function loginShellReading(): LoginShellReading | undefined {
  return lastReading;
}

/**
 * `mergeLoginEnv(env, await readLoginShellEnv({env}))`: what the desktop app, `switchboard serve`
 * and the CLI's one-shot core hand the core (issue 14 item 9: a service or a GUI starts with a
 * bare PATH), after npm's own PATH entries are taken off `env` (npm-script-path.ts). Remembered for
 * `loginShellReading` (spawn-not-found hints).
 */
export async function withLoginShellEnv(given: Record<string, string | undefined> = process.env): Promise<Record<string, string | undefined>> {
  // Under `npm start` / `npx`, npm's own node_modules/.bin entries lead PATH: not the servers' (npm-script-path.ts).
  const env = withoutNpmScriptPath(given);
  const login = await readLoginShellEnv({ env });
  lastReading = { shell: env.SHELL, env: login };
  const merged = mergeLoginEnv(env, login);
  // A fresh object even when the shell said nothing, so `rereadLoginShellEnv` can find its base.
  const out = merged === env ? { ...env } : merged;
  bases.set(out, { ...env });
  return out;
}

/** The process environment each `withLoginShellEnv` result was merged from. */
const bases = new WeakMap<object, Record<string, string | undefined>>();

/**
 * Ask the login shell again and update `env` — an object `withLoginShellEnv` returned, which the
 * core holds as its environment — in place: an explicit `restart` picks up a token changed in the
 * shell's rc file (issue 28 item 10; ChatCLI's `/mcp restart` "reloads credentials after editing
 * the shell env"). Returns the names whose values changed (never the values); [] for any other
 * object, on Windows, or when the shell cannot be read this time (`env` is then left as it was).
 */
export async function rereadLoginShellEnv(env: Record<string, string | undefined>): Promise<string[]> {
  const base = bases.get(env);
  if (!base) return [];
  const login = await readLoginShellEnv({ env: base });
  if (!login) return [];
  lastReading = { shell: base.SHELL, env: login };
  const fresh = mergeLoginEnv(base, login);
  const changed = [...new Set([...Object.keys(env), ...Object.keys(fresh)])].filter((k) => env[k] !== fresh[k]).sort();
  for (const k of changed) {
    if (fresh[k] === undefined) delete env[k];
    else env[k] = fresh[k];
  }
  return changed;
}
