/**
 * What the config verbs (`add`, `remove`, `edit`, `enable`, `disable`, `import`, `export`) share:
 * `K=V` / `K: V` flag parsing, and printing a write outcome (its notes included: what could not be
 * carried, "Switchboard only"). The writes themselves are contract calls (`config:*`), answered by
 * the running owner or a one-shot core (issue 11 item 1): the rules live in the core's handlers.
 */
import type { WriteOutcome } from '../../../src-shared/api/config.js';
import type { Result } from '../../../src-shared/api/envelope.js';
import { HOST_IDS, type HostId, type Scope, ScopeSchema } from '../../../src-shared/config/server.js';
import { EXIT, UsageError } from './args.js';
import type { CliContext } from './context.js';
import { printFailure } from './output.js';
import { withOwnerOrOffline, type Caller } from './owner-link.js';

/** `--env K=V` values → a map. Throws UsageError for a value without `=`. */
export function parsePairs(values: unknown, sep: '=' | ':', flag: string): Record<string, string> | undefined {
  const list = Array.isArray(values) ? (values as string[]) : typeof values === 'string' ? [values] : [];
  if (list.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const item of list) {
    const at = item.indexOf(sep);
    if (at <= 0) throw new UsageError(`${flag} needs KEY${sep}VALUE, got "${item}"`);
    out[item.slice(0, at).trim()] = item.slice(at + 1).trim();
  }
  return out;
}

/** `--host <id>` → a host id. Throws UsageError listing the ids. */
export function parseHost(value: unknown, flag = '--host'): HostId | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (HOST_IDS as readonly string[]).includes(value)) return value as HostId;
  throw new UsageError(`${flag} must be one of: ${HOST_IDS.join(', ')}; got "${String(value)}"`);
}

/** `--scope <s>` → a scope. */
export function parseScope(value: unknown): Scope | undefined {
  if (value === undefined) return undefined;
  const parsed = ScopeSchema.safeParse(value);
  if (!parsed.success) throw new UsageError(`--scope must be one of: ${ScopeSchema.options.join(', ')}`);
  return parsed.data;
}

/** `--timeout <ms>` → a positive number of ms. */
export function parseTimeout(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--timeout must be a positive number of milliseconds, got "${String(value)}"`);
  return n;
}

/**
 * Print a write outcome: `<verb> "<name>" in <file>` — with `listFields` (default true) followed by
 * `: <fields written>` (an edit; enable/disable pass false, the verb says it) — and a `not written:`
 * line, then each note (what could not be carried, what it now shadows, which definition is
 * active now); `--json` prints the outcome.
 */
export function printOutcome(ctx: CliContext, verb: string, name: string, outcome: WriteOutcome, listFields = true): number {
  if (ctx.cli.json) {
    ctx.io.out(JSON.stringify(outcome, null, 2));
    return EXIT.OK;
  }
  const fields = listFields && outcome.written && outcome.written.length > 0 ? `: ${outcome.written.join(', ')}` : '';
  ctx.io.out(outcome.switchboardOnly ? `${verb} "${name}" in Switchboard only` : `${verb} "${name}" in ${outcome.file}${fields}`);
  if (outcome.notWritten && outcome.notWritten.length > 0) ctx.io.out(`  not written: ${outcome.notWritten.join(', ')}`);
  for (const note of outcome.notes) ctx.io.out(`  note: ${note}`);
  return EXIT.OK;
}

/**
 * Run one config write as a contract call (owner or one-shot core) and print its outcome; a
 * failure is printed with its code's exit (2; 64 for BAD_REQUEST).
 */
export function runWrite(ctx: CliContext, verb: string, name: string, request: (call: Caller) => Promise<Result<WriteOutcome>>, listFields = true): Promise<number> {
  return withOwnerOrOffline(ctx, async (call) => {
    const r = await request(call);
    return r.ok ? printOutcome(ctx, verb, name, r.data, listFields) : printFailure(ctx, r.error);
  });
}
