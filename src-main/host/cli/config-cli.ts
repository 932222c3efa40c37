/**
 * What the config verbs (`add`, `remove`, `edit`, `enable`, `disable`, `import`, `export`) share:
 * a discovery of the project, the location of a named server, `K=V` / `K: V` flag parsing, and
 * printing a write outcome (its notes included: what could not be carried, "Switchboard only").
 */
import type { WriteOutcome } from '../../../src-shared/api/config.js';
import { HOST_IDS, type HostId, type Scope, ScopeSchema } from '../../../src-shared/config/server.js';
import { discoverServers } from '../../core/config/discovery.js';
import { TrustStore } from '../../core/config/trust.js';
import type { DiscoveryContext, DiscoveryResult } from '../../core/config/types.js';
import { CoreError } from '../../core/errors.js';
import { defaultSecretStore } from '../../core/secrets/secret-store.js';
import { EXIT, UsageError } from './args.js';
import type { CliContext } from './context.js';
import { printFailure } from './output.js';

/** The discovery context of the CLI's project (trust from trust.json; stored keychain references known). */
export function cliDiscoveryContext(ctx: CliContext): DiscoveryContext {
  const trusted = new TrustStore(ctx.dataDir).isTrusted(ctx.projectDir);
  const store = defaultSecretStore(ctx.platform.env, ctx.dataDir);
  return { ...ctx.platform, projectDir: ctx.projectDir, dataDir: ctx.dataDir, projectTrusted: trusted, storedSecrets: () => store.accounts() };
}

/** Discover the project's definitions (no connection). */
export async function cliDiscover(ctx: CliContext): Promise<{ dctx: DiscoveryContext; result: DiscoveryResult }> {
  const dctx = cliDiscoveryContext(ctx);
  return { dctx, result: await discoverServers(dctx) };
}

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
 * Print a write outcome: `<verb> "<name>" in <file>` (an edit adds `: <fields written>` and a
 * `not written:` line), then each note (what could not be carried, what it now shadows, which
 * definition is active now); `--json` prints the outcome.
 */
export function printOutcome(ctx: CliContext, verb: string, name: string, outcome: WriteOutcome): number {
  if (ctx.cli.json) {
    ctx.io.out(JSON.stringify(outcome, null, 2));
    return EXIT.OK;
  }
  const fields = outcome.written && outcome.written.length > 0 ? `: ${outcome.written.join(', ')}` : '';
  ctx.io.out(outcome.switchboardOnly ? `${verb} "${name}" in Switchboard only` : `${verb} "${name}" in ${outcome.file}${fields}`);
  if (outcome.notWritten && outcome.notWritten.length > 0) ctx.io.out(`  not written: ${outcome.notWritten.join(', ')}`);
  for (const note of outcome.notes) ctx.io.out(`  note: ${note}`);
  return EXIT.OK;
}

/** Run a config write; a CoreError becomes its message on stderr and exit 2 (64 for BAD_REQUEST). */
export async function runWrite(ctx: CliContext, task: () => Promise<number>): Promise<number> {
  try {
    return await task();
  } catch (err) {
    if (err instanceof CoreError) return printFailure(ctx, { code: err.code, message: err.message });
    throw err;
  }
}
