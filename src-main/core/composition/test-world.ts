/**
 * Test fixtures for the host and core integration tests: a throw-away machine (temp HOME, XDG,
 * SWITCHBOARD_HOME, project folder), config writers, the real reference server's script, the CLI
 * as a real child process, and a leftover-process check. Never touches the real home.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processesWithEnv } from '../mcp/transport/launch-session.js';
import type { PlatformContext } from '../data/paths.js';

/** The repository root. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The CLI entry. */
export const CLI_BIN = join(REPO_ROOT, 'bin', 'switchboard.mjs');

/** Absolute path of server-everything's JS entry (run as `<node> <script> stdio`). */
export function everythingScript(): string {
  const require = createRequire(import.meta.url);
  const pkgPath = require.resolve('@modelcontextprotocol/server-everything/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { bin: string | Record<string, string> };
  const bin = typeof pkg.bin === 'string' ? pkg.bin : Object.values(pkg.bin)[0]!;
  return resolve(dirname(pkgPath), bin);
}

/** A throw-away machine. `marker` is put in every server's env to find leftover processes. */
export interface TempWorld {
  root: string;
  home: string;
  xdgConfig: string;
  dataDir: string;
  project: string;
  marker: string;
  /** Environment for a child CLI: the real one minus config relocators, with temp folders. */
  env: Record<string, string | undefined>;
  platform: PlatformContext;
  cleanup(): void;
}

/** Make a temp HOME/XDG_CONFIG_HOME/SWITCHBOARD_HOME and an empty project folder. */
export function makeWorld(): TempWorld {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'sb-host-')));
  const home = join(root, 'home');
  const xdgConfig = join(home, '.config');
  const dataDir = join(root, 'data');
  const project = join(root, 'project');
  for (const d of [home, xdgConfig, dataDir, project]) mkdirSync(d, { recursive: true });
  const env: Record<string, string | undefined> = { ...process.env };
  for (const k of ['CLAUDE_CONFIG_DIR', 'CHATCLI_MCP_CONFIG', 'PI_CONFIG_DIR', 'APPDATA', 'LOCALAPPDATA', 'SWITCHBOARD_RENDERER_DIR']) delete env[k];
  Object.assign(env, { HOME: home, XDG_CONFIG_HOME: xdgConfig, SWITCHBOARD_HOME: dataDir });
  return {
    root,
    home,
    xdgConfig,
    dataDir,
    project,
    marker: `sb-test-${randomUUID()}`,
    env,
    platform: { home, platform: process.platform, env },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Point the world's CLI at a stub renderer folder (a `serve` that needs no build). Returns the folder. */
export function stubRenderer(world: TempWorld): string {
  const dir = join(world.root, 'renderer');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
  world.env.SWITCHBOARD_RENDERER_DIR = dir;
  return dir;
}

/** A stdio entry running the real server-everything, tagged with the world's marker. */
export function everythingEntry(world: TempWorld, env: Record<string, string> = {}): Record<string, unknown> {
  return { command: process.execPath, args: [everythingScript(), 'stdio'], env: { SB_TEST_MARKER: world.marker, ...env } };
}

/** A stdio entry whose command does not exist. */
export const BROKEN_ENTRY = { command: '/nonexistent/mcp-server-broken', args: [] as string[] };

/** A stdio entry that, if ever spawned, creates `file` (to prove that nothing was spawned). */
export function tripwireEntry(file: string): Record<string, unknown> {
  return { command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(file)}, 'spawned')`] };
}

/** Write `<project>/.mcp.json` (Claude Code project scope). */
export function writeProjectConfig(world: TempWorld, servers: Record<string, unknown>): string {
  const file = join(world.project, '.mcp.json');
  writeFileSync(file, JSON.stringify({ mcpServers: servers }, null, 2));
  return file;
}

/** Write Switchboard's own `<dataDir>/servers.json`. */
export function writeOwnServers(world: TempWorld, servers: Record<string, unknown>): string {
  const file = join(world.dataDir, 'servers.json');
  writeFileSync(file, JSON.stringify({ mcpServers: servers }, null, 2));
  return file;
}

/** Outcome of one CLI run. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * Run `node bin/switchboard.mjs …args` (the built CLI) in the world (cwd = project unless given).
 * Kills it after `timeoutMs` (default 100 s: only a hang, never a slow machine, should hit it).
 */
export function runSwitchboard(world: TempWorld, args: string[], options: { cwd?: string; timeoutMs?: number } = {}): Promise<CliRun> {
  const started = Date.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI_BIN, ...args], { cwd: options.cwd ?? world.project, env: world.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 100_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** PIDs of live processes whose environment contains `marker` (Linux /proc; [] elsewhere). */
export function processesWithMarker(marker: string): number[] {
  return processesWithEnv((env) => env.some((e) => e.includes(marker)));
}

/** Poll `check` until it returns true or `timeoutMs` passes (a deadline, not a sleep). */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 60_000, intervalMs = 25): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
