#!/usr/bin/env node
// Names every failed test of the last `npm test` run (vitest + Playwright JSON reports) so the run's
// last lines say WHAT failed, not only how many: CI keeps only the tail of the output (docs/testing.md).
// Usage: node scripts/list-failures.mjs [results-dir]   (default test-results). Prints nothing when
// nothing failed; never fails itself (a missing or unreadable report is named and skipped).
import { readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.argv[2] ?? 'test-results';
const lines = [];
// Playwright's messages carry terminal colours: stripped, so the line reads plainly in a CI log.
const firstLine = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim())?.trim().slice(0, 200) ?? '';

function read(file) {
  const path = join(dir, file);
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    lines.push(`(could not read ${path}: ${err.message})`);
    return undefined;
  }
}

const vitest = read('vitest.json');
for (const file of vitest?.testResults ?? []) {
  const name = relative(process.cwd(), file.name ?? '');
  const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
  if (file.status === 'failed' && failed.length === 0) lines.push(`vitest ${name}: ${firstLine(file.message) || 'failed to load'}`);
  for (const t of failed) lines.push(`vitest ${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
}

const e2e = read('e2e.json');
function walk(suite, parent) {
  const trail = suite.title && suite.title !== suite.file ? [...parent, suite.title] : parent;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      const last = test.results?.[test.results.length - 1];
      const tag = test.status === 'flaky' ? 'e2e (passed on retry)' : 'e2e';
      lines.push(`${tag} ${spec.file} › ${[...trail, spec.title].join(' › ')}: ${firstLine(last?.error?.message)}`);
    }
  }
  for (const child of suite.suites ?? []) walk(child, trail);
}
for (const suite of e2e?.suites ?? []) walk(suite, []);
for (const err of e2e?.errors ?? []) lines.push(`e2e error: ${firstLine(err.message)}`);

if (lines.length > 0) {
  console.log(`failed tests (${lines.length}):`);
  for (const line of lines.slice(0, 30)) console.log(`  ${line}`);
  if (lines.length > 30) console.log(`  … and ${lines.length - 30} more (test-results/*.json)`);
}
