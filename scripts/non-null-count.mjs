#!/usr/bin/env node
// `node scripts/non-null-count.mjs [--baseline N] [file…]`: counts non-null assertions (`x!`,
// typescript-eslint's `no-non-null-assertion`) in the TypeScript the lint covers and fails when
// there are more than the baseline (issue 29 item 5: "no more than today"). `npm run lint`
// (scripts/lint.mjs) counts them in its own ESLint run with `judgeNonNull` below, so the tree is
// parsed once; this script is the stand-alone count (`npm run test:quick`, the lint-rules test).
//
// - Baseline: scripts/non-null-baseline.txt (one number), or `--baseline N`.
// - Files: the given ones, else every .ts/.tsx under src-main, src-shared, src-renderer, e2e, bench,
//   scripts (`NON_NULL_FILES`, the same tree as `eslint .`). Syntax only (no type information).
// - Prints `non-null assertions: <count> (baseline <n>)`; above the baseline, each new-looking site
//   (`file:line:col`) and exit 1; below it, a reminder to lower the baseline (exit 0).
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The rule whose reports are counted. */
export const NON_NULL_RULE = '@typescript-eslint/no-non-null-assertion';
const SCOPE = ['src-main', 'src-shared', 'src-renderer', 'e2e', 'bench', 'scripts'];
/** The files counted when none are given: globs relative to the repository's root. */
export const NON_NULL_FILES = SCOPE.map((d) => `${d}/**/*.{ts,tsx}`);

/** The baseline: scripts/non-null-baseline.txt (a whole number ≥ 0); exits 2 when it is not one. */
export function readNonNullBaseline() {
  return checkedBaseline(Number(readFileSync(join(ROOT, 'scripts', 'non-null-baseline.txt'), 'utf8').trim()));
}

function checkedBaseline(n) {
  if (!Number.isInteger(n) || n < 0) {
    console.error('non-null-count: the baseline must be a whole number ≥ 0 (scripts/non-null-baseline.txt or --baseline N)');
    process.exit(2);
  }
  return n;
}

/**
 * Counts the `NON_NULL_RULE` reports in ESLint `results` (at any severity) against `baseline` and
 * prints the verdict (see the header). Returns the exit code: 0 at or below the baseline, 1 above it.
 */
export function judgeNonNull(results, baseline) {
  const hits = results.flatMap((r) =>
    r.messages.filter((m) => m.ruleId === NON_NULL_RULE).map((m) => `${relative(ROOT, r.filePath)}:${m.line}:${m.column}`),
  );
  console.log(`non-null assertions: ${hits.length} (baseline ${baseline})`);
  if (hits.length > baseline) {
    console.error(
      `${NON_NULL_RULE}: ${hits.length - baseline} more than the baseline. Narrow instead (a guard, ?., ?? a default, an early return); ` +
        `the sites are:\n  ${hits.join('\n  ')}`,
    );
    return 1;
  }
  if (hits.length < baseline) console.log(`  fewer than the baseline: lower scripts/non-null-baseline.txt to ${hits.length}`);
  return 0;
}

async function main() {
  const args = process.argv.slice(2);
  let baseline;
  const at = args.indexOf('--baseline');
  if (at >= 0) {
    baseline = checkedBaseline(Number(args[at + 1]));
    args.splice(at, 2);
  } else {
    baseline = readNonNullBaseline();
  }
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [
      { ignores: ['**/out/**', '**/node_modules/**', '**/*.d.ts', '**/*.d.mts'] },
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser },
        plugins: { '@typescript-eslint': tseslint.plugin },
        rules: { [NON_NULL_RULE]: 'error' },
      },
    ],
    errorOnUnmatchedPattern: false,
  });
  const results = await eslint.lintFiles(args.length > 0 ? args : NON_NULL_FILES);
  const fatal = results.flatMap((r) => r.messages.filter((m) => m.fatal).map((m) => `${relative(ROOT, r.filePath)}:${m.line}: ${m.message}`));
  if (fatal.length > 0) {
    console.error(`non-null-count: could not parse:\n  ${fatal.join('\n  ')}`);
    process.exit(2);
  }
  process.exit(judgeNonNull(results, baseline));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
