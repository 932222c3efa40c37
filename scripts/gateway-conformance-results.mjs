/**
 * Reading the conformance runner's server runs (scripts/gateway-conformance.mjs): the scored server
 * scenarios a revision requires (`list --server --requirements <revision>`, the part before "Run
 * and reported, but never scored"), and each scenario's checks from its `-o` folder. A scenario
 * passes when at least one check passed and none is a FAILURE or WARNING (docs/testing.md: gate on
 * the checks).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The scored server scenarios `revision` requires, in the runner's order. */
export function scoredServerScenarios({ node, runner }, revision) {
  const out = spawnSync(node, [runner, 'list', '--server', '--requirements', revision], { encoding: 'utf8' });
  const scored = (out.stdout ?? '').split(/Run and reported, but never scored/)[0] ?? '';
  const section = scored.split(/Server scenarios[^\n]*\n/)[1] ?? '';
  return section
    .split('\n\n')[0]
    .split('\n')
    .map((line) => /^\s*-\s+(\S+)/.exec(line)?.[1])
    .filter(Boolean);
}

/**
 * `scenario → { good, ok, bad, why }` from a runner's output folder, whose entries are
 * `server-<scenario>-<ISO time>/checks.json`.
 */
export function scenarioResults(dir) {
  const results = new Map();
  if (!existsSync(dir)) return results;
  for (const entry of readdirSync(dir)) {
    const file = join(dir, entry, 'checks.json');
    if (!existsSync(file)) continue;
    const scenario = entry.replace(/^server-/, '').replace(/-\d{4}-\d\d-\d\dT[\d-]+Z$/, '');
    const checks = JSON.parse(readFileSync(file, 'utf8'));
    const count = (status) => checks.filter((c) => c.status === status).length;
    const bad = count('FAILURE') + count('WARNING');
    const ok = count('SUCCESS');
    const why = checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING').map((c) => `${c.status} ${c.id}: ${c.errorMessage ?? c.description ?? ''}`);
    results.set(scenario, { good: ok > 0 && bad === 0, ok, bad, why });
  }
  return results;
}
