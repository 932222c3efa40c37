/**
 * `npm run bench`: the four issue-4 benchmarks and the channels benchmark (issue 13), each printed
 * as a ratio against the raw SDK client in the same run. `--small` runs the smoke sizes. Not part
 * of `npm test`.
 */
import { FULL, SMALL, formatResult, runBenchmarks } from './bench-lib.js';

const sizes = process.argv.includes('--small') ? SMALL : FULL;
process.stdout.write(`MCP Switchboard benchmarks (manager / raw SDK client; 1.0 = same as raw)\n`);
await runBenchmarks(sizes, (r) => process.stdout.write(`${formatResult(r)}\n`));
for (const r of await (await import('./bench-modern.js')).runModernBenchmarks(sizes)) process.stdout.write(`${(await import('./bench-modern.js')).formatModernResult(r)}\n`);
await (await import('./cli-bench.js')).runCliBenchmarks(sizes === SMALL, (line) => process.stdout.write(`${line}\n`));
await (await import('./channels-bench.js')).runChannelBench(process.argv.includes('--small'), (r) => process.stdout.write(`${formatResult(r)}\n`));
