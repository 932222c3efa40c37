/**
 * `npm run bench`: the four issue-4 benchmarks and the channels benchmark (issue 13), each printed
 * as a ratio against the raw SDK client in the same run. `--small` runs the smoke sizes. Not part
 * of `npm test`.
 */
import { FULL, SMALL, formatResult, runBenchmarks } from './bench-lib.js';

const sizes = process.argv.includes('--small') ? SMALL : FULL;
process.stdout.write(`MCP Switchboard benchmarks (manager / raw SDK client; 1.0 = same as raw)\n`);
await runBenchmarks(sizes, (r) => process.stdout.write(`${formatResult(r)}\n`));
await (await import('./channels-bench.js')).runChannelBench(process.argv.includes('--small'), (r) => process.stdout.write(`${formatResult(r)}\n`));
