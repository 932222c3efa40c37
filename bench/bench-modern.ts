/**
 * The modern-era rows of `npm run bench` (issue 10), ratios against a raw SDK v2 client in the
 * same run, like the issue-4 rows:
 *   - `echo` median over stdio and Streamable HTTP against servers of the current revision
 *     (2026-07-28, modern-only fixtures), printed beside the target (≤ 1.10, issue 11 item 5);
 *   - what the era probe costs on connect: a first connect (auto: `server/discover` in place on
 *     the session process) vs a reconnect with the remembered era (no probe), and, for comparison,
 *     the raw SDK's own auto connect on stdio (probe on a sibling process) vs its plain connect.
 */
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { NO_RESTARTS } from '../src-main/core/mcp/manager/backoff.js';
import { StoredEraMemory } from '../src-main/core/mcp/client/era-memory.js';
import { McpManager } from '../src-main/core/mcp/manager/manager.js';
import { EVERYTHING_SCRIPT, testDefinition } from '../src-main/core/mcp/testing/test-helpers.js';
import type { ServerDefinition } from '../src-shared/config/server.js';
import { blockSpread, formatSpread, interleavedCalls, spreadOf, withSpread, type BenchResult, type BenchSizes } from './bench-lib.js';

const MODERN_STDIO = fileURLToPath(new URL('../src-main/core/mcp/testing/fixtures/modern-stdio-server.mjs', import.meta.url));
const HTTP_FIXTURE = new URL('../src-main/core/mcp/testing/fixtures/modern-http-server.mjs', import.meta.url).href;
/** The echo target of the modern rows (manager / raw). */
export const MODERN_ECHO_TARGET = 1.1;

interface HttpFixture {
  url: string;
  close(): Promise<void>;
}

function median(ms: number[]): number {
  const s = [...ms].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

const round = (n: number): number => Math.round(n * 1000) / 1000;
const row = (name: string, unit: string, manager: number, raw: number): BenchResult => ({ name, unit, manager: round(manager), raw: round(raw), ratio: raw > 0 ? round(manager / raw) : NaN });

const stdioDef = (name: string): ServerDefinition => testDefinition({ name, transport: 'stdio', command: process.execPath, args: [MODERN_STDIO, '--legacy', 'reject'] });

/**
 * `echo` median through the manager vs a raw v2 client pinned to 2026-07-28, both connected at once,
 * their calls in alternating blocks (`interleavedCalls`, bench-lib.ts).
 */
async function echoRow(sizes: BenchSizes, transport: 'stdio' | 'http', http?: HttpFixture): Promise<BenchResult> {
  const def = transport === 'http' ? testDefinition({ name: 'm', transport: 'http', url: http!.url }) : stdioDef('m');
  const m = new McpManager({ restart: NO_RESTARTS });
  const client = new Client({ name: 'bench-raw', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  try {
    await m.reconcile([{ definition: def, desired: 'run' }]);
    await m.settled();
    if (m.runtime('m')?.protocol?.era !== 'modern') throw new Error(`the manager did not reach the modern era over ${transport}: ${m.runtime('m')?.lastError ?? ''}`);
    if (http) await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    else {
      const t = new StdioClientTransport({ command: process.execPath, args: [MODERN_STDIO, '--legacy', 'reject'], stderr: 'pipe' });
      t.stderr?.on('data', () => undefined);
      await client.connect(t);
    }
    const args = { message: 'bench' };
    const viaManager = () => m.callTool('m', 'echo', args);
    const viaRaw = () => client.callTool({ name: 'echo', arguments: args });
    await interleavedCalls(40, viaManager, viaRaw); // warm up
    const times = await interleavedCalls(sizes.calls, viaManager, viaRaw);
    return withSpread(row(`modern era (2026-07-28) echo median over ${transport} (${sizes.calls} calls)`, 'ms', median(times.a), median(times.b)), blockSpread(times.a, times.b, median));
  } finally {
    await m.dispose();
    await client.close();
  }
}

/**
 * Connect time (spawn → connected with tools listed) of a stdio server, `n` times each: the
 * manager's first connect (auto, probe in place) vs its reconnect with the remembered era.
 */
async function probeRow(n: number, label: string, def: () => ServerDefinition): Promise<BenchResult> {
  const probe: number[] = [];
  const remembered: number[] = [];
  for (let i = 0; i < n; i++) {
    const eras = new StoredEraMemory();
    for (const bucket of [probe, remembered]) {
      const m = new McpManager({ restart: NO_RESTARTS, eras });
      const t = performance.now();
      await m.reconcile([{ definition: def(), desired: 'run' }]);
      await m.settled();
      bucket.push(performance.now() - t);
      if (m.runtime(def().name)?.status !== 'connected') throw new Error(`${label}: ${m.runtime(def().name)?.lastError ?? 'not connected'}`);
      await m.dispose();
    }
  }
  return withSpread(
    row(`connect with the era probe vs a remembered era, ${label} (median of ${n}; manager column: probe, raw column: remembered)`, 'ms', median(probe), median(remembered)),
    spreadOf(probe.map((p, i) => p / (remembered[i] ?? NaN)), `${n} pairs`),
  );
}

/** The raw SDK's own `auto` on its stdio transport (sibling probe process) vs its plain connect. */
async function sdkSiblingRow(n: number): Promise<BenchResult> {
  const connectOnce = async (auto: boolean): Promise<number> => {
    const client = new Client({ name: 'bench-raw', version: '1' }, auto ? { versionNegotiation: { mode: 'auto' } } : {});
    const t = performance.now();
    const transport = new StdioClientTransport({ command: process.execPath, args: [EVERYTHING_SCRIPT, 'stdio'], stderr: 'pipe' });
    transport.stderr?.on('data', () => undefined);
    await client.connect(transport);
    await client.listTools();
    const ms = performance.now() - t;
    await client.close();
    return ms;
  };
  const auto: number[] = [];
  const plain: number[] = [];
  for (let i = 0; i < n; i++) {
    auto.push(await connectOnce(true));
    plain.push(await connectOnce(false));
  }
  return withSpread(
    row(`for comparison, raw SDK v2 stdio connect to server-everything: auto (sibling probe process) vs legacy (median of ${n}; manager column: auto, raw column: legacy)`, 'ms', median(auto), median(plain)),
    spreadOf(auto.map((a, i) => a / (plain[i] ?? NaN)), `${n} pairs`),
  );
}

/** Run the modern rows (`echoOnly`: the two echo rows alone); `onResult` sees each as it is measured. */
export async function runModernBenchmarks(sizes: BenchSizes, onResult: (r: BenchResult) => void = () => undefined, echoOnly = false): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const add = (r: BenchResult): void => {
    out.push(r);
    onResult(r);
  };
  const { startModernHttp } = (await import(HTTP_FIXTURE)) as { startModernHttp: (o: { legacy: string }) => Promise<HttpFixture> };
  const http = await startModernHttp({ legacy: 'reject' });
  try {
    add(await echoRow(sizes, 'stdio'));
    add(await echoRow(sizes, 'http', http));
  } finally {
    await http.close();
  }
  if (echoOnly) return out;
  const n = Math.max(3, Math.min(10, sizes.servers));
  add(await probeRow(n, 'modern-only stdio server', () => stdioDef('p')));
  add(await probeRow(n, 'server-everything (2025 era)', () => testDefinition({ name: 'p', transport: 'stdio', command: process.execPath, args: [EVERYTHING_SCRIPT, 'stdio'] })));
  add(await sdkSiblingRow(n));
  return out;
}

/** A modern row, with the echo target beside it. */
export function formatModernResult(r: BenchResult): string {
  const line = `${r.name}: manager ${r.manager} ${r.unit} vs raw ${r.raw} ${r.unit} → ratio ${r.ratio}`;
  const targeted = r.name.includes('echo median') ? `${line} (target ≤ ${MODERN_ECHO_TARGET.toFixed(2)}${r.ratio <= MODERN_ECHO_TARGET ? ', met' : ', MISSED'})` : line;
  return `${targeted}${formatSpread(r.spread)}`;
}
