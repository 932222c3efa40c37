#!/usr/bin/env node
// `node scripts/non-null-count.mjs [--baseline N] [file…]`: counts non-null assertions (`x!`,
// typescript-eslint's `no-non-null-assertion`) in the TypeScript the lint covers and fails when
// there are more than the baseline (issue 29 item 5: "no more than today"). `npm run lint` runs it
// after ESLint.
//
// - Baseline: scripts/non-null-baseline.txt (one number), or `--baseline N`.
// - Files: the given ones, else every .ts/.tsx under src-main, src-shared, src-renderer, e2e, bench,
//   scripts (the same tree as `eslint .`). Syntax only (no type information), so it takes seconds.
// - Prints `non-null assertions: <count> (baseline <n>)`; above the baseline, each new-looking site
//   (`file:line:col`) and exit 1; below it, a reminder to lower the baseline (exit 0).
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RULE = '@typescript-eslint/no-non-null-assertion';
const SCOPE = ['src-main', 'src-shared', 'src-renderer', 'e2e', 'bench', 'scripts'];

const args = process.argv.slice(2);
let baseline;
const at = args.indexOf('--baseline');
if (at >= 0) {
  baseline = Number(args[at + 1]);
  args.splice(at, 2);
} else {
  baseline = Number(readFileSync(join(ROOT, 'scripts', 'non-null-baseline.txt'), 'utf8').trim());
}
if (!Number.isInteger(baseline) || baseline < 0) {
  console.error('non-null-count: the baseline must be a whole number ≥ 0 (scripts/non-null-baseline.txt or --baseline N)');
  process.exit(2);
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
      rules: { [RULE]: 'error' },
    },
  ],
  errorOnUnmatchedPattern: false,
});
const targets = args.length > 0 ? args : SCOPE.map((d) => `${d}/**/*.{ts,tsx}`);
const results = await eslint.lintFiles(targets);
const hits = results.flatMap((r) =>
  r.messages.filter((m) => m.ruleId === RULE).map((m) => `${relative(ROOT, r.filePath)}:${m.line}:${m.column}`),
);
const fatal = results.flatMap((r) => r.messages.filter((m) => m.fatal).map((m) => `${relative(ROOT, r.filePath)}:${m.line}: ${m.message}`));
if (fatal.length > 0) {
  console.error(`non-null-count: could not parse:\n  ${fatal.join('\n  ')}`);
  process.exit(2);
}
console.log(`non-null assertions: ${hits.length} (baseline ${baseline})`);
if (hits.length > baseline) {
  console.error(
    `${RULE}: ${hits.length - baseline} more than the baseline. Narrow instead (a guard, ?., ?? a default, an early return); ` +
      `the sites are:\n  ${hits.join('\n  ')}`,
  );
  process.exit(1);
}
if (hits.length < baseline) console.log(`  fewer than the baseline: lower scripts/non-null-baseline.txt to ${hits.length}`);
