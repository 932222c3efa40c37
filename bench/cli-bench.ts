/**
 * CLI start-up benchmarks (issue 11), each a ratio in one run against a reference measured beside it:
 * - one-shot `switchboard tools everything` vs the MCP Inspector's CLI listing the same server's tools
 *   (`inspector --cli <node> <server-everything> stdio --method tools/list`, pinned devDependency
 *   @modelcontextprotocol/inspector 2.12.0), target ≤ 0.30 (issue 32), printed beside its floor: a
 *   bare `node -e 0` start plus the server's own spawn-to-ready time;
 * - `switchboard --version` vs a bare `node -e 0`, target ≤ 1.3.
 * Wall time from spawn to exit, median of several runs, the two sides interleaved so a busy moment
 * hits both. The CLI runs as users run it: `node bin/switchboard.mjs` on the built bundle (out/cli,
 * rebuilt first when stale). Every run's output is checked, so a failing command cannot look fast.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVERYTHING_SCRIPT } from '../src-main/core/mcp/testing/test-helpers.js';
import { ensureCliBuild } from '../scripts/ensure-cli-build.mjs';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { alternate, formatSpread, spreadOf, type Spread } from './bench-lib.js';

const CLI_BIN = fileURLToPath(new URL('../bin/switchboard.mjs', import.meta.url));

/** One line: what, both medians, the ratio and its target. */
export interface TargetResult {
  name: string;
  /** Median wall time (ms) of ours and of the reference. */
  ours: number;
  reference: number;
  referenceName: string;
  ratio: number;
  /** Ratio of the fastest run of each side (on a busy machine, the runs that met the quietest moments). */
  bestRatio: number;
  /** The ratio must be at most this. */
  target: number;
  /** The ratio's spread over the interleaved pairs of runs (bench-lib.ts `spreadOf`). */
  spread?: Spread;
  /**
   * What no CLI can beat, when the row has one (ms): a bare `node -e 0` start plus the server's own
   * spawn-to-ready time (a raw SDK client in this process: spawn, initialize, `tools/list`), medians.
   */
  floor?: number;
}

/** `name: switchboard 812 ms vs inspector CLI 2950 ms → ratio 0.275 (target ≤ 0.3, met; fastest runs 0.26; floor 500 ms = ratio 0.17) [spread …]`. */
export function formatTargetResult(r: TargetResult): string {
  const verdict = r.ratio <= r.target ? 'met' : 'MISSED';
  const floor = r.floor === undefined ? '' : `; floor ${r.floor} ms = ratio ${round(r.floor / r.reference)}`;
  return `${r.name}: switchboard ${r.ours} ms vs ${r.referenceName} ${r.reference} ms → ratio ${r.ratio} (target ≤ ${r.target}, ${verdict}; fastest runs ${r.bestRatio}${floor})${formatSpread(r.spread)}`;
}

/** The Inspector CLI's entry (its package `bin`), from node_modules. */
function inspectorBin(): string {
  const require = createRequire(import.meta.url);
  const pkgJson = require.resolve('@modelcontextprotocol/inspector/package.json');
  return join(dirname(pkgJson), 'clients', 'launcher', 'build', 'index.js');
}

interface Run {
  ms: number;
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Spawn `argv` (after node) and time it from spawn to exit (ms). */
function timed(argv: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(process.execPath, argv, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - t, code, stdout, stderr }));
  });
}

function check(run: Run, what: string, ok: (r: Run) => boolean): number {
  if (run.code !== 0 || !ok(run)) {
    throw new Error(`${what} failed (exit ${run.code}):\n${run.stdout.slice(0, 400)}\n${run.stderr.slice(0, 800)}`);
  }
  return run.ms;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const round = (n: number, places = 3): number => Math.round(n * 10 ** places) / 10 ** places;

/** Run `a` and `b` `runs` times each, alternating which goes first; medians (and minima) of their wall times, the pairs' ratios' spread. */
async function interleaved(runs: number, a: () => Promise<number>, b: () => Promise<number>): Promise<{ a: number; b: number; bestA: number; bestB: number; spread: Spread | undefined }> {
  const { as, bs } = await alternate(runs, a, b);
  return { a: median(as), b: median(bs), bestA: Math.min(...as), bestB: Math.min(...bs), spread: spreadOf(as.map((x, i) => x / (bs[i] ?? NaN)), `${runs} pairs of runs`) };
}

/** The server's own spawn-to-ready time (ms): a raw SDK client in this process spawns it, connects and lists its tools. */
async function serverReadyMs(env: NodeJS.ProcessEnv): Promise<number> {
  const t = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args: [EVERYTHING_SCRIPT, 'stdio'], env: env as Record<string, string>, stderr: 'pipe' });
  transport.stderr?.on('data', () => undefined);
  const client = new Client({ name: 'bench-floor', version: '1' });
  await client.connect(transport);
  const listed = await client.listTools();
  const ms = performance.now() - t;
  await client.close();
  if (!listed.tools.some((tool) => tool.name === 'echo')) throw new Error('server-everything listed no echo tool');
  return ms;
}

/** A data folder whose own servers.json holds server-everything (stdio), and an empty home and project. */
function makeWorld(): { env: NodeJS.ProcessEnv; project: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'switchboard-cli-bench-'));
  const home = join(root, 'home');
  const data = join(root, 'data');
  const project = join(root, 'project');
  for (const dir of [home, data, project]) mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(data, 'servers.json'),
    JSON.stringify({ mcpServers: { everything: { transport: 'stdio', command: process.execPath, args: [EVERYTHING_SCRIPT, 'stdio'] } } }),
  );
  // Both tools get the same environment: no host's files under this home, so only our server is read.
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, USERPROFILE: home, XDG_CONFIG_HOME: join(home, '.config'), SWITCHBOARD_HOME: data };
  return { env, project, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * The two CLI benchmarks with `runs` runs per side (after one warm-up each). Builds the CLI first
 * when out/cli is missing or stale. Throws when any run fails or prints the wrong thing.
 */
export async function benchCli(runs: number): Promise<TargetResult[]> {
  ensureCliBuild();
  const world = makeWorld();
  try {
    const ours = async (): Promise<number> =>
      check(await timed([CLI_BIN, 'tools', 'everything'], { cwd: world.project, env: world.env }), 'switchboard tools everything', (r) =>
        r.stdout.includes('mcp_everything_echo'),
      );
    const inspector = inspectorBin();
    const theirs = async (): Promise<number> =>
      check(
        await timed([inspector, '--cli', process.execPath, EVERYTHING_SCRIPT, 'stdio', '--method', 'tools/list'], { cwd: world.project, env: world.env }),
        'inspector --cli … --method tools/list',
        (r) => r.stdout.includes('"echo"'),
      );
    await ours();
    await theirs();
    const tools = await interleaved(runs, ours, theirs);

    const version = async (): Promise<number> =>
      check(await timed([CLI_BIN, '--version'], { env: world.env }), 'switchboard --version', (r) => /^\d+\.\d+\.\d+/.test(r.stdout));
    const bare = async (): Promise<number> => check(await timed(['-e', '0'], { env: world.env }), 'node -e 0', () => true);
    await version();
    await bare();
    const versions = await interleaved(runs * 3, version, bare);
    const spawnToReady: number[] = [];
    for (let i = 0; i < runs; i++) spawnToReady.push(await serverReadyMs(world.env));

    return [
      {
        name: `one-shot "tools everything" (stdio server-everything, median of ${runs})`,
        ours: round(tools.a, 0),
        reference: round(tools.b, 0),
        referenceName: 'inspector CLI',
        ratio: round(tools.a / tools.b),
        bestRatio: round(tools.bestA / tools.bestB),
        target: 0.3,
        ...(tools.spread ? { spread: tools.spread } : {}),
        floor: round(versions.b + median(spawnToReady), 0),
      },
      {
        name: `"--version" (median of ${runs * 3})`,
        ours: round(versions.a, 1),
        reference: round(versions.b, 1),
        referenceName: 'bare node -e 0',
        ratio: round(versions.a / versions.b),
        bestRatio: round(versions.bestA / versions.bestB),
        target: 1.3,
        ...(versions.spread ? { spread: versions.spread } : {}),
      },
    ];
  } finally {
    world.remove();
  }
}

/**
 * For bench/run.ts: run the CLI benchmarks (7 runs, 2 with `--small`) and print each line, then the
 * machine's load: on a busy machine wall times drift towards CPU times, and the one-shot ratio with them.
 */
export async function runCliBenchmarks(small: boolean, print: (line: string) => void): Promise<void> {
  for (const r of await benchCli(small ? 2 : 7)) print(formatTargetResult(r));
  print(`(load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores during the CLI runs)`);
}
