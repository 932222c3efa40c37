#!/usr/bin/env node
/**
 * Where `npm test`'s time went (issue 29 item 0): `node scripts/test-timings.mjs <test-results dir>`
 * prints, at the end of the run,
 *   - each suite's wall time (the `phases` file scripts/test.sh writes: `<suite> <seconds>` lines, and
 *     `total <seconds>` for the whole run: some suites run side by side, so they add up to more);
 *   - the slowest vitest files (vitest.json, vitest's JSON reporter: a file's end − start time, which
 *     includes its hooks and the servers it starts);
 *   - the slowest e2e spec files (e2e.json, Playwright's JSON reporter: the sum of its tests' run
 *     times, retries included; with 2 workers the suite's wall time is about half the sum);
 *   - the slowest conformance scenarios (conformance/timings.json, scripts/conformance.mjs).
 * A report that is missing is skipped. `slowest(…)` and `formatTimings(dir, count)` are exported for tests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `[name, seconds]` pairs, slowest first, at most `count`. */
export function slowest(pairs, count) {
  return [...pairs].sort((a, b) => b[1] - a[1]).slice(0, count);
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** vitest's JSON report → `[file, seconds]` per test file. */
export function vitestFiles(report, root = process.cwd()) {
  return (report?.testResults ?? []).map((f) => [relative(root, f.name), Math.max(0, (f.endTime ?? 0) - (f.startTime ?? 0)) / 1000]);
}

/** Playwright's JSON report → `[file, seconds]` per spec file (sum of its test results). */
export function e2eFiles(report) {
  const sums = new Map();
  const walk = (suite, file) => {
    const f = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) for (const r of test.results ?? []) sums.set(f, (sums.get(f) ?? 0) + (r.duration ?? 0) / 1000);
    }
    for (const child of suite.suites ?? []) walk(child, f);
  };
  for (const s of report?.suites ?? []) walk(s, s.file);
  return [...sums.entries()];
}

const secs = (s) => (s >= 60 ? `${Math.floor(s / 60)}m ${String(Math.round(s % 60)).padStart(2, '0')}s` : `${s.toFixed(1)}s`);

/** The report's lines for the results in `dir`. */
export function formatTimings(dir, count = 15) {
  const out = ['', '== where the time went'];
  const phasesFile = join(dir, 'phases');
  if (existsSync(phasesFile)) {
    const phases = readFileSync(phasesFile, 'utf8')
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((p) => p.length === 2 && Number.isFinite(Number(p[1])))
      .map(([n, s]) => [n, Number(s)]);
    const suites = phases.filter(([n]) => n !== 'total');
    const total = phases.find(([n]) => n === 'total')?.[1] ?? suites.reduce((a, [, s]) => a + s, 0);
    out.push(`suites (wall time, ${secs(total)} in all): ${suites.map(([n, s]) => `${n} ${secs(s)}`).join(', ')}`);
  }
  const sections = [
    ['vitest files', vitestFiles(readJson(join(dir, 'vitest.json')))],
    ['e2e spec files (sum of test times)', e2eFiles(readJson(join(dir, 'e2e.json')))],
    ['conformance scenarios', Object.entries(readJson(join(dir, 'conformance', 'timings.json')) ?? {}).map(([k, ms]) => [k, ms / 1000])],
  ];
  for (const [title, pairs] of sections) {
    if (pairs.length === 0) continue;
    const sum = pairs.reduce((a, [, s]) => a + s, 0);
    out.push(`slowest ${title} (${pairs.length}, ${secs(sum)} summed):`);
    for (const [name, s] of slowest(pairs, count)) out.push(`  ${secs(s).padStart(7)}  ${name}`);
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of formatTimings(process.argv[2] ?? 'test-results', Number(process.env.SWITCHBOARD_SLOWEST ?? 15))) console.log(line);
}
