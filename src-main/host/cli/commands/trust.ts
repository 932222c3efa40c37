/**
 * `switchboard trust [dir]`: trust a project folder (default the project dir) so its project-level
 * servers may run (SPEC §2 workspace trust, remembered in `trust.json`). Prints what it trusted and
 * the project servers that are now allowed to start. `--json`: `{trusted, projectFiles, servers}`.
 */
import type { CommandSpec } from '../command-spec.js';
import type { ServersSnapshot } from '../../../../src-shared/api/status.js';
import { EXIT } from '../args.js';
import { resolveFolder, withOfflineCore, type CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { attachOwner } from '../owner-link.js';
import type { Result } from '../../../../src-shared/api/envelope.js';

/**
 * `switchboard trust [dir]`: the `trust:grant` contract call. With a running owner the owner
 * grants it (and, for its own project, re-discovers and starts the project's servers at once);
 * else a one-shot core of that folder does. Resolves to 0; throws `UsageError` for a missing folder.
 */
export async function runTrust(ctx: CliContext): Promise<number> {
  const arg = ctx.cli.positionals[0];
  const dir = arg !== undefined ? resolveFolder(arg, ctx.cwd, 'trust') : ctx.projectDir;
  let answer: Result<ServersSnapshot> | undefined;
  const owner = await attachOwner(ctx);
  if (owner) {
    try {
      answer = await owner.api.call('trust:grant', { dir });
    } finally {
      owner.api.close();
    }
  }
  // The report is of `dir`: a one-shot core of that folder (it grants, when no owner did).
  if (!answer || (answer.ok && answer.data.project.dir !== dir)) {
    const granted = answer !== undefined;
    answer = await withOfflineCore(ctx, (core) => (granted ? core.handlers['servers:list']({}) : core.handlers['trust:grant']({})), dir);
  }
  if (!answer.ok) return printFailure(ctx, answer.error);
  const snapshot = answer.data;
  const servers = snapshot.servers.filter((s) => s.server.source.scope === 'project').map((s) => s.server.name);
  if (ctx.cli.json) {
    ctx.io.out(JSON.stringify({ trusted: dir, projectFiles: snapshot.project.projectFiles, servers }, null, 2));
    return EXIT.OK;
  }
  ctx.io.out(`Trusted ${dir}`);
  if (snapshot.project.projectFiles.length > 0) ctx.io.out(`  project files: ${snapshot.project.projectFiles.join(', ')}`);
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
