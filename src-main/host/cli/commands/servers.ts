/**
 * `switchboard servers`: discovery only, no connection, no process (SPEC §2): every definition with
 * host, file:line, scope, transport, launch and enabled; shadowed definitions with what shadows
 * them; warnings. `--json`: a `DiscoveryReport` (schemas from src-shared).
 */
import type { CommandSpec } from '../command-spec.js';
import { discoverServers } from '../../../core/config/discovery.js';
import { TrustStore } from '../../../core/config/trust.js';
import { summarizeServer } from '../../../core/snapshot.js';
import { EXIT } from '../args.js';
import { trustHint, type CliContext } from '../context.js';
import { formatServers, type DiscoveryReport } from '../format.js';

/** Discover the definitions of `ctx`'s project without connecting anything. */
export async function discoveryReport(ctx: CliContext): Promise<DiscoveryReport> {
  const trusted = new TrustStore(ctx.dataDir).isTrusted(ctx.projectDir);
  const result = await discoverServers({ ...ctx.platform, projectDir: ctx.projectDir, dataDir: ctx.dataDir, projectTrusted: trusted });
  return {
    project: { dir: ctx.projectDir, trusted, projectFiles: [...result.projectFiles] },
    servers: result.servers.map(summarizeServer),
    shadowed: result.shadowed.map((s) => ({ server: summarizeServer(s.definition), shadowedBy: s.shadowedBy })),
    warnings: result.warnings,
  };
}

/** `switchboard servers` (discovery only). Resolves to exit code 0. */
export async function runServers(ctx: CliContext): Promise<number> {
  const report = await discoveryReport(ctx);
  if (ctx.cli.json) ctx.io.out(JSON.stringify(report, null, 2));
  else ctx.io.out(formatServers(report, trustHint(ctx)).join('\n'));
  return EXIT.OK;
}

/** `switchboard servers`. */
export const serversCommand: CommandSpec = {
  name: 'servers',
  synopsis: 'servers',
  summary: "List every configured definition (no connections)",
  positionals: [0, 0],
  run: runServers,
};
