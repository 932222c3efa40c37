#!/usr/bin/env node
// The `switchboard` command: run the built CLI (out/cli/cjs/cli.cjs, `npm run build:cli`) and exit
// with its code. A missing or out-of-date build is reported with how to build it (exit 2), never run.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  // Fast path: the version needs package.json only, no bundle (issue 11: ≤ 1.3× a bare `node -e 0`).
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${pkg.version}\n`);
} else {
  // Node 22.1+ keeps the bundle's compiled code between runs (in the OS temp folder, or
  // NODE_COMPILE_CACHE), so a one-shot command skips most of its parse and compile (issue 11).
  // Node 20 has no such switch: there cli-code-cache.mjs keeps it beside the bundle (issue 32).
  const { enableCompileCache } = await import('node:module');
  enableCompileCache?.();
  const { builtEntryUrl } = await import('./cli-build.mjs');
  let entry;
  try {
    entry = builtEntryUrl('cjs/cli.cjs');
  } catch (err) {
    process.stderr.write(`switchboard: ${err.message}\n`);
    process.exit(2);
  }
  // `switchboard tools | head`: a closed pipe must not crash the command before it stops the servers
  // it started; further output is dropped and the command finishes and cleans up normally.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err) => {
      if (err.code !== 'EPIPE') throw err;
    });
  }
  const entryPath = fileURLToPath(entry);
  const loaded = enableCompileCache
    ? { exports: createRequire(import.meta.url)(entryPath), save() {} }
    : (await import('./cli-code-cache.mjs')).requireWithCodeCache(entryPath, dirname(entryPath));
  const { runCli } = loaded.exports;
  const code = await runCli(argv);
  // After the command, so the cache holds the functions it ran; only on a run that compiled afresh.
  loaded.save();
  // Exit once stdout/stderr are flushed, so a one-shot command never lingers on a stray handle.
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}
