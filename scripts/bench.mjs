#!/usr/bin/env node
// `npm run bench [-- flags]`: build the bench bundle (vite.bench.config.ts → out/bench) when it is
// missing or older than its sources, then run it with plain node, in this process. The bench
// measures built JavaScript, as users run it (docs/testing.md "Benchmarks").
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleProblem, PACKAGE_ROOT } from '../bin/cli-build.mjs';

const outDir = join(PACKAGE_ROOT, 'out', 'bench');
const problem = () =>
  bundleProblem({ root: PACKAGE_ROOT, outDir, configInputs: ['package.json', 'package-lock.json', 'vite.bench.config.ts', 'vite.cli.config.ts'], what: 'bench bundle' });

const stale = problem();
if (stale) {
  process.stderr.write(`[build:bench] ${stale} Building it (vite build --config vite.bench.config.ts)…\n`);
  const vite = join(PACKAGE_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const run = spawnSync(process.execPath, [vite, 'build', '--config', 'vite.bench.config.ts'], { cwd: PACKAGE_ROOT, stdio: 'inherit' });
  const still = run.status === 0 ? problem() : `vite exited with ${run.status ?? run.signal}.`;
  if (still) {
    process.stderr.write(`The bench build failed: ${still}\n`);
    process.exit(1);
  }
}
await import(pathToFileURL(join(outDir, 'run.mjs')).href);
