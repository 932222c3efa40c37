/**
 * Benchmarks of the manager against the raw SDK client in the same run (issue 4): each result is a
 * ratio `manager / raw`, so the number means the same on a fast and a slow machine. Servers are
 * the real server-everything (stdio and Streamable HTTP) and the raw fixture server (stderr flood).
 * `runBenchmarks({small:true})` is the smoke run the test suite uses (no timing assertions).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { NO_RESTARTS } from '../src-main/core/mcp/backoff.js';
import { McpManager } from '../src-main/core/mcp/manager.js';
import { EVERYTHING_SCRIPT, startEverythingHttp, testDefinition } from '../src-main/core/mcp/test-helpers.js';
import type { ServerDefinition } from '../src-shared/config/server.js';

const RAW = fileURLToPath(new URL('../src-main/core/mcp/fixtures/raw-stdio-server.mjs', import.meta.url));
const RSS_CHILD = fileURLToPath(new URL('./rss-child.ts', import.meta.url));
const RUN_TS = fileURLToPath(new URL('../bin/run-ts.mjs', import.meta.url));

/** Sizes of one run. */
export interface BenchSizes {
  servers: number;
  calls: number;
  floodCalls: number;
  /** stderr bytes the flood server writes per call (total ≈ floodCalls × this ≥ 1 MiB in a full run). */
  floodBytesPerCall: number;
}
export const FULL: BenchSizes = { servers: 10, calls: 1000, floodCalls: 64, floodBytesPerCall: 16 * 1024 };
export const SMALL: BenchSizes = { servers: 2, calls: 20, floodCalls: 4, floodBytesPerCall: 16 * 1024 };

/** One printed line: what, manager figure, raw figure, ratio. */
export interface BenchResult {
  name: string;
  unit: string;
  manager: number;
  raw: number;
  ratio: number;
}

const everything = (name: string): ServerDefinition =>
  testDefinition({ name, transport: 'stdio', command: process.execPath, args: [EVERYTHING_SCRIPT, 'stdio'] });

function stats(ms: number[]): { median: number; p99: number } {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { median: at(0.5), p99: at(0.99) };
}

const round = (n: number): number => Math.round(n * 1000) / 1000;
const result = (name: string, unit: string, manager: number, raw: number): BenchResult => ({
  name,
  unit,
  manager: round(manager),
  raw: round(raw),
  ratio: raw > 0 ? round(manager / raw) : NaN,
});

async function rawStdioClient(command: string, args: string[], env: Record<string, string> = {}): Promise<{ client: Client; close(): Promise<void> }> {
  const transport = new StdioClientTransport({ command, args, env: { ...(process.env as Record<string, string>), ...env }, stderr: 'pipe' });
  transport.stderr?.on('data', () => undefined); // drain, as the manager does
  const client = new Client({ name: 'bench-raw', version: '1' });
  await client.connect(transport);
  return { client, close: () => client.close() };
}

/** 1. All-ready time of N stdio servers: the manager (parallel) vs raw clients started one by one. */
export async function benchStartup(sizes: BenchSizes): Promise<BenchResult> {
  let t = performance.now();
  const m = new McpManager({ restart: NO_RESTARTS });
  await m.reconcile(Array.from({ length: sizes.servers }, (_, i) => ({ definition: everything(`s${i}`), desired: 'run' as const })));
  await m.settled();
  const managerMs = performance.now() - t;
  const ready = m.runtimes().filter((r) => r.status === 'connected').length;
  await m.dispose();
  if (ready !== sizes.servers) throw new Error(`only ${ready}/${sizes.servers} servers connected`);
  t = performance.now();
  const raws = [];
  for (let i = 0; i < sizes.servers; i++) {
    const r = await rawStdioClient(process.execPath, [EVERYTHING_SCRIPT, 'stdio']);
    await r.client.listTools();
    raws.push(r);
  }
  const rawMs = performance.now() - t;
  await Promise.all(raws.map((r) => r.close()));
  return result(`all-ready time of ${sizes.servers} stdio servers (manager in parallel vs raw one by one)`, 'ms', managerMs, rawMs);
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

/** 2. Median and p99 of N `echo` calls through the manager vs the raw client, over stdio or HTTP. */
export async function benchEcho(sizes: BenchSizes, transport: 'stdio' | 'http'): Promise<BenchResult[]> {
  const http = transport === 'http' ? await startEverythingHttp('streamableHttp') : undefined;
  try {
    const def =
      transport === 'http' ? testDefinition({ name: 'e', transport: 'http', url: http!.url }) : everything('e');
    const m = new McpManager({ restart: NO_RESTARTS });
    await m.reconcile([{ definition: def, desired: 'run' }]);
    await m.settled();
    const args = { message: 'bench' };
    await timeCalls(20, () => m.callTool('e', 'echo', args)); // warm up
    const managed = stats(await timeCalls(sizes.calls, () => m.callTool('e', 'echo', args)));
    await m.dispose();

    const client = new Client({ name: 'bench-raw', version: '1' });
    let close: () => Promise<void>;
    if (http) {
      await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
      close = () => client.close();
    } else {
      const r = await rawStdioClient(process.execPath, [EVERYTHING_SCRIPT, 'stdio']);
      close = r.close;
      await timeCalls(20, () => r.client.callTool({ name: 'echo', arguments: args }));
      const raw = stats(await timeCalls(sizes.calls, () => r.client.callTool({ name: 'echo', arguments: args })));
      await close();
      return [
        result(`echo median over ${transport} (${sizes.calls} calls)`, 'ms', managed.median, raw.median),
        result(`echo p99 over ${transport} (${sizes.calls} calls)`, 'ms', managed.p99, raw.p99),
      ];
    }
    await timeCalls(20, () => client.callTool({ name: 'echo', arguments: args }));
    const raw = stats(await timeCalls(sizes.calls, () => client.callTool({ name: 'echo', arguments: args })));
    await close();
    return [
      result(`echo median over ${transport} (${sizes.calls} calls)`, 'ms', managed.median, raw.median),
      result(`echo p99 over ${transport} (${sizes.calls} calls)`, 'ms', managed.p99, raw.p99),
    ];
  } finally {
    await http?.stop();
  }
}

/**
 * 3. Reply time during a stderr flood: median of calls to the raw fixture server that writes
 * `floodBytesPerCall` of stderr per call (≥ 1 MiB over the run), manager vs raw client; plus the
 * manager's slowdown flood vs no flood.
 */
export async function benchFlood(sizes: BenchSizes): Promise<BenchResult[]> {
  const measure = async (flood: boolean): Promise<{ manager: number; raw: number }> => {
    const env: Record<string, string> = flood ? { FAULT_FLOOD_BYTES: String(sizes.floodBytesPerCall) } : {};
    const m = new McpManager({ restart: NO_RESTARTS });
    await m.reconcile([{ definition: testDefinition({ name: 'f', transport: 'stdio', command: process.execPath, args: [RAW], env }), desired: 'run' }]);
    await m.settled();
    const managed = stats(await timeCalls(sizes.floodCalls, () => m.callTool('f', 'echo', { message: 'x' }))).median;
    await m.dispose();
    const r = await rawStdioClient(process.execPath, [RAW], env);
    const raw = stats(await timeCalls(sizes.floodCalls, () => r.client.callTool({ name: 'echo', arguments: { message: 'x' } }))).median;
    await r.close();
    return { manager: managed, raw };
  };
  const quiet = await measure(false);
  const loud = await measure(true);
  const total = Math.round((sizes.floodCalls * sizes.floodBytesPerCall) / 1024);
  return [
    result(`reply median during a ${total} KiB stderr flood`, 'ms', loud.manager, loud.raw),
    result(`manager reply median, flood vs quiet (raw column: the raw client's flood/quiet)`, 'ratio', loud.manager / quiet.manager, loud.raw / quiet.raw),
  ];
}

function rssOf(mode: 'manager' | 'raw', servers: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', RUN_TS, RSS_CHILD, mode, String(servers)], { stdio: ['ignore', 'pipe', 'inherit'] });
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
  const manager = await rssOf('manager', sizes.servers);
  const raw = await rssOf('raw', sizes.servers);
  return result(`main-process RSS with ${sizes.servers} servers`, 'MiB', manager / 1024 / 1024, raw / 1024 / 1024);
}

/** Run all four benchmarks; `onResult` sees each line as it is measured. */
export async function runBenchmarks(sizes: BenchSizes, onResult: (r: BenchResult) => void = () => undefined): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const add = (r: BenchResult): void => {
    out.push(r);
    onResult(r);
  };
  add(await benchStartup(sizes));
  for (const r of await benchEcho(sizes, 'stdio')) add(r);
  for (const r of await benchEcho(sizes, 'http')) add(r);
  for (const r of await benchFlood(sizes)) add(r);
  add(await benchRss(sizes));
  return out;
}

/** `name: manager 12.3 ms vs raw 10.1 ms → ratio 1.218`. */
export function formatResult(r: BenchResult): string {
  return `${r.name}: manager ${r.manager} ${r.unit} vs raw ${r.raw} ${r.unit} → ratio ${r.ratio}`;
}
