/**
 * What every CLI command needs from the machine: the project and data folders, the version, the
 * reference server's launch, output streams, and an ephemeral core that always cleans up (docs/faces-and-ownership.md).
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveReferenceServerScript } from '../../core/composition/entry-kit.js';
import { currentPlatform, dataDir, type PlatformContext } from '../../core/composition/entry-kit.js';
import type { CoreExtras } from '../../core/index.js';
import { NO_RESTARTS, ONE_SHOT_STDIN_GRACE_MS } from '../../core/composition/entry-kit.js';
import { projectRootOffered, withLoginShellEnv } from '../../core/composition/entry-kit.js';
import { secretStoreChoice, secretStoreWarning } from '../../core/composition/entry-kit.js';
import type { CoreOptions, SwitchboardCore } from '../../core/index.js';
import { UsageError, type ParsedCli } from './args.js';
import type { CliContext, CliIo } from './command-spec.js';
import { interruptClaimed } from './interrupt.js';
import { quoteArg } from './format.js';
import { terminalSafe } from './terminal-safe.js';

export type { CliContext, CliIo } from './command-spec.js';

/**
 * The process's own stdout/stderr, one line per call. Text passes through `terminalSafe`: much of
 * it (names, results, stderr) comes from servers and config files nobody vetted.
 */
export const processIo: CliIo = {
  out: (text) => void process.stdout.write(terminalSafe(text.endsWith('\n') ? text : `${text}\n`)),
  err: (text) => void process.stderr.write(terminalSafe(text.endsWith('\n') ? text : `${text}\n`)),
};


/**
 * The package root (holds package.json and out/): the nearest folder above this module with a
 * package.json — src-main/host/cli in development, out/cli (or out/cli/chunks) in the built CLI.
 */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

/** The app version from the root package.json (`0.0.0` if unreadable). */
export function appVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(resolve(repoRoot(), 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Resolve a folder argument; throws `UsageError` when it is missing or not a folder. */
export function resolveFolder(dir: string, base: string, what: string): string {
  const abs = resolve(base, dir);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) throw new UsageError(`${what}: no such folder: ${abs}`);
  return abs;
}

/** Build the context of one CLI run. Throws `UsageError` for a bad `--project`. */
export function createCliContext(cli: ParsedCli, io: CliIo, platform: PlatformContext = currentPlatform()): CliContext {
  const cwd = process.cwd();
  const projectDir = cli.project !== undefined ? resolveFolder(cli.project, cwd, '--project') : cwd;
  const data = dataDir(platform);
  // Issue 14 item 11: secrets kept in a file (the person's choice) are said on every start.
  const warning = secretStoreWarning(secretStoreChoice(platform.env, data));
  if (warning) io.err(warning);
  return { cli, io, platform, projectDir, dataDir: data, version: appVersion(), cwd };
}

/**
 * Whether this CLI runs on Electron (the packaged app): Electron's binary as Node, started by the launcher
 * the app puts on PATH (docs/packaging.md § The CLI on PATH). `process.execPath` is then the app,
 * which acts as Node only with ELECTRON_RUN_AS_NODE=1, so whatever it launches from here says so too.
 */
const runsOnElectron = () => process.versions['electron'] !== undefined;

/**
 * This process's own launch (`<node> <cli entry>`), when its entry is known: the gateway's absolute
 * host entry. The entry is its real path (symlinks resolved): through `npx switchboard` argv[1] is
 * the link in npm's npx cache (`~/.npm/_npx/<hash>/node_modules/.bin/switchboard`), which npm may
 * clear; the real file is the repo's `bin/switchboard.mjs` or the installed package's. An entry
 * that cannot be resolved is kept as given. On Electron the entry is the launcher on PATH
 * (`SWITCHBOARD_LAUNCHER`), or none when unknown.
 */
export function cliLaunch(): { cliLaunch?: { command: string; args: string[] } } {
  if (runsOnElectron()) {
    // The app's binary on the script would open the desktop app for a host that spawns it: the
    // launcher (which sets the switch) is the absolute entry, when it said where it is.
    const launcher = process.env['SWITCHBOARD_LAUNCHER'];
    return launcher !== undefined && isAbsolute(launcher) ? { cliLaunch: { command: launcher, args: [] } } : {};
  }
  const entry = process.argv[1];
  return entry !== undefined && isAbsolute(entry) ? { cliLaunch: { command: process.execPath, args: [realEntry(entry)] } } : {};
}

function realEntry(entry: string): string {
  try {
    return realpathSync(entry);
  } catch {
    return entry;
  }
}

/** Core options for this run; the reference server runs as `<node> <server-everything> stdio`. */
export function coreOptions(ctx: CliContext, mode: CoreOptions['mode']): CoreOptions {
  return {
    platform: ctx.platform,
    projectDir: ctx.projectDir,
    // docs/roots.md § The project folder: Switchboard's own folder is no project to offer servers.
    projectRoot: projectRootOffered({ projectDir: ctx.projectDir, named: ctx.cli.project !== undefined, packageRoot: repoRoot(), dataDir: ctx.dataDir }),
    dataDir: ctx.dataDir,
    mode,
    version: ctx.version,
    referenceServer: { command: process.execPath, args: [resolveReferenceServerScript(), 'stdio'], ...(runsOnElectron() ? { env: { ELECTRON_RUN_AS_NODE: '1' } } : {}) },
    ...cliLaunch(),
  };
}

/**
 * Core options for a core that starts servers (one-shot CLI, `serve`): `coreOptions` with the
 * login shell's environment merged in (PATH from the login shell first), as the desktop app does
 * (docs/connections-supervision.md, issue 14 item 9): a service or a launcher starts with a bare PATH and `npx`, `uvx`
 * or version-manager shims would not be found. Takes as long as the login shell (at most 5 s).
 */
export async function spawningCoreOptions(ctx: CliContext, mode: CoreOptions['mode']): Promise<CoreOptions> {
  const options = coreOptions(ctx, mode);
  return { ...options, platform: { ...options.platform, env: await withLoginShellEnv(options.platform.env) } };
}

/**
 * Run `fn` with an ephemeral core (docs/faces-and-ownership.md one-shot commands): start it (only `onlyServers` when
 * given), wait until no server is still connecting, run `fn`, and ALWAYS dispose it, so every
 * process it started is stopped before the CLI exits. `whileConnecting` runs once the core has
 * started its servers, before waiting for them: work `fn` needs that does not decide what starts
 * (loading the contract) is done while the servers start instead of before (issue 32 item 1).
 */
export async function withEphemeralCore<T>(ctx: CliContext, extras: CoreExtras, fn: (core: SwitchboardCore) => Promise<T>, whileConnecting?: () => void): Promise<T> {
  // Loaded here, not at the top: verbs that never start a core (help, trust, servers…) skip it. The
  // login shell is asked first and runs in its own processes while the core's modules load (issue 11:
  // one-shot start time; on two cores the two overlap instead of adding up).
  const options = spawningCoreOptions(ctx, 'cli');
  const [{ createSwitchboardCore }, coreOptionsRead] = await Promise.all([import('../../core/index.js'), options]);
  // Issue 32 item 1: the output is printed before the stop; a short stdin grace, then SIGTERM.
  const core = createSwitchboardCore(coreOptionsRead, { stdinGraceMs: ONE_SHOT_STDIN_GRACE_MS, ...extras });
  // Ctrl-C / SIGTERM mid-command must still stop what this core started (docs/faces-and-ownership.md, §6): dispose,
  // then exit 128+signal. A second signal while disposing exits at once.
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    // A command that can stop one thing cleanly (a call: notifications/cancelled) takes the first Ctrl-C.
    if (signal === 'SIGINT' && !stopping && interruptClaimed()) return;
    const code = 128 + (signal === 'SIGINT' ? 2 : 15);
    if (stopping) process.exit(code);
    stopping = true;
    void core.dispose().finally(() => process.exit(code));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    await core.start();
    whileConnecting?.();
    await core.settled();
    return await fn(core);
  } finally {
    await core.dispose();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/**
 * Run `fn` with a one-shot core that starts no server (issue 11 item 1: config verbs, `trust`,
 * `servers`, offline `start` are contract calls when no owner runs): discovery and the handlers
 * only, no login shell read, no config watcher; always disposed. `projectDir` overrides the
 * project folder (`trust <dir>` reports on that folder).
 */
export async function withOfflineCore<T>(ctx: CliContext, fn: (core: SwitchboardCore) => Promise<T>, projectDir = ctx.projectDir): Promise<T> {
  const { createSwitchboardCore } = await import('../../core/index.js');
  const core = createSwitchboardCore({ ...coreOptions(ctx, 'cli'), projectDir }, { onlyServers: [], watchConfig: false, restart: NO_RESTARTS });
  try {
    return await fn(core);
  } finally {
    await core.dispose();
  }
}

/** The hint that trusts the current project: `switchboard trust` (cwd) or `switchboard trust <dir>`. */
export function trustHint(ctx: CliContext): string {
  return ctx.projectDir === ctx.cwd ? 'switchboard trust' : `switchboard trust ${quoteArg(ctx.projectDir)}`;
}
