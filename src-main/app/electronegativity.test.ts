/**
 * Electronegativity (Doyensec's Electron scanner, 1.10.3) over the shell's sources with the project's
 * config (.electronegativity.json): no finding above INFORMATIONAL except the accepted ones, each
 * justified there, and no accepted one that is no longer found (issue 37 item 1; docs/security.md
 * § Electron checklist).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

interface Finding {
  id: string;
  file: string;
  severity: { value: number; name: string };
  location: { line: number; column: number };
}
interface Config {
  input: string;
  ignoreFilesMatching: Record<string, string>;
  excludeChecks: Record<string, string>;
  accepted: { check: string; file: string; reason: string }[];
}
type Run = (options: Record<string, unknown>) => Promise<{ issues: Finding[]; errors: { file: string; message: string }[] }>;

it('finds nothing above informational beyond the accepted, justified findings', async () => {
  const config = JSON.parse(readFileSync(join(ROOT, '.electronegativity.json'), 'utf8')) as Config;
  const require = createRequire(import.meta.url);
  const run = require('@doyensec/electronegativity') as Run;
  const { version } = require('electron/package.json') as { version: string };
  const result = await run({
    input: join(ROOT, config.input),
    isRelative: true,
    electronVersionOverride: version,
    excludeFromScan: Object.keys(config.excludeChecks),
  });
  expect(result.errors).toEqual([]);
  const ignored = Object.keys(config.ignoreFilesMatching).map((pattern) => new RegExp(pattern));
  const found = result.issues
    .filter((issue) => issue.severity.value > 0 && !ignored.some((pattern) => pattern.test(issue.file)))
    .map((issue) => `${issue.id} ${issue.file}`);
  for (const entry of config.accepted) expect(entry.reason.length).toBeGreaterThan(40);
  const accepted = config.accepted.map((entry) => `${entry.check} ${entry.file}`);
  expect([...new Set(found)].sort()).toEqual([...accepted].sort());
});
