/**
 * `npm run bench`: the four issue-4 benchmarks and the channels benchmark (issue 13), each printed
 * as a ratio against the raw SDK client in the same run. `--small` runs the smoke sizes;
 * `--only=<group>,…` runs only those groups of rows (BENCH_GROUPS: startup, echo-stdio, echo-http,
 * flood, rss, modern, modern-echo (the modern group's two echo rows alone), cli, channels, channels-window, gateway), e.g. `npm run bench -- --only=cli`. `--trace`
 * adds a Chrome trace to the channels-window row (the longest task's CPU time); that row is issue 27's
 * flood, 5,000 notifications a second for 10 s, with its targets (needs `npm run build` and
 * /usr/bin/chromium). `gateway` is issue 30's gateway bench (bench/gateway-bench.ts).
 * `renderer` is issue 32's window rows (bench/renderer-bench.ts: web cold start, a keystroke at 5,000 tools; needs `npm run build`). Not part of `npm test`.
 * `npm run bench` runs this file built (scripts/bench.mjs builds out/bench with vite.bench.config.ts when stale):
 * users run built JavaScript, and both sides then run the same bundled SDK (docs/testing.md "Benchmarks").
 */
import { BENCH_GROUPS, FULL, SMALL, formatResult, runBenchmarks, type BenchGroup } from './bench-lib.js';

const sizes = process.argv.includes('--small') ? SMALL : FULL;
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const unknown = only?.filter((g) => !(BENCH_GROUPS as readonly string[]).includes(g)) ?? [];
if (unknown.length > 0) {
  process.stderr.write(`bench: unknown group ${unknown.join(', ')} (groups: ${BENCH_GROUPS.join(', ')})\n`);
  process.exit(64);
}
const wanted = (group: BenchGroup): boolean => only === undefined || only.includes(group);
process.stdout.write(`MCP Switchboard benchmarks (manager / raw SDK client; 1.0 = same as raw)\n`);
await runBenchmarks(sizes, (r) => process.stdout.write(`${formatResult(r)}\n`), wanted);
if (wanted('modern') || wanted('modern-echo')) {
  const modern = await import('./bench-modern.js');
  const print = (r: Parameters<typeof modern.formatModernResult>[0]): void => void process.stdout.write(`${modern.formatModernResult(r)}\n`);
  await modern.runModernBenchmarks(sizes, print, !wanted('modern'));
}
if (wanted('cli')) await (await import('./cli-bench.js')).runCliBenchmarks(sizes === SMALL, (line) => process.stdout.write(`${line}\n`));
if (wanted('channels')) await (await import('./channels-bench.js')).runChannelBench(sizes === SMALL, (r) => process.stdout.write(`${formatResult(r)}\n`));
if (wanted('channels-window')) await (await import('./channels-window.js')).runChannelWindowBench(sizes === SMALL, process.argv.includes('--trace'), (line) => process.stdout.write(`${line}\n`));
if (wanted('gateway')) await (await import('./gateway-bench.js')).runGatewayBench(sizes === SMALL, (line) => process.stdout.write(`${line}\n`));
if (wanted('renderer')) await (await import('./renderer-bench.js')).runRendererBench(sizes === SMALL, (line) => process.stdout.write(`${line}\n`));
