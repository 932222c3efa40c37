#!/usr/bin/env node
/**
 * `npm run conformance` (issue 6): every client scenario of @modelcontextprotocol/conformance
 * (pinned 0.1.13, the newest that runs on Node 20), one by one, against our core through
 * `src-main/core/auth/conformance/driver.ts`. A scenario passes when the runner exits 0 (the driver
 * exited 0) and its checks have no FAILURE or WARNING; the run passes when every scenario passes and
 * the total of passed checks is above zero (TEST-PEERS.md: gate on the checks).
 *
 * Usage: node scripts/conformance.mjs [scenario…]. Results in test-results/conformance/<scenario>/.
 * Last line: `conformance: N scenarios passed, M failed; K checks passed` (exit 0 only when M = 0).
 * With SWITCHBOARD_CONFORMANCE_SUMMARY=<file>, also writes `passed failed` scenario counts there.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runner = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const driver = 'node bin/run-ts.mjs src-main/core/auth/conformance/driver.ts';
const outRoot = join(root, 'test-results', 'conformance');

function clientScenarios() {
  const out = spawnSync(process.execPath, [runner, 'list'], { cwd: root, encoding: 'utf8' });
  const text = out.stdout ?? '';
  const section = text.split(/Client scenarios[^\n]*\n/)[1] ?? '';
  return section
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

const wanted = process.argv.slice(2);
const scenarios = wanted.length > 0 ? wanted : clientScenarios();
if (scenarios.length === 0) {
  console.error('conformance: no client scenarios found (is @modelcontextprotocol/conformance installed?)');
  process.exit(1);
}
let passed = 0;
let failed = 0;
let checksPassed = 0;
const failures = [];
for (const scenario of scenarios) {
  const dir = join(outRoot, scenario.replace(/[^\w.-]+/g, '_'));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const run = spawnSync(process.execPath, [runner, 'client', '--command', driver, '--scenario', scenario, '-o', dir, '--timeout', '40000'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 90_000,
  });
  writeFileSync(join(dir, 'runner.log'), `${run.stdout ?? ''}\n${run.stderr ?? ''}`);
  const checks = findChecks(dir).flatMap((file) => JSON.parse(readFileSync(file, 'utf8')));
  const count = (status) => checks.filter((c) => c.status === status).length;
  const ok = count('SUCCESS');
  const bad = count('FAILURE') + count('WARNING');
  const good = run.status === 0 && bad === 0 && ok > 0;
  checksPassed += ok;
  if (good) passed++;
  else {
    failed++;
    const why = checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING').map((c) => `${c.status} ${c.id}: ${c.description ?? ''}`);
    failures.push(`${scenario}: exit ${run.status}${why.length ? `; ${why.join('; ')}` : ''}`);
  }
  console.log(`${good ? 'PASS' : 'FAIL'} ${scenario} (${ok} checks passed, ${bad} failed/warned, ${Date.now() - started} ms)`);
}
for (const line of failures) console.log(`  ${line}`);
console.log(`conformance: ${passed} scenarios passed, ${failed} failed; ${checksPassed} checks passed`);
if (process.env.SWITCHBOARD_CONFORMANCE_SUMMARY) writeFileSync(process.env.SWITCHBOARD_CONFORMANCE_SUMMARY, `${passed} ${failed}\n`);
process.exit(failed === 0 && checksPassed > 0 ? 0 : 1);
