/**
 * The channels benchmark (issue 13): one server pushes `rate` notifications per second for
 * `seconds`; the owner's core (the data folder's owner, so it writes `channels.jsonl`) against a
 * raw SDK client receiving the same stream, in the same run. Lines: notifications kept (the file
 * checked line by line: numbered 1…N, none missing), the time until the last one is stored, and
 * the heap the owner holds afterwards — bounded by the in-memory window (10,000 entries) whatever
 * the rate. In-process measurements of the heap grown during the stream (`global.gc` is used when
 * the bench runs with --expose-gc).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { z } from 'zod';
import { NOTIFYING_SERVER } from '../src-main/core/channels/test-fixtures.js';
import { createSwitchboardCore } from '../src-main/core/composition/switchboard-core.js';
import { everythingScript } from '../src-main/core/composition/test-world.js';
import type { BenchResult } from './bench-lib.js';

/** Sizes of one run. */
export interface ChannelBenchSizes {
  rate: number;
  seconds: number;
}
export const CHANNELS_FULL: ChannelBenchSizes = { rate: 1000, seconds: 10 };
export const CHANNELS_SMALL: ChannelBenchSizes = { rate: 200, seconds: 1 };

const round = (n: number): number => Math.round(n * 1000) / 1000;
const result = (name: string, unit: string, manager: number, raw: number): BenchResult => ({ name, unit, manager: round(manager), raw: round(raw), ratio: raw > 0 ? round(manager / raw) : NaN });
const gc = (): void => (globalThis as { gc?: () => void }).gc?.();
const heapMiB = (): number => process.memoryUsage().heapUsed / 1024 / 1024;

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

/** The owner: a core in `web` mode over a temp data folder; counts entries in its channels.jsonl afterwards. */
async function owner(sizes: ChannelBenchSizes): Promise<{ kept: number; ms: number; heapDelta: number; window: number }> {
  const total = sizes.rate * sizes.seconds;
  const root = mkdtempSync(join(tmpdir(), 'sb-bench-channels-'));
  const dataDir = join(root, 'data');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { pusher: { command: process.execPath, args: [NOTIFYING_SERVER, 'stdio'] } } }));
  const core = createSwitchboardCore(
    { platform: { home: root, platform: process.platform, env: { ...process.env, HOME: root, XDG_CONFIG_HOME: join(root, '.config') } }, projectDir: root, dataDir, mode: 'web', version: 'bench', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } },
    { watchConfig: false },
  );
  let last = 0;
  let first = 0;
  core.subscribe((event, payload) => {
    if (event !== 'channels:appended') return;
    const entries = payload as { payload: { n?: number } }[];
    if (first === 0 && entries.length > 0) first = performance.now();
    for (const e of entries) last = Math.max(last, e.payload.n ?? 0);
  });
  try {
    await core.start();
    await core.settled();
    gc();
    const before = heapMiB();
    const started = await core.handlers['tools:call']({ server: 'pusher', tool: 'burst', args: { rate: sizes.rate, seconds: sizes.seconds } });
    if (!started.ok) throw new Error(`burst: ${started.error.message}`);
    await until(() => last >= total, (sizes.seconds + 30) * 1000);
    const ms = performance.now() - first;
    gc();
    const heapDelta = heapMiB() - before;
    const window = core.channels?.list({ limit: 10_000 }).length ?? 0;
    await core.dispose();
    // None lost: every number 1…N is a line of channels.jsonl.
    const seen = new Set<number>();
    for (const line of readFileSync(join(dataDir, 'channels.jsonl'), 'utf8').split('\n')) {
      if (!line) continue;
      const n = (JSON.parse(line) as { payload: { n?: number } }).payload.n;
      if (typeof n === 'number') seen.add(n);
    }
    return { kept: seen.size, ms, heapDelta, window };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * A raw SDK client receiving the same stream (a fallback handler sees every notification) and
 * keeping each one, as a client that shows them must: the memory baseline of the owner's window.
 */
async function raw(sizes: ChannelBenchSizes): Promise<{ kept: number; ms: number; heapDelta: number }> {
  const total = sizes.rate * sizes.seconds;
  const transport = new StdioClientTransport({ command: process.execPath, args: [NOTIFYING_SERVER, 'stdio'], stderr: 'pipe' });
  transport.stderr?.on('data', () => undefined);
  const client = new Client({ name: 'bench-raw', version: '1' });
  const seen = new Set<number>();
  const kept: unknown[] = [];
  let first = 0;
  const N = z.object({ n: z.number() });
  client.fallbackNotificationHandler = async (n) => {
    if (first === 0) first = performance.now();
    kept.push(n);
    const num = N.safeParse(n.params);
    if (num.success) seen.add(num.data.n);
  };
  await client.connect(transport);
  gc();
  const before = heapMiB();
  await client.callTool({ name: 'burst', arguments: { rate: sizes.rate, seconds: sizes.seconds } });
  await until(() => seen.size >= total, (sizes.seconds + 30) * 1000);
  const ms = performance.now() - first;
  gc();
  const heapDelta = heapMiB() - before;
  await client.close();
  kept.length = 0;
  return { kept: seen.size, ms, heapDelta };
}

/** The channels rows of `npm run bench`. */
export async function benchChannels(sizes: ChannelBenchSizes = CHANNELS_FULL): Promise<BenchResult[]> {
  const total = sizes.rate * sizes.seconds;
  const m = await owner(sizes);
  const r = await raw(sizes);
  const label = `${sizes.rate.toLocaleString('en')} notifications/s for ${sizes.seconds} s`;
  return [
    result(`${label}: kept (owner: lines of channels.jsonl, of ${total}; window ${m.window} in memory)`, 'notifications', m.kept, r.kept),
    result(`${label}: first to last one stored / received`, 'ms', m.ms, r.ms),
    result(`${label}: heap held afterwards (owner: a window of at most 10,000; raw: a client keeping every notification)`, 'MiB', Math.max(m.heapDelta, 0.001), Math.max(r.heapDelta, 0.001)),
  ];
}

/** Run the channels rows (`small`: the smoke sizes), handing each to `onResult`. */
export async function runChannelBench(small: boolean, onResult: (r: BenchResult) => void): Promise<BenchResult[]> {
  const results = await benchChannels(small ? CHANNELS_SMALL : CHANNELS_FULL);
  for (const r of results) onResult(r);
  return results;
}
