#!/usr/bin/env node
// Build main + preload + renderer (`electron-vite build`) and the CLI (ensure-cli-build.mjs) only
// when they are missing or older than their sources, so `npm start` with nothing changed starts in
// seconds instead of rebuilding everything (trial 13 item 9). Prints one line: `build is current`
// or `building (…)…` with the reason. Exits non-zero, saying why, when a build fails.
//
// The app build's record is out/app-build.json, `{ startedAtMs }`, written after a successful
// build: stale when out/main/index.js, out/preload/index.cjs or out/renderer/index.html is missing,
// or when any file under src-main/, src-renderer/, src-shared/, resources/ or a build input at the
// root (tests aside) changed after that moment. `npm run build` by hand does not write the record, so the next
// `npm start` builds once more.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE_ROOT } from '../bin/cli-build.mjs';
import { ensureCliBuild } from './ensure-cli-build.mjs';

/** The app build's record (see the file comment). */
export const APP_BUILD_INFO = join('out', 'app-build.json');
const OUTPUTS = [join('out', 'main', 'index.js'), join('out', 'preload', 'index.cjs'), join('out', 'renderer', 'index.html')];
const SOURCE_DIRS = ['src-main', 'src-renderer', 'src-shared', 'resources'];
/** Tests are not bundled: changing one needs no build. */
const TEST_FILE = /\.test\.tsx?$/;
const ROOT_INPUTS = ['package.json', 'package-lock.json', 'electron.vite.config.ts', 'tsconfig.json', 'tsconfig.base.json'];

/** The first file under `dir` (relative to `root`) changed after `sinceMs`, or undefined. */
function newerUnder(root, dir, sinceMs) {
  let entries;
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return undefined;
  }
  for (const e of entries) {
    const rel = join(dir, e.name);
    if (e.isDirectory()) {
      const hit = newerUnder(root, rel, sinceMs);
      if (hit) return hit;
    } else if (e.isFile() && !TEST_FILE.test(e.name) && !(statSync(join(root, rel)).mtimeMs <= sinceMs)) return rel;
  }
  return undefined;
}

/** Why the app build under `root` must be (re)built, as a sentence; undefined when it is current. */
export function appBuildProblem(root = PACKAGE_ROOT) {
  const missing = OUTPUTS.find((f) => !existsSync(join(root, f)));
  if (missing) return `${missing} is missing.`;
  let started;
  try {
    started = Number(JSON.parse(readFileSync(join(root, APP_BUILD_INFO), 'utf8')).startedAtMs);
  } catch {
    return `${APP_BUILD_INFO} is missing (no build by npm start yet).`;
  }
  if (!Number.isFinite(started)) return `${APP_BUILD_INFO} is unreadable.`;
  for (const file of ROOT_INPUTS) {
    if (existsSync(join(root, file)) && !(statSync(join(root, file)).mtimeMs <= started)) return `${file} changed after the last build.`;
  }
  for (const dir of SOURCE_DIRS) {
    const hit = newerUnder(root, dir, started);
    if (hit) return `${hit} changed after the last build.`;
  }
  return undefined;
}

/**
 * Build the app and the CLI unless both are current. `log` gets `build is current` or one line per
 * build saying why. Returns true when anything was built; throws an `Error` when a build fails.
 */
export function ensureAppBuild(log = (line) => process.stderr.write(`${line}\n`), root = PACKAGE_ROOT) {
  const problem = appBuildProblem(root);
  let built = false;
  if (problem) {
    log(`[start] building (${problem} electron-vite build)…`);
    const startedAtMs = Date.now();
    const vite = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
    const run = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`The app build failed (electron-vite exited with ${run.status ?? run.signal}).`);
    writeFileSync(join(root, APP_BUILD_INFO), `${JSON.stringify({ startedAtMs })}\n`);
    built = true;
  }
  if (ensureCliBuild((line) => log(line))) built = true;
  if (!built) log('[start] build is current (out/ is newer than every source file)');
  return built;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    ensureAppBuild();
  } catch (err) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
