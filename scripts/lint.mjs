#!/usr/bin/env node
// `npm run lint`: ESLint over the tree (eslint.config.js; cached in node_modules/.cache/eslint/)
// and the non-null-assertion count (scripts/non-null-count.mjs) in ONE run: the count's rule is
// added as a warning for the files it covers, its reports are counted against the baseline and left
// out of the printed output. Before, the count was a second ESLint run that parsed every file again
// (~18 s of CPU, ~40 s wall on the loaded CI machine, on the critical path of `npm test`).
// Prints what `eslint .` prints (stylish) and the count's line; exit 1 when ESLint found an error or
// the count is above its baseline.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { judgeNonNull, NON_NULL_FILES, NON_NULL_RULE, readNonNullBaseline } from './non-null-count.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const baseline = readNonNullBaseline();
const eslint = new ESLint({
  cwd: ROOT,
  cache: true,
  cacheLocation: join(ROOT, 'node_modules/.cache/eslint/'),
  overrideConfig: [{ files: NON_NULL_FILES, rules: { [NON_NULL_RULE]: 'warn' } }],
});
const results = await eslint.lintFiles(['.']);
// What `eslint .` reports: every result without the count's warnings.
const shown = results.map((r) => {
  const messages = r.messages.filter((m) => m.ruleId !== NON_NULL_RULE);
  const dropped = r.messages.length - messages.length;
  return dropped === 0 ? r : { ...r, messages, warningCount: r.warningCount - dropped };
});
const text = await (await eslint.loadFormatter('stylish')).format(shown);
if (text) console.log(text);
const errors = shown.reduce((n, r) => n + r.errorCount, 0);
const count = judgeNonNull(results, baseline);
process.exit(errors > 0 ? 1 : count);
