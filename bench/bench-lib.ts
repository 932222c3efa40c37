/**
 * Benchmarks of the manager against the raw SDK client in the same run (issue 4): each result is a
 * ratio `manager / raw`, so the number means the same on a fast and a slow machine. Servers are
 * the real server-everything (stdio and Streamable HTTP) and the raw fixture server (stderr flood).
 * `runBenchmarks({small:true})` is the smoke run the test suite uses (no timing assertions).
 */
import { spawn } from 'node:child_process';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { NO_RESTARTS } from '../src-main/core/mcp/manager/backoff.js';
import { McpManager } from '../src-main/core/mcp/manager/manager.js';
import { EVERYTHING_SCRIPT, startEverythingHttp, testDefinition } from '../src-main/core/mcp/testing/test-helpers.js';
import type { ServerDefinition } from '../src-shared/config/server.js';

const RAW = fileURLToPath(new URL('../src-main/core/mcp/testing/fixtures/raw-stdio-server.mjs', import.meta.url));
/** Set in the bench bundle (vite.bench.config.ts): its folder, which holds the built RSS child. */
declare const __SB_BENCH_OUT__: string | undefined;
/** The RSS child's node arguments: the built one in the bench bundle (`npm run bench`), else the TypeScript through tsx (vitest). */
const RSS_CHILD_ARGS =
  typeof __SB_BENCH_OUT__ === 'string'
    ? [join(__SB_BENCH_OUT__, 'rss-child.mjs')]
    : [fileURLToPath(new URL('../bin/run-ts.mjs', import.meta.url)), fileURLToPath(new URL('./rss-child.ts', import.meta.url))];

/** Sizes of one run. */
export interface BenchSizes {
  servers: number;
  calls: number;
  floodCalls: number;
  /** stderr bytes the flood server writes per call (total ≈ floodCalls × this ≥ 1 MiB in a full run). */
  floodBytesPerCall: number;
  /** Rounds of the rows measured as a whole (start-up, RSS): the row is their median, the spread their range. */
  rounds: number;
}
export const FULL: BenchSizes = { servers: 10, calls: 1000, floodCalls: 400, floodBytesPerCall: 16 * 1024, rounds: 3 };
export const SMALL: BenchSizes = { servers: 2, calls: 20, floodCalls: 10, floodBytesPerCall: 16 * 1024, rounds: 2 };

/** One printed line: what, manager figure, raw figure, ratio, and the ratio's target when it has one. */
export interface BenchResult {
  name: string;
  unit: string;
  manager: number;
  raw: number;
  ratio: number;
  /** The ratio must be at most this (issue 11 item 5). */
  target?: number;
  /** How far the ratio moved over the row's repetitions (issue 32 item 1: every row prints it). */
  spread?: Spread;
  /** What bounds the ratio on this machine, printed after the target (e.g. the start-up row's floor). */
  note?: string;
}

/** The ratio's spread over a row's repetitions (blocks of calls, runs, rounds). */
export interface Spread {
  /** p10 and p90 of the repetitions' ratios with 10 or more, min and max with fewer. */
  lo: number;
  hi: number;
  /** What the repetitions were, e.g. `10 blocks of 100 calls`. */
  over: string;
}

/**
 * The spread of `ratios` (one per repetition): p10–p90 (nearest rank) with 10 or more, min–max with
 * fewer; non-finite ratios are left out. Undefined when none is left.
 */
export function spreadOf(ratios: number[], over: string): Spread | undefined {
  const s = ratios.filter((r) => Number.isFinite(r)).sort((a, b) => a - b);
  const first = s[0];
  const last = s.at(-1);
  if (first === undefined || last === undefined) return undefined;
  if (s.length < 10) return { lo: round(first), hi: round(last), over };
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { lo: round(at(0.1)), hi: round(at(0.9)), over };
}

/** A row with its spread (none when `spread` is undefined). */
export const withSpread = (r: BenchResult, spread: Spread | undefined): BenchResult => (spread ? { ...r, spread } : r);

/**
 * The ratio `stat(a block) / stat(b block)` of each block of `interleavedCalls`' output (the same
 * cut: `ECHO_BLOCKS` blocks of `ceil(n / ECHO_BLOCKS)` calls), in block order.
 */
export function blockRatios(a: number[], b: number[], stat: (ms: number[]) => number): number[] {
  const block = Math.max(1, Math.ceil(Math.max(a.length, b.length) / ECHO_BLOCKS));
  const out: number[] = [];
  for (let i = 0; i < a.length && i < b.length; i += block) out.push(stat(a.slice(i, i + block)) / stat(b.slice(i, i + block)));
  return out;
}

/** `blockRatios`' spread, labelled with the number of blocks and calls per block. */
export function blockSpread(a: number[], b: number[], stat: (ms: number[]) => number): Spread | undefined {
  const ratios = blockRatios(a, b, stat);
  return spreadOf(ratios, `${ratios.length} blocks of ${Math.ceil(a.length / Math.max(1, ratios.length))} calls`);
}

/** Issue 11 item 5's targets (ratios manager / raw). */
export const TARGETS = { echoMedian: 1.1, echoP99: 1.5, startup: 0.6, rss: 1.3 } as const;

const everything = (name: string): ServerDefinition =>
  testDefinition({ name, transport: 'stdio', command: process.execPath, args: [EVERYTHING_SCRIPT, 'stdio'] });

/** Median (nearest rank, upper) of durations. */
export const medianOf = (ms: number[]): number => stats(ms).median;
/** p99 (nearest rank) of durations. */
export const p99Of = (ms: number[]): number => stats(ms).p99;

/** Median and p99 (nearest rank) of durations. */
export function stats(ms: number[]): { median: number; p99: number } {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { median: at(0.5), p99: at(0.99) };
}

/** `n` to 3 decimals. */
export const round = (n: number): number => Math.round(n * 1000) / 1000;
/** One row: `manager / raw` as the ratio, figures to 3 decimals. */
export const result = (name: string, unit: string, manager: number, raw: number, target?: number): BenchResult => ({
  name,
  unit,
  manager: round(manager),
  raw: round(raw),
  ratio: raw > 0 ? round(manager / raw) : NaN,
  ...(target !== undefined ? { target } : {}),
});

async function rawStdioClient(command: string, args: string[], env: Record<string, string> = {}): Promise<{ client: Client; close(): Promise<void> }> {
  const transport = new StdioClientTransport({ command, args, env: { ...(process.env as Record<string, string>), ...env }, stderr: 'pipe' });
  transport.stderr?.on('data', () => undefined); // drain, as the manager does
  const client = new Client({ name: 'bench-raw', version: '1' });
  await client.connect(transport);
  return { client, close: () => client.close() };
}

/** All-ready time (ms) of N stdio servers started by one manager (in parallel, its own way); throws unless all connect. */
async function managerStartMs(servers: number): Promise<number> {
  const t = performance.now();
  const m = new McpManager({ restart: NO_RESTARTS });
  await m.reconcile(Array.from({ length: servers }, (_, i) => ({ definition: everything(`s${i}`), desired: 'run' as const })));
  await m.settled();
  const ms = performance.now() - t;
  const ready = m.runtimes().filter((r) => r.status === 'connected').length;
  await m.dispose();
  if (ready !== servers) throw new Error(`only ${ready}/${servers} servers connected`);
  return ms;
}

/** Busy CPU time of the whole machine so far (ms, every core summed: user, nice, sys, irq), from `os.cpus()`. */
function machineBusyMs(): number {
  return cpus().reduce((sum, { times }) => sum + times.user + times.nice + times.sys + times.irq, 0);
}

/**
 * All-ready time (ms) of N raw clients (connected and tools listed), one by one or all at once.
 * `busy`, when given, receives how many cores the whole machine kept busy meanwhile (busy CPU ms ÷
 * wall ms; other work on the machine counts too).
 */
async function rawStartMs(servers: number, parallel: boolean, busy?: (cores: number) => void): Promise<number> {
  const one = async (): Promise<{ close(): Promise<void> }> => {
    const r = await rawStdioClient(process.execPath, [EVERYTHING_SCRIPT, 'stdio']);
    await r.client.listTools();
    return r;
  };
  const t = performance.now();
  const cpu = machineBusyMs();
  const raws: Array<{ close(): Promise<void> }> = [];
  if (parallel) raws.push(...(await Promise.all(Array.from({ length: servers }, one))));
  else for (let i = 0; i < servers; i++) raws.push(await one());
  const ms = performance.now() - t;
  busy?.((machineBusyMs() - cpu) / ms);
  await Promise.all(raws.map((r) => r.close()));
  return ms;
}

/** Run `a` and `b` `n` times each, which goes first alternating; each side's figures in run order. */
export async function alternate(n: number, a: () => Promise<number>, b: () => Promise<number>): Promise<{ as: number[]; bs: number[] }> {
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < n; i++) {
    if (i % 2 === 0) {
      as.push(await a());
      bs.push(await b());
    } else {
      bs.push(await b());
      as.push(await a());
    }
  }
  return { as, bs };
}

/**
 * `rounds` rounds of both sides (`alternate`): the row's figures are the medians of the rounds, its
 * spread the range of the rounds' own ratios.
 */
async function rounds(n: number, a: () => Promise<number>, b: () => Promise<number>): Promise<{ a: number; b: number; spread: Spread | undefined }> {
  const { as, bs } = await alternate(n, a, b);
  return { a: middle(as), b: middle(bs), spread: spreadOf(as.map((x, i) => x / (bs[i] ?? NaN)), `${n} rounds`) };
}

/** The median of a few figures (the mean of the middle two when even). */
function middle(xs: number[]): number {
  const s = [...xs].sort((x, y) => x - y);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
}

/** 1. All-ready time of N stdio servers: the manager (parallel) vs raw clients started one by one. */
export async function benchStartup(sizes: BenchSizes): Promise<BenchResult> {
  const busy: number[] = [];
  const r = await rounds(sizes.rounds, () => managerStartMs(sizes.servers), () => rawStartMs(sizes.servers, false, (cores) => busy.push(cores)));
  const row = withSpread(result(`all-ready time of ${sizes.servers} stdio servers (manager in parallel vs raw one by one)`, 'ms', r.a, r.b, TARGETS.startup), r.spread);
  return { ...row, note: startupFloor(middle(busy), availableParallelism()) };
}

/**
 * The start-up row's floor on this machine, in words: started one by one, the servers (and node's
 * own compiler and GC threads) already kept `busyCores` of the `cores` busy, so no order of starts
 * can take less than `busyCores / cores` of the one-by-one time (the work is CPU-bound). Issue 32
 * item 1 assumed one core busy (a floor of 0.5 on two).
 */
export function startupFloor(busyCores: number, cores: number): string {
  const floor = Math.min(1, busyCores / cores);
  return `floor here ≈ ${floor.toFixed(2)}: one by one kept ${busyCores.toFixed(2)} of ${cores} cores busy`;
}

/**
 * 1b. The same start, both sides in parallel (raw: N clients connected with `Promise.all`): what the
 * manager adds to the work itself. On a saturated machine parallel cannot beat one by one (the
 * starts are CPU-bound), and this row shows whether the manager or the machine is the limit.
 */
export async function benchStartupParallel(sizes: BenchSizes): Promise<BenchResult> {
  const r = await rounds(sizes.rounds, () => managerStartMs(sizes.servers), () => rawStartMs(sizes.servers, true));
  return withSpread(result(`for comparison, all-ready time of ${sizes.servers} stdio servers, both in parallel`, 'ms', r.a, r.b), r.spread);
}

/** Blocks each side's calls are cut into, run alternately, so a busy moment of the machine hits both. */
const ECHO_BLOCKS = 10;

/**
 * Time `n` calls of each of `a` and `b`, in `ECHO_BLOCKS` alternating blocks (which side goes first
 * alternates too). Both clients are connected throughout. Returns each call's duration (ms).
 */
export async function interleavedCalls(n: number, a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<{ a: number[]; b: number[] }> {
  const as: number[] = [];
  const bs: number[] = [];
  const block = Math.max(1, Math.ceil(n / ECHO_BLOCKS));
  for (let done = 0, i = 0; done < n; done += block, i++) {
    const size = Math.min(block, n - done);
    if (i % 2 === 0) {
      as.push(...(await timeCalls(size, a)));
      bs.push(...(await timeCalls(size, b)));
    } else {
      bs.push(...(await timeCalls(size, b)));
      as.push(...(await timeCalls(size, a)));
    }
  }
  return { a: as, b: bs };
}

async function timeCalls(n: number, call: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await call();
    out.push(performance.now() - t);
  }
  return out;
}

/**
 * 2. Median and p99 of N `echo` calls through the manager vs the raw client, over stdio or HTTP:
 * both connected at once, their calls in alternating blocks (`interleavedCalls`).
 */
export async function benchEcho(sizes: BenchSizes, transport: 'stdio' | 'http'): Promise<BenchResult[]> {
  const http = transport === 'http' ? await startEverythingHttp('streamableHttp') : undefined;
  const m = new McpManager({ restart: NO_RESTARTS });
  let raw: { client: Client; close(): Promise<void> } | undefined;
  try {
    const def = transport === 'http' ? testDefinition({ name: 'e', transport: 'http', url: http!.url }) : everything('e');
    await m.reconcile([{ definition: def, desired: 'run' }]);
    await m.settled();
    if (http) {
      const client = new Client({ name: 'bench-raw', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
      raw = { client, close: () => client.close() };
    } else raw = await rawStdioClient(process.execPath, [EVERYTHING_SCRIPT, 'stdio']);
    const args = { message: 'bench' };
    const viaManager = () => m.callTool('e', 'echo', args);
    const viaRaw = () => raw!.client.callTool({ name: 'echo', arguments: args });
    await interleavedCalls(40, viaManager, viaRaw); // warm up
    const times = await interleavedCalls(sizes.calls, viaManager, viaRaw);
    const managed = stats(times.a);
    const direct = stats(times.b);
    return [
      withSpread(result(`echo median over ${transport} (${sizes.calls} calls)`, 'ms', managed.median, direct.median, TARGETS.echoMedian), blockSpread(times.a, times.b, medianOf)),
      withSpread(result(`echo p99 over ${transport} (${sizes.calls} calls)`, 'ms', managed.p99, direct.p99, TARGETS.echoP99), blockSpread(times.a, times.b, p99Of)),
    ];
  } finally {
    await m.dispose();
    await raw?.close();
    await http?.stop();
  }
}

/**
 * 3. Reply time during a stderr flood: calls to the raw fixture server that writes
 * `floodBytesPerCall` of stderr per call (≥ 1 MiB over the run), manager vs raw client, both
 * connected at once and their calls interleaved in alternating blocks (`interleavedCalls`), so a
 * busy moment of the machine hits both; plus the manager's slowdown flood vs no flood beside the
 * raw client's (the quiet pair measured the same way, block k of each paired for the spread).
 */
export async function benchFlood(sizes: BenchSizes): Promise<BenchResult[]> {
  const measure = async (flood: boolean): Promise<{ a: number[]; b: number[] }> => {
    const env: Record<string, string> = flood ? { FAULT_FLOOD_BYTES: String(sizes.floodBytesPerCall) } : {};
    const m = new McpManager({ restart: NO_RESTARTS });
    let r: { client: Client; close(): Promise<void> } | undefined;
    try {
      await m.reconcile([{ definition: testDefinition({ name: 'f', transport: 'stdio', command: process.execPath, args: [RAW], env }), desired: 'run' }]);
      await m.settled();
      const raw = await rawStdioClient(process.execPath, [RAW], env);
      r = raw;
      const viaManager = () => m.callTool('f', 'echo', { message: 'x' });
      const viaRaw = () => raw.client.callTool({ name: 'echo', arguments: { message: 'x' } });
      await interleavedCalls(Math.min(20, sizes.floodCalls), viaManager, viaRaw); // warm up
      return await interleavedCalls(sizes.floodCalls, viaManager, viaRaw);
    } finally {
      await m.dispose();
      await r?.close();
    }
  };
  const quiet = await measure(false);
  const loud = await measure(true);
  const total = Math.round((sizes.floodCalls * sizes.floodBytesPerCall) / 1024);
  const loudRatios = blockRatios(loud.a, loud.b, medianOf);
  const quietRatios = blockRatios(quiet.a, quiet.b, medianOf);
  const blocks = `${loudRatios.length} blocks of ${Math.ceil(sizes.floodCalls / Math.max(1, loudRatios.length))} calls`;
  const [lm, lr, qm, qr] = [medianOf(loud.a), medianOf(loud.b), medianOf(quiet.a), medianOf(quiet.b)];
  return [
    withSpread(result(`reply median during a ${total} KiB stderr flood`, 'ms', lm, lr), spreadOf(loudRatios, blocks)),
    withSpread(
      result(`manager reply median, flood vs quiet (raw column: the raw client's flood/quiet)`, 'ratio', lm / qm, lr / qr),
      spreadOf(loudRatios.map((x, i) => x / (quietRatios[i] ?? NaN)), blocks),
    ),
  ];
}

function rssOf(mode: 'manager' | 'raw', servers: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', ...RSS_CHILD_ARGS, mode, String(servers)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const m = /^rss (\d+)$/m.exec(out);
      if (code === 0 && m) resolve(Number(m[1]));
      else reject(new Error(`rss child (${mode}) failed with ${code}: ${out}`));
    });
  });
}

/** 4. Main-process RSS with N stdio servers connected: the manager vs raw clients (separate processes). */
export async function benchRss(sizes: BenchSizes): Promise<BenchResult> {
  const r = await rounds(sizes.rounds, () => rssOf('manager', sizes.servers), () => rssOf('raw', sizes.servers));
  return withSpread(result(`main-process RSS with ${sizes.servers} servers`, 'MiB', r.a / 1024 / 1024, r.b / 1024 / 1024, TARGETS.rss), r.spread);
}

/** The groups of rows `npm run bench -- --only=<group>,…` can pick (bench/run.ts). */
export const BENCH_GROUPS = ['startup', 'echo-stdio', 'echo-http', 'flood', 'rss', 'modern', 'modern-echo', 'cli', 'channels', 'channels-window', 'gateway', 'renderer'] as const;
export type BenchGroup = (typeof BENCH_GROUPS)[number];

/**
 * Run all four benchmarks (or only the groups `wanted` says); `onResult` sees each line as it is
 * measured.
 */
export async function runBenchmarks(
  sizes: BenchSizes,
  onResult: (r: BenchResult) => void = () => undefined,
  wanted: (group: BenchGroup) => boolean = () => true,
): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const add = (r: BenchResult): void => {
    out.push(r);
    onResult(r);
  };
  if (wanted('startup')) {
    add(await benchStartup(sizes));
    add(await benchStartupParallel(sizes));
  }
  if (wanted('echo-stdio')) for (const r of await benchEcho(sizes, 'stdio')) add(r);
  if (wanted('echo-http')) for (const r of await benchEcho(sizes, 'http')) add(r);
  if (wanted('flood')) for (const r of await benchFlood(sizes)) add(r);
  if (wanted('rss')) add(await benchRss(sizes));
  return out;
}

/**
 * `name: manager 12.3 ms vs raw 10.1 ms → ratio 1.218`, then `(target ≤ 1.10, met)` when the row
 * has a target, then `[spread 1.19–1.25 over 10 blocks of 100 calls]` when it has a spread.
 */
export function formatResult(r: BenchResult): string {
  const line = `${r.name}: manager ${r.manager} ${r.unit} vs raw ${r.raw} ${r.unit} → ratio ${r.ratio}`;
  const verdict = r.target === undefined ? undefined : `target ≤ ${r.target.toFixed(2)}, ${r.ratio <= r.target ? 'met' : 'MISSED'}`;
  const inParens = [verdict, r.note].filter((part) => part !== undefined).join('; ');
  const targeted = inParens === '' ? line : `${line} (${inParens})`;
  return `${targeted}${formatSpread(r.spread)}`;
}

/** ` [spread 1.19–1.25 over 10 blocks of 100 calls]`, or '' without a spread. */
export function formatSpread(spread: Spread | undefined): string {
  return spread ? ` [spread ${spread.lo}–${spread.hi} over ${spread.over}]` : '';
}
