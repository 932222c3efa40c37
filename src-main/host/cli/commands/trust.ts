/**
 * `switchboard trust [dir]`: trust a project folder and approve each of its servers' definitions
 * exactly as they are now (docs/config-discovery.md workspace trust; issue 16 item 1, docs/trust.md). Later changes
 * to a definition (or a new server) wait for approval again:
 *
 * - `trust --review`: list what waits (what each would run, and the diff against what was
 *   approved); on a terminal, ask for each and approve the ones answered `y`.
 * - `trust --approve <server>` (repeatable) / `trust --all`: approve without a terminal.
 *
 * Thin client of `trust:grant`, `trust:review` and `trust:approve`: the running Switchboard's when
 * it serves this project, else a one-shot core that starts nothing. `--json`: the review
 * (`{projectDir, trusted, pending}`), or `{trusted, projectFiles, servers}` after trusting.
 */
import { createInterface } from 'node:readline/promises';
import type { CommandSpec } from '../command-spec.js';
import type { PendingApproval } from '../../../../src-shared/api/approval.js';
import { EXIT, UsageError } from '../args.js';
import { resolveFolder, withEphemeralCore, type CliContext } from '../context.js';
import { formatApproval } from '../approval-format.js';
import { printFailure } from '../output.js';
import { attachOwner, type Caller } from '../owner-link.js';
import { dispatch } from '../../../../src-shared/api/dispatch.js';

/** Run `fn` against the owner when it serves `dir`, else against a one-shot core for `dir` that starts nothing. */
async function withTrustCaller<T>(ctx: CliContext, dir: string, fn: (call: Caller) => Promise<T>): Promise<T> {
  const owner = await attachOwner(ctx);
  if (owner) {
    try {
      const call = owner.api.call.bind(owner.api) as Caller;
      const info = await call('app:info', {});
      if (info.ok && info.data.projectDir === dir) return await fn(call);
    } finally {
      owner.api.close();
    }
  }
  return withEphemeralCore({ ...ctx, projectDir: dir }, { onlyServers: [] }, (core) => fn(((method, input) => dispatch(core.handlers, method, input)) as Caller));
}

/** `switchboard trust [dir] [--review | --approve <server>… | --all]`. Resolves to the exit code (0, 2 on failure). */
export async function runTrust(ctx: CliContext): Promise<number> {
  const arg = ctx.cli.positionals[0];
  const dir = arg !== undefined ? resolveFolder(arg, ctx.cwd, 'trust') : ctx.projectDir;
  const approve = (ctx.cli.flags.approve as string[] | undefined) ?? [];
  const all = ctx.cli.flags.all === true;
  const review = ctx.cli.flags.review === true;
  if ([review, approve.length > 0, all].filter(Boolean).length > 1) throw new UsageError('Use one of --review, --approve <server> or --all');
  return withTrustCaller(ctx, dir, async (call) => {
    if (review) return runReview(ctx, call);
    if (approve.length > 0 || all) {
      // `--all` names what it approved (a person without a terminal sees what now runs).
      const waiting = all ? await call('trust:review', {}) : undefined;
      if (waiting && !waiting.ok) return printFailure(ctx, waiting.error);
      if (waiting?.ok && waiting.data.pending.length === 0) {
        ctx.io.out(ctx.cli.json ? JSON.stringify({ approved: [] }, null, 2) : `Nothing waits for approval in ${dir}`);
        return EXIT.OK;
      }
      const r = await call('trust:approve', all ? { all: true } : { servers: approve });
      if (!r.ok) return printFailure(ctx, r.error);
      const names = waiting?.ok ? waiting.data.pending.map((p) => p.server) : approve;
      ctx.io.out(ctx.cli.json ? JSON.stringify(r.data, null, 2) : `Approved ${names.join(', ')} in ${dir}`);
      return EXIT.OK;
    }
    const r = await call('trust:grant', {});
    if (!r.ok) return printFailure(ctx, r.error);
    const servers = r.data.servers.filter((s) => s.server.source.scope === 'project').map((s) => s.server.name);
    if (ctx.cli.json) {
      ctx.io.out(JSON.stringify({ trusted: dir, projectFiles: r.data.project.projectFiles, servers }, null, 2));
      return EXIT.OK;
    }
    ctx.io.out(`Trusted ${dir}`);
    if (r.data.project.projectFiles.length > 0) ctx.io.out(`  project files: ${r.data.project.projectFiles.join(', ')}`);
    ctx.io.out(servers.length > 0 ? `  servers allowed to run: ${servers.join(', ')}` : '  (no project servers configured there yet)');
    return EXIT.OK;
  });
}

/** `--review`: print what waits; on a terminal (and not --json) ask per server and approve the `y` ones. */
async function runReview(ctx: CliContext, call: Caller): Promise<number> {
  const r = await call('trust:review', {});
  if (!r.ok) return printFailure(ctx, r.error);
  if (ctx.cli.json) {
    ctx.io.out(JSON.stringify(r.data, null, 2));
    return EXIT.OK;
  }
  if (r.data.pending.length === 0) {
    ctx.io.out(`Nothing waits for approval in ${r.data.projectDir}${r.data.trusted ? '' : ' (the folder is not trusted and has no project servers)'}.`);
    return EXIT.OK;
  }
  const chosen: PendingApproval[] = [];
  const ask = process.stdin.isTTY && process.stdout.isTTY ? createInterface({ input: process.stdin, output: process.stdout }) : undefined;
  try {
    for (const p of r.data.pending) {
      ctx.io.out(`${p.server}`);
      ctx.io.out(formatApproval(p).join('\n'));
      if (ask && /^y(es)?$/i.test((await ask.question(`Approve "${p.server}" as shown? [y/N] `)).trim())) chosen.push(p);
    }
  } finally {
    ask?.close();
  }
  if (!ask) {
    ctx.io.out(`\nApprove with: switchboard trust --approve <server> (or --all)`);
    return EXIT.OK;
  }
  if (chosen.length === 0) return EXIT.OK;
  const done = await call('trust:approve', { servers: chosen.map((p) => p.server), hashes: Object.fromEntries(chosen.map((p) => [p.server, p.hash])) });
  if (!done.ok) return printFailure(ctx, done.error);
  ctx.io.out(`Approved ${chosen.map((p) => p.server).join(', ')}`);
  return EXIT.OK;
}

/** `switchboard trust [dir]`. */
export const trustCommand: CommandSpec = {
  name: 'trust',
  synopsis: 'trust [dir] [--review | --approve <server> | --all]',
  summary: 'Trust a project folder and approve its servers as they are (review and approve changed ones)',
  positionals: [0, 1],
  flags: {
    review: { type: 'boolean', help: '--review          Show project servers waiting for approval and their diff; ask on a terminal (trust)' },
    approve: { type: 'string', multiple: true, help: '--approve <name>  Approve this server’s definition as it is now; repeatable (trust)' },
    all: { type: 'boolean', help: '--all             Approve every waiting project server (trust)' },
  },
  run: runTrust,
};
