#!/usr/bin/env node
/**
 * Which test files `npm run test:quick` runs (issue 29 item 0): `node scripts/quick-select.mjs
 * [--all] [<since>]` prints one path per line (relative to the repo), and a summary on stderr.
 *
 * vitest `--changed [<since>]` selects every test file that changed or imports a changed file, at
 * any depth. Through the composition root that is nearly every integration test for a change to
 * almost any core file (a one-line change to config/command-line.ts selects 43 of them, 10 minutes
 * here), so the quick loop takes from that selection:
 *   - every unit test (`*.test.ts`, not `*.int.test.ts`): they take seconds;
 *   - the integration tests that changed themselves, or import a changed file directly (a relative
 *     import of it in the test file's own text) — the tests written for that file.
 * With `--all`, everything vitest selected. `npm test` runs the whole suite either way.
 * `<since>`: a branch, tag or commit (as `vitest --changed <since>`); without it, the uncommitted
 * change (staged, unstaged and untracked files).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Changed files (absolute) since `since`, or uncommitted ones when it is undefined. */
function changedFiles(since) {
  const git = (args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  const tracked = since ? git(['diff', '--name-only', `${since}...HEAD`]).concat(git(['diff', '--name-only', 'HEAD'])) : git(['diff', '--name-only', 'HEAD']);
  return new Set([...tracked, ...git(['ls-files', '--others', '--exclude-standard'])].map((f) => resolve(root, f)));
}

/** The files `test` imports by a relative path (`.js` written for `.ts` sources), resolved. */
export function directImports(testFile, text) {
  const out = [];
  for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const spec = resolve(dirname(testFile), m[1]);
    out.push(spec, spec.replace(/\.(m?)js$/, '.$1ts'), spec.replace(/\.js$/, '.tsx'));
  }
  return out;
}

/** `{ run, unit, near, skipped }` from vitest's selection and the changed files. */
export function pick(selected, changed, readText = (f) => readFileSync(f, 'utf8'), all = false) {
  const unit = selected.filter((f) => !/\.int\.test\.tsx?$/.test(f));
  const ints = selected.filter((f) => /\.int\.test\.tsx?$/.test(f));
  const near = all ? ints : ints.filter((f) => changed.has(f) || directImports(f, readText(f)).some((p) => changed.has(p)));
  return { run: [...unit, ...near], unit, near, skipped: ints.length - near.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const all = args.includes('--all');
  const since = args.find((a) => a !== '--all');
  const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
  const list = spawnSync(process.execPath, [vitest, 'list', `--changed${since ? `=${since}` : ''}`, '--filesOnly', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  let selected;
  try {
    selected = JSON.parse(list.stdout.slice(list.stdout.indexOf('['))).map((e) => e.file);
  } catch {
    process.stderr.write(`quick-select: vitest list --changed failed (exit ${list.status}):\n${list.stderr}\n`);
    process.exit(1);
  }
  const { run, unit, near, skipped } = pick(selected.filter((f) => existsSync(f)), changedFiles(since), undefined, all);
  process.stderr.write(
    `test:quick: vitest --changed${since ? ` ${since}` : ''} selects ${selected.length} test files: ${unit.length} unit, ${near.length} integration` +
      (skipped > 0 ? ` (${skipped} more integration tests reach the change only through other files: npm run test:quick -- --all runs them too, npm test runs everything)` : '') +
      '\n',
  );
  for (const f of run) process.stdout.write(`${relative(root, f)}\n`);
}
