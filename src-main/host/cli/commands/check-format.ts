/** Text of `switchboard check` (issue 15 item 7; docs/checks.md § The check command). */
import type { CheckOutcome, CheckRun } from '../../../../src-shared/api/checks.js';
import { EXIT } from '../args.js';
import { terminalSafe } from '../terminal-safe.js';

/** Exit code of a run: 2 when a call could not run (or waited for a confirmation), else 1 when an assertion failed, else 0. */
export function exitCodeForRun(run: CheckRun): number {
  if (run.notRun > 0) return EXIT.FAILURE;
  return run.failed > 0 ? EXIT.TOOL_ERROR : EXIT.OK;
}

const MARK: Record<CheckOutcome['status'], string> = { passed: 'PASS', failed: 'FAIL', error: 'ERROR', needsConfirmation: 'SKIP' };

/** One saved call's lines: its mark and name, then each failed assertion with its diff indented. */
export function formatOutcome(o: CheckOutcome): string[] {
  const took = o.durationMs !== undefined ? `, ${Math.round(o.durationMs)} ms` : '';
  const lines = [`${MARK[o.status]}  ${terminalSafe(o.name)}  (${terminalSafe(o.server)} / ${terminalSafe(o.tool)}${took})`];
  if (o.status === 'needsConfirmation') lines.push(`      ${terminalSafe(o.message ?? '')} Pass --yes to call it.`);
  else if (o.message) lines.push(`      ${terminalSafe(o.message)}`);
  for (const a of o.assertions) {
    if (a.passed) continue;
    lines.push(`      ✗ ${a.assertion.kind}: ${terminalSafe(a.message)}`);
    if (a.diff) for (const l of a.diff.split('\n')) lines.push(`        ${terminalSafe(l)}`);
  }
  return lines;
}

/** The whole report: every call, then `N passed, N failed, N not run`. */
export function formatRun(run: CheckRun): string {
  return [
    ...run.results.flatMap(formatOutcome),
    '',
    `${run.passed} passed, ${run.failed} failed, ${run.notRun} not run (${terminalSafe(run.file)})`,
  ].join('\n');
}
