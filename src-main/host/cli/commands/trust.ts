/**
 * `switchboard trust [dir]`: trust a project folder (default the project dir) so its project-level
 * servers may run (SPEC §2 workspace trust, remembered in `trust.json`). Prints what it trusted and
 * the project servers that are now allowed to start. `--json`: `{trusted, projectFiles, servers}`.
 */
import type { CommandSpec } from '../command-spec.js';
import { TrustStore } from '../../../core/config/trust.js';
import { EXIT } from '../args.js';
import { resolveFolder, type CliContext } from '../context.js';
import { discoveryReport } from './servers.js';

/** `switchboard trust [dir]`. Resolves to 0; throws `UsageError` for a missing folder; rejects when trust.json cannot be written. */
export async function runTrust(ctx: CliContext): Promise<number> {
  const arg = ctx.cli.positionals[0];
  const dir = arg !== undefined ? resolveFolder(arg, ctx.cwd, 'trust') : ctx.projectDir;
  await new TrustStore(ctx.dataDir).trust(dir);
  const report = await discoveryReport({ ...ctx, projectDir: dir });
  const servers = report.servers.filter((s) => s.source.scope === 'project').map((s) => s.name);
  if (ctx.cli.json) {
    ctx.io.out(JSON.stringify({ trusted: dir, projectFiles: report.project.projectFiles, servers }, null, 2));
    return EXIT.OK;
  }
  ctx.io.out(`Trusted ${dir}`);
  if (report.project.projectFiles.length > 0) ctx.io.out(`  project files: ${report.project.projectFiles.join(', ')}`);
  ctx.io.out(servers.length > 0 ? `  servers allowed to run: ${servers.join(', ')}` : '  (no project servers configured there yet)');
  return EXIT.OK;
}

/** `switchboard trust [dir]`. */
export const trustCommand: CommandSpec = {
  name: 'trust',
  synopsis: 'trust [dir]',
  summary: "Trust a project folder so its servers may run",
  positionals: [0, 1],
  run: runTrust,
};
