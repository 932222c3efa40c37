#!/usr/bin/env node
// Build the CLI + library bundle (out/cli) when it is missing or older than its sources, so tests,
// benches and `npm run serve` never run an old build: `node scripts/ensure-cli-build.mjs` (also the
// `prepare` script, which npm runs on `npm install`, `npm ci` and `npm link`), and the vitest /
// Playwright global setups. Exits non-zero, saying why, when the build fails.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliBuildProblem, PACKAGE_ROOT } from '../bin/cli-build.mjs';

/**
 * Build out/cli unless it is current. Returns true when it built. Throws an `Error` when the build
 * fails or is still not current afterwards. `log` gets one line saying why it builds.
 */
export function ensureCliBuild(log = (line) => process.stderr.write(`${line}\n`)) {
  const problem = cliBuildProblem();
  if (!problem) return false;
  log(`[build:cli] ${problem} Building it (vite build --config vite.cli.config.ts)…`);
  const vite = join(PACKAGE_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const run = spawnSync(process.execPath, [vite, 'build', '--config', 'vite.cli.config.ts'], { cwd: PACKAGE_ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`The CLI build failed (vite exited with ${run.status ?? run.signal}).`);
  const still = cliBuildProblem();
  if (still) throw new Error(`The CLI build finished but is not current: ${still}`);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    ensureCliBuild();
  } catch (err) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
